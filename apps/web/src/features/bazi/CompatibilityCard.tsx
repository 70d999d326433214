import { BRANCHES, dayPillar, sexagenaryName } from '@xuanli/almanac/ganzhi';
import { dayNumber } from '@xuanli/almanac/solarDate';
import { useId, useState } from 'react';
import { Segmented } from '@/components/Segmented';
import { userMessage } from '@/lib/error-message';
import { type BzChart, useBzdata } from './api/get-bzdata';
import { type Jxfen, jxfenBody, useJxfen } from './api/get-jxfen';
import styles from './CompatibilityCard.module.css';
import { beijingToday } from './LuckPanel';
import { chartRequest, type SavedProfile } from './profiles';

/** Topic keys of the jxfen answer and their labels (the engine's TOPIC_LABELS, SPEC §3). */
const TOPICS = [
  ['marriage', '婚姻'],
  ['wealth', '财运'],
  ['moving', '搬家'],
  ['illness', '疾病'],
  ['lawsuit', '官司'],
] as const;

const ANIMALS = '鼠牛虎兔龙蛇马羊猴鸡狗猪';

/** '午（马）': a branch and its 生肖. */
function withAnimal(branch: string): string {
  const i = BRANCHES.indexOf(branch as (typeof BRANCHES)[number]);
  return i < 0 ? branch : `${branch}（${ANIMALS[i]}）`;
}

/** Today's day pillar in Beijing, e.g. '甲子'. */
function todayDayPillar(nowMs: number = Date.now()): string {
  const [y, m, d] = beijingToday(nowMs);
  return sexagenaryName(dayPillar(dayNumber(y, m, d)));
}

/** The 吉凶 tone of a grade, for its badge colour (the grade's own characters are always printed). */
function tone(jx: string): string {
  if (jx.includes('吉')) return styles.good;
  if (jx.includes('凶')) return styles.bad;
  return styles.plain;
}

interface CompatibilityCardProps {
  chart: BzChart;
  current: SavedProfile;
  profiles: SavedProfile[];
}

/**
 * 合盘 by earthly branch (jxfen): with another saved profile (my year branch against theirs — 按年支
 * (生肖) 配对) or with today (my year branch against today's day branch). The other profile's year
 * branch comes from its own bzdata chart, so 立春 decides the 生肖 exactly as in its chart.
 */
export function CompatibilityCard({ chart, current, profiles }: CompatibilityCardProps) {
  const id = useId();
  const others = profiles.filter((p) => p.add_time !== current.add_time);
  const [mode, setMode] = useState<'profile' | 'today'>(others.length > 0 ? 'profile' : 'today');
  const [otherId, setOtherId] = useState<number | null>(others[0]?.add_time ?? null);
  const other = others.find((p) => p.add_time === otherId) ?? others[0] ?? null;
  const otherChart = useBzdata(mode === 'profile' && other ? chartRequest(other) : null);

  const wo = chart.sizhu.year[1];
  const today = todayDayPillar();
  const ta = mode === 'today' ? today[1] : otherChart.data?.sizhu.year[1];
  const result = useJxfen(ta ? jxfenBody(wo, ta) : null);

  return (
    <div>
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

      {mode === 'profile' ? (
        others.length === 0 ? (
          <p className={styles.note}>再保存一个命例（如家人），即可按年支（生肖）与本命配对。</p>
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

      {ta ? (
        <p className={styles.explain}>
          {mode === 'today'
            ? `按年支配对：${current.name}的年支 ${withAnimal(wo)} × 今日（${today}日）日支 ${ta}`
            : `按年支（生肖）配对：${current.name}的年支 ${withAnimal(wo)} × ${other?.name}的年支 ${withAnimal(ta)}`}
        </p>
      ) : mode === 'profile' && other && otherChart.isPending ? (
        <p className={styles.note}>正在排{other.name}的八字…</p>
      ) : mode === 'profile' && otherChart.isError ? (
        <p className={styles.note}>对方八字获取失败：{userMessage(otherChart.error)}</p>
      ) : null}

      {result.isError ? (
        <p className={styles.note}>
          合盘结果获取失败：{userMessage(result.error)}
          <button type="button" className={styles.retry} onClick={() => result.refetch()}>
            重试
          </button>
        </p>
      ) : result.data ? (
        <Result data={result.data} />
      ) : ta ? (
        <p className={styles.note}>正在合盘…</p>
      ) : null}
    </div>
  );
}

function Result({ data }: { data: Jxfen }) {
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
          return (
            <li key={key} className={styles.topic}>
              <div className={styles.topicHead}>
                <span className={styles.topicLabel}>{label}</span>
                <span className={`${styles.jx} ${tone(t.jx)}`}>{t.jx}</span>
                <span className={styles.meter} aria-hidden="true">
                  <span style={{ width: `${Math.min(Math.max(t.fen, 0), 100)}%` }} />
                </span>
                <span className={styles.fen}>{t.fen}分</span>
              </div>
              <p className={styles.desc}>{t.desc}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
