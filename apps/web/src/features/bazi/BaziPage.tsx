import { type ReactNode, useEffect, useState } from 'react';
import { HeaderButton, PageHeader } from '@/components/PageHeader';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { isRetryable, userMessage } from '@/lib/error-message';
import { appLink, useShareCard } from '@/lib/share';
import { useSession } from '@/stores/session';
import { type BzChart, useBzdata } from './api/get-bzdata';
import styles from './BaziPage.module.css';
import { BirthForm, type ProfileDraft, SAMPLE_PROFILE } from './BirthForm';
import { CompatibilityCard } from './CompatibilityCard';
import { ConventionsCard } from './ConventionsCard';
import { FiveElements } from './FiveElements';
import { LuckPanel } from './LuckPanel';
import { MingshuButton } from './MingshuButton';
import { PillarTable } from './PillarTable';
import { ProfilesSheet } from './ProfilesSheet';
import { type ChartRequest, chartRequest, DEFAULT_OPTIONS, type SavedProfile, useProfiles } from './profiles';
import { ReadingsCard } from './ReadingsCard';
import { ShareOverlay } from './ShareOverlay';
import { type DrawnFacts, shareChartImage } from './share-image';
import { clearViewState, useKeptScroll } from './view-state';
import { XiyongCard } from './XiyongCard';

/** A titled card on the paper. */
function Card({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      <header className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

/**
 * The 排盘 tab (pages/suan/index): the birth form, then the chart of the current profile — the
 * four pillars, five elements, 起运 and the 大运 → 流年 → 流月 → 流日 drill-down, the 口径 and
 * boundary warnings, 合盘, readings — with the saved profiles one tap away and a share image.
 */
/** 年/月/日/时 for a pillar key. */
const PILLAR_CHARS: Record<string, string> = { year: '年', month: '月', day: '日', hour: '时' };

/** The chart page's card: the page itself, never the reader's birth data, which stays on this phone. */
const CHART_CARD = {
  title: '八字排盘 · 中华玄历',
  desc: '输入生日，排出四柱八字、五行与大运',
  link: appLink(paths.suan.path),
};

export default function BaziPage() {
  useShareCard(CHART_CARD);
  const { profiles, current, save, select, remove, annotate } = useProfiles();
  const storedBazi = useSession((s) => s.bazi);
  const [editing, setEditing] = useState<ProfileDraft | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);

  // A profile set elsewhere (e.g. the VIP dialog) but not in our list yet: keep it as a 命例.
  useEffect(() => {
    if (storedBazi && !current && !profiles.some((p) => p.add_time === storedBazi.add_time)) {
      save({ name: storedBazi.name, sex: storedBazi.sex, born: storedBazi.born, options: DEFAULT_OPTIONS });
    }
  }, [storedBazi, current, profiles, save]);

  const showForm = editing !== null || current === null;

  return (
    <div className={styles.page}>
      <PageHeader
        title="排盘"
        right={
          <HeaderButton onClick={() => setSheetOpen(true)} aria-label={`命例，共${profiles.length}个`}>
            <span className={styles.headerAction}>命例</span>
          </HeaderButton>
        }
      />
      {showForm ? (
        <BirthForm
          key={editing?.add_time ?? 'new'}
          initial={editing ?? SAMPLE_PROFILE}
          submitLabel={editing?.add_time !== undefined ? '保存并排盘' : '开始排盘'}
          onCancel={current ? () => setEditing(null) : undefined}
          onSubmit={(draft) => {
            // A changed birth is a new chart: forget the scroll and 大运 picks kept for the old one.
            clearViewState(save(draft).add_time);
            setEditing(null);
            // Back to the top, where the new chart begins.
            if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
          }}
        />
      ) : current ? (
        <ChartView
          profile={current}
          profiles={profiles}
          onEdit={() => setEditing(current)}
          onEditProfile={(p) => setEditing(p)}
          onNew={() => setEditing({ ...SAMPLE_PROFILE, name: '' })}
        />
      ) : null}
      {sheetOpen ? (
        <ProfilesSheet
          profiles={profiles}
          currentId={current?.add_time ?? null}
          onClose={() => setSheetOpen(false)}
          onSelect={(id) => {
            select(id);
            setEditing(null);
            setSheetOpen(false);
          }}
          onDelete={(p) => remove(p.add_time)}
          onAnnotate={annotate}
          onNew={() => {
            setEditing({ ...SAMPLE_PROFILE, name: '' });
            setSheetOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

interface ChartViewProps {
  profile: SavedProfile;
  profiles: SavedProfile[];
  onEdit: () => void;
  /** Edits another saved profile (合盘's other side, when the server refused its birth). */
  onEditProfile: (profile: SavedProfile) => void;
  onNew: () => void;
}

/**
 * The chart's outline while bzdata answers: the 命主 band and the 四柱 and 五行 cards in grey, under
 * the page header, so the page keeps its shape instead of a bare spinner.
 */
function ChartSkeleton() {
  return (
    <div className={styles.chart}>
      <Skeleton label="正在排盘">
        <SkeletonBlock height={150} radius={14} />
        <SkeletonBlock height={300} radius={14} />
        <SkeletonBlock height={180} radius={14} />
      </Skeleton>
    </div>
  );
}

/** The chart of one profile, from bzdata. */
function ChartView({ profile, profiles, onEdit, onEditProfile, onNew }: ChartViewProps) {
  const request = chartRequest(profile);
  const chart = useBzdata(request);

  if (chart.isPending) return <ChartSkeleton />;
  if (chart.isError) {
    return (
      <div className={styles.errorCard} role="alert">
        <p className={styles.errorTitle}>排盘失败</p>
        <p>{userMessage(chart.error)}</p>
        <div className={styles.errorActions}>
          <button type="button" className={styles.ghost} onClick={onEdit}>
            修改资料
          </button>
          {/* A refused input will be refused again: only network trouble and server faults get 重试. */}
          {isRetryable(chart.error) ? (
            <button type="button" className={styles.solid} onClick={() => chart.refetch()}>
              重试
            </button>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <ChartBody
      chart={chart.data}
      profile={profile}
      profiles={profiles}
      request={request}
      onEdit={onEdit}
      onEditProfile={onEditProfile}
      onNew={onNew}
    />
  );
}

interface ChartBodyProps extends ChartViewProps {
  chart: BzChart;
  request: ChartRequest;
}

function ChartBody({ chart, profile, profiles, request, onEdit, onEditProfile, onNew }: ChartBodyProps) {
  const [shared, setShared] = useState<{ url: string; facts: DrawnFacts } | null>(null);
  const [shareError, setShareError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  // Back from another tab: the page where the reader left it.
  useKeptScroll(profile.add_time);

  async function share() {
    setSharing(true);
    setShareError(null);
    try {
      const outcome = await shareChartImage(chart);
      if (outcome.kind === 'overlay') setShared({ url: outcome.url, facts: outcome.facts });
    } catch {
      // The browser's own reason is English and technical; say what the reader can do instead.
      setShareError('这个浏览器生成不了分享图片。请截屏保存，或换用手机自带的浏览器再试。');
    } finally {
      setSharing(false);
    }
  }

  function closeShare() {
    if (shared?.url.startsWith('blob:')) URL.revokeObjectURL(shared.url);
    setShared(null);
  }

  const { province, city } = profile.options;
  const place = city ? (province === city ? city : `${province} ${city}`) : null;
  const g = chart.gongli;
  const clock =
    g.hour === null ? '时辰不详' : `${String(g.hour).padStart(2, '0')}:${String(g.minute).padStart(2, '0')}`;
  const solarText = `公历 ${g.year}年${g.month}月${g.day}日 ${clock}`;

  return (
    <div className={styles.chart}>
      <section className={styles.summary} aria-label="命主">
        <div className={styles.summaryTop}>
          <h2 className={styles.name}>{chart.name}</h2>
          <span className={styles.sexTag}>{chart.sex === '男' ? '乾造' : '坤造'}</span>
          <span className={styles.animal}>
            属{chart.animal} · {chart.zodiac}
          </span>
        </div>
        <p className={styles.line}>
          {solarText}
          {place ? ` · ${place}` : ''}
        </p>
        <p className={styles.line}>农历 {chart.nongli_zh.text}</p>
        <p className={styles.line}>
          {chart.term ? `${chart.term.name}当日出生 · ` : ''}
          {chart.prev_term.name} {chart.prev_term.date.slice(0, 16)} 后
        </p>
        {chart.offline ? (
          <p className={styles.line} role="note">
            <span className={styles.sexTag}>离线计算</span> 未连上服务器，本机按同一算法排盘
          </p>
        ) : null}
        <div className={styles.summaryActions}>
          <button type="button" className={styles.ghostLight} onClick={onEdit}>
            修改
          </button>
          <button type="button" className={styles.ghostLight} onClick={onNew}>
            新建
          </button>
          <button type="button" className={styles.solidLight} onClick={share} disabled={sharing}>
            {sharing ? '生成中…' : '分享图片'}
          </button>
        </div>
        {shareError ? (
          <p className={styles.shareError} role="alert">
            {shareError}
          </p>
        ) : null}
      </section>

      <Card title="四柱">
        <PillarTable chart={chart} />
        {chart.notes.length > 0 ? (
          <ul className={styles.relations} aria-label="时辰不详说明">
            {chart.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
        <dl className={styles.palaces}>
          {(
            [
              ['胎元', chart.mingxiang.taiyuan],
              ['胎息', chart.mingxiang.taixi],
              ['命宫', chart.mingxiang.minggong],
              ['身宫', chart.mingxiang.shengong],
            ] as const
          ).map(([label, palace]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                {palace ? palace.ganzhi : '不详'}
                {palace ? <span>{palace.nayin}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
        {chart.relations.length > 0 ? (
          <ul className={styles.relations} aria-label="干支关系">
            {chart.relations.map((r) => (
              <li key={`${r.type}${r.pillars.join()}${r.chars}`}>
                {/* Name the pillars: 乙庚合金 can stand twice (年+日, 日+时) in one chart. */}
                {r.pillars.map((p) => PILLAR_CHARS[p]).join('')} {r.detail}
              </li>
            ))}
          </ul>
        ) : null}
      </Card>

      <Card title="五行">
        <FiveElements chart={chart} />
      </Card>

      <Card title="喜用神">
        <XiyongCard xiyong={chart.xiyong} />
      </Card>

      <Card title="大运流年">
        <LuckPanel key={profile.add_time} chart={chart} request={request} viewKey={profile.add_time} />
      </Card>

      <Card title="排盘口径">
        <ConventionsCard chart={chart} />
      </Card>

      <Card title="合盘">
        <CompatibilityCard
          chart={chart}
          current={profile}
          profiles={profiles}
          onEditProfile={onEditProfile}
        />
      </Card>

      <Card title="命理解读">
        <ReadingsCard request={request} />
      </Card>

      <Card title="命书">
        <MingshuButton request={request} />
      </Card>

      {shared ? (
        <ShareOverlay
          url={shared.url}
          facts={shared.facts}
          fileName={`八字-${chart.name}.png`}
          onClose={closeShare}
        />
      ) : null}
    </div>
  );
}
