import { beijingDayAt } from '@xuanli/almanac/beijingTime';
import { BRANCHES, dayPillar, sexagenaryName } from '@xuanli/almanac/ganzhi';
import { useId, useState } from 'react';
import { Segmented } from '@/components/Segmented';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { type BzChart, useBzdata } from './api/get-bzdata';
import { type Jxfen, jxfenBody, useJxfen } from './api/get-jxfen';
import styles from './CompatibilityCard.module.css';
import { type CompatBasis, topicReading, topicWords } from './compatibility-card-wording';
import { HehunView } from './HehunView';
import { LoadProblem } from './LoadProblem';
import { chartRequest, type SavedProfile } from './profiles';
import { HEPAN_VIEW_KEY, type HepanViewState, patchViewState, readViewState } from './view-state';

/** Topic keys of the jxfen answer and their labels (the engine's TOPIC_LABELS, PRODUCT.md#hehun). */
const TOPICS = [
  ['marriage', '婚姻'],
  ['wealth', '财运'],
  ['moving', '搬家'],
  ['illness', '疾病'],
  ['lawsuit', '官司'],
] as const;

const ANIMALS = '鼠牛虎兔龙蛇马羊猴鸡狗猪';

type Basis = CompatBasis;

/** '午（马）': a branch and its 生肖. */
function withAnimal(branch: string): string {
  const i = BRANCHES.indexOf(branch as (typeof BRANCHES)[number]);
  return i < 0 ? branch : `${branch}（${ANIMALS[i]}）`;
}

/** Today's day pillar in Beijing, e.g. '甲子'. */
function todayDayPillar(nowMs: number = Date.now()): string {
  return sexagenaryName(dayPillar(beijingDayAt(nowMs)));
}

/** The branch of a chart the basis compares: the year's (生肖) or the day's (日支, 夫妻宫). */
function branchOf(chart: BzChart, basis: Basis): string {
  return (basis === 'year' ? chart.sizhu.year : chart.sizhu.day)[1];
}

/**
 * The tone of a grade's badge: green for 吉, a calm brown for a 凶 topic (only one pair of branches is
 * compared: no alarm red), grey for 中平. The badge always says it in words (colour is never the only
 * signal), a 凶 one as advice with its reason (compatibility-card-wording.ts).
 */
function tone(jx: string): string {
  if (jx.includes('吉')) return styles.good;
  if (jx.includes('凶')) return styles.caution;
  return styles.plain;
}

interface CompatibilityCardProps {
  chart: BzChart;
  current: SavedProfile;
  profiles: SavedProfile[];
  /** Opens the form on a profile whose chart the server refused (the other side of the pair). */
  onEditProfile?: (profile: SavedProfile) => void;
}

/**
 * 合盘: with another saved profile, first 八字合婚 from both whole charts (HehunView, the API's hehun),
 * then the simple pairing by earthly branch (jxfen) — also with today — on the basis the reader picks:
 * 生肖 (the year branch, the popular pairing) or 日支 (the day branch, the 夫妻宫 that traditional 合婚
 * looks at). The other profile's branches come from its own bzdata chart, so 立春
 * decides the 生肖 exactly as in its chart. Each topic explains the relation found in its own words,
 * and a note says what the score does and does not mean.
 */
export function CompatibilityCard({ chart, current, profiles, onEditProfile }: CompatibilityCardProps) {
  const id = useId();
  const others = profiles.filter((p) => p.add_time !== current.add_time);
  // The reader's choices outlive a switch of profile or of tab.
  const [kept] = useState<HepanViewState>(() => readViewState(HEPAN_VIEW_KEY));
  const [mode, setModeState] = useState<'profile' | 'today'>(
    kept.mode ?? (others.length > 0 ? 'profile' : 'today'),
  );
  const [basis, setBasisState] = useState<Basis>(kept.basis ?? 'year');
  const [otherId, setOtherIdState] = useState<number | null>(kept.other ?? others[0]?.add_time ?? null);
  const other = others.find((p) => p.add_time === otherId) ?? others[0] ?? null;
  const otherChart = useBzdata(mode === 'profile' && other ? chartRequest(other) : null);

  const setMode = (next: 'profile' | 'today') => {
    setModeState(next);
    patchViewState(HEPAN_VIEW_KEY, { mode: next });
  };
  const setBasis = (next: Basis) => {
    setBasisState(next);
    patchViewState(HEPAN_VIEW_KEY, { basis: next });
  };
  const setOtherId = (next: number) => {
    setOtherIdState(next);
    patchViewState(HEPAN_VIEW_KEY, { other: next });
  };

  const wo = branchOf(chart, basis);
  const today = todayDayPillar();
  const ta = mode === 'today' ? today[1] : otherChart.data ? branchOf(otherChart.data, basis) : undefined;
  const result = useJxfen(ta ? jxfenBody(wo, ta) : null);
  const basisName = basis === 'year' ? '生肖（年支）' : '日支';

  let explain = '';
  if (ta && mode === 'today') {
    explain =
      basis === 'year'
        ? `按年支配对：${current.name}的年支 ${withAnimal(wo)} × 今日（${today}日）日支 ${ta}`
        : `按日支配对：${current.name}的日支 ${wo} × 今日（${today}日）日支 ${ta}`;
  } else if (ta && other) {
    explain =
      basis === 'year'
        ? `按年支（生肖）配对：${current.name}的年支 ${withAnimal(wo)} × ${other.name}的年支 ${withAnimal(ta)}`
        : `按日支（夫妻宫）配对：${current.name}的日支 ${wo} × ${other.name}的日支 ${ta}`;
  }

  return (
    <div>
      <div className={styles.seg}>
        <Segmented
          label="合盘对象"
          name={`${id}-mode`}
          choices={[
            ['profile', '与命例合盘'],
            ['today', '与今日合'],
          ]}
          value={mode}
          onChange={setMode}
        />
      </div>
      {mode === 'profile' ? (
        others.length === 0 ? (
          <p className={styles.note}>再保存一个命例（如家人），即可按生肖或日支与本命配对。</p>
        ) : (
          <label className={styles.pick}>
            <span>对方</span>
            <select value={other?.add_time ?? ''} onChange={(e) => setOtherId(Number(e.target.value))}>
              {others.map((p) => (
                <option key={p.add_time} value={p.add_time}>
                  {p.name}（{p.sex === '男' ? '乾造' : '坤造'}）
                </option>
              ))}
            </select>
          </label>
        )
      ) : null}

      {mode === 'profile' && other ? <HehunView current={current} other={other} /> : null}

      {mode === 'profile' && other ? <h3 className={styles.simpleTitle}>简单配对（生肖、日支）</h3> : null}

      <BasisRow name={`${id}-basis`} value={basis} onChange={setBasis} />

      {ta ? (
        <p className={styles.explain}>{explain}</p>
      ) : mode === 'profile' && other && otherChart.isError ? (
        <LoadProblem
          what={`${other.name}的八字暂时排不出`}
          error={otherChart.error}
          onRetry={() => otherChart.refetch()}
          fix={
            onEditProfile ? (
              <button type="button" onClick={() => onEditProfile(other)}>
                修改{other.name}的资料
              </button>
            ) : undefined
          }
        />
      ) : null}

      {ta && result.isError ? (
        <LoadProblem what="合盘结果暂时无法获取" error={result.error} onRetry={() => result.refetch()} />
      ) : ta && result.data ? (
        <Result data={result.data} basis={basis} basisName={basisName} />
      ) : (ta && result.isPending) || (mode === 'profile' && other && otherChart.isPending) ? (
        <Skeleton label="正在合盘">
          <SkeletonBlock height={28} width="55%" />
          {TOPICS.map(([key]) => (
            <SkeletonBlock key={key} height={44} />
          ))}
        </Skeleton>
      ) : null}
    </div>
  );
}

/** 配对依据 of the simple pairing: the year branches (生肖) or the day branches (日支, 夫妻宫). */
function BasisRow({
  name,
  value,
  onChange,
}: {
  name: string;
  value: Basis;
  onChange: (next: Basis) => void;
}) {
  return (
    <div className={styles.basisRow}>
      <span className={styles.basisLabel} aria-hidden="true">
        配对依据
      </span>
      <div className={styles.seg}>
        <Segmented
          label="配对依据"
          name={name}
          choices={[
            ['year', '生肖（年支）'],
            ['day', '日支（夫妻宫）'],
          ]}
          value={value}
          onChange={onChange}
        />
      </div>
    </div>
  );
}

/** The relation found and each topic's grade, score and reading. */
function Result({ data, basis, basisName }: { data: Jxfen; basis: Basis; basisName: string }) {
  return (
    <div className={styles.result}>
      <p className={styles.relation}>
        <span className={styles.relationBadge}>{data.relation}</span>
        {data.detail}
      </p>
      <ul className={styles.topics} aria-label="合盘结果">
        {TOPICS.map(([key, label]) => {
          const t = data[key];
          if (!t) return null;
          const words = topicWords(key, t.jx, data.relation, basis);
          return (
            <li key={key} className={styles.topic}>
              <div className={styles.topicHead}>
                <span className={styles.topicLabel}>{label}</span>
                <span className={`${styles.jx} ${tone(t.jx)}`}>{words.label}</span>
                {words.reason && <span className={styles.reason}>{words.reason}</span>}
                <span className={styles.score}>
                  <span className={styles.meter} aria-hidden="true">
                    <span style={{ width: `${Math.min(Math.max(t.fen, 0), 100)}%` }} />
                  </span>
                  <span className={styles.fen}>{t.fen}分</span>
                </span>
              </div>
              <p className={styles.desc}>{topicReading(t.desc, label, t.jx)}</p>
            </li>
          );
        })}
      </ul>
      <p className={styles.caveat} role="note" aria-label="分数说明">
        <strong>分数说明：</strong>
        仅比较两个地支（{basisName}）之间的合、冲、刑、害等关系，分数只表示这一对地支顺与不顺，
        <strong>不代表整体八字合婚结论</strong>，也不预示婚姻、健康、官司的结果。合婚请结合双方完整八字，
        更要看彼此的相处。
      </p>
    </div>
  );
}
