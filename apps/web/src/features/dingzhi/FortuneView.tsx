import {
  DEFAULT_YUN_TYPE,
  isYunType,
  YUN_TYPE_LABELS,
  YUN_TYPES,
  type YunType,
} from '@xuanli/almanac/bazi/yunType';
import type { FortuneDay } from '@xuanli/contracts/dingzhi';
import { useEffect, useId } from 'react';
import { Segmented } from '@/components/Segmented';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { ApiError } from '@/lib/api';
import { isRetryable, userMessage } from '@/lib/error-message';
import { useDialogs } from '@/stores/dialogs';
import { type BaziProfile, useSession } from '@/stores/session';
import { useDingzhi } from './api/get-dingzhi';
import styles from './DingzhiPage.module.css';
import { gradeColour, gradeWords } from './grades';
import { mondayIndex, monthDay, useToday, weekdayLabel } from './week';

const TYPE_CHOICES = YUN_TYPES.map((type) => [type, YUN_TYPE_LABELS[type]] as const);

/**
 * A VIP's fortune (PRODUCT.md#dingzhi): the profile with 修改资料, the fortune type (财运 事业 感情 健康
 * 学业, kept in the session store), the chosen day's grade, score, relation, reading and lucky
 * directions, hours, colour and number, and the week strip. The day is today in Beijing; the strip
 * picks another day of this week from the same answer.
 */
export function FortuneView({ bazi }: { bazi: BaziProfile }) {
  const storedType = useSession((s) => s.yunType);
  const yunType: YunType = isYunType(storedType) ? storedType : DEFAULT_YUN_TYPE;
  const today = useToday();
  const storedToday = useSession((s) => s.today);
  const currWeek = useSession((s) => s.currWeek);
  const query = useDingzhi({
    bazi: { name: bazi.name, sex: bazi.sex, born: bazi.born },
    yunType,
    date: today,
  });

  // The session store's `today`/`currWeek`: a new day starts on today's place in the strip.
  useEffect(() => {
    if (useSession.getState().today !== today) useSession.getState().setToday(today, mondayIndex(today));
  }, [today]);
  const selected = storedToday === today && currWeek !== null ? currWeek : mondayIndex(today);
  const week = query.data?.week ?? [];
  const day = week[selected] ?? query.data?.day;

  return (
    <div className={styles.stack}>
      <section className={styles.profile} aria-label="定制资料">
        <div className={styles.profileText}>
          <p className={styles.profileName}>
            {bazi.name} <span className={styles.profileSex}>{bazi.sex === '男' ? '乾造' : '坤造'}</span>
          </p>
          <p className={styles.profileBorn}>{bornText(bazi.born)}</p>
        </div>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => useDialogs.getState().open('vip')}
        >
          修改资料
        </button>
      </section>

      <div className={styles.types}>
        <Segmented
          label="运势类型"
          name="dingzhi-yun-type"
          choices={TYPE_CHOICES}
          value={yunType}
          onChange={(type) => useSession.getState().setYunType(type)}
        />
      </div>

      {day ? (
        <>
          <FortuneCard day={day} isToday={day.date === today} typeLabel={YUN_TYPE_LABELS[yunType]} />
          <WeekStrip
            week={week}
            today={today}
            selected={selected}
            onSelect={(index) => useSession.getState().setToday(today, index)}
          />
        </>
      ) : query.isError ? (
        <FortuneProblem error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Skeleton label="正在推算运势" className={styles.card}>
          <SkeletonBlock height={88} />
          <SkeletonBlock height={16} width="70%" />
          <SkeletonBlock height={64} />
          <SkeletonBlock height={120} />
        </Skeleton>
      )}
    </div>
  );
}

/** '公历 1990-05-10 08:00' for the born text '公 1990-05-10 08:00' (PRODUCT.md#bazi). */
function bornText(born: string): string {
  return born.replace(/^公\s*/, '公历 ').replace(/^农\s*/, '农历 ');
}

/**
 * One day's fortune: grade and score first (a 凶 day as the almanac's advice with its reason, 宜静不宜动
 * · 日支相冲), then the reading and the lucky things.
 */
function FortuneCard({ day, isToday, typeLabel }: { day: FortuneDay; isToday: boolean; typeLabel: string }) {
  const colour = gradeColour(day.jx);
  const words = gradeWords(day.jx, day.relation);
  const when = isToday ? '今日' : monthDay(day.date);
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 className={styles.cardTitle} id={titleId}>
        {when}
        {typeLabel}
      </h2>
      <div className={styles.gradeRow}>
        {words.reason ? (
          <p className={styles.caution} style={{ color: colour }}>
            <span className={styles.advice}>{words.title}</span>
            <span className={styles.reason}>{words.reason}</span>
          </p>
        ) : (
          <p className={styles.grade} style={{ color: colour }}>
            {words.title}
          </p>
        )}
        <ScoreRing fen={day.fen} colour={colour} />
      </div>
      <p className={styles.meta}>
        <span className={styles.nowrap}>
          {monthDay(day.date)} {weekdayLabel(day.date)}
        </span>{' '}
        <span className={styles.nowrap}>{day.dayGanzhi}日</span>{' '}
        <span className={styles.nowrap}>流日与日支{day.relation}</span>
      </p>
      <p className={styles.desc}>{day.desc}</p>
      <dl className={styles.lucky}>
        <div className={styles.luckyItem}>
          <dt>吉方</dt>
          <dd>{day.lucky.directions.join('、') || '—'}</dd>
        </div>
        <div className={styles.luckyItem}>
          <dt>吉时</dt>
          <dd>
            {day.lucky.hours.length > 0
              ? day.lucky.hours.map((hour) => (
                  <span key={hour} className={styles.hour}>
                    {hour}
                  </span>
                ))
              : '—'}
          </dd>
        </div>
        <div className={styles.luckyItem}>
          <dt>幸运色</dt>
          <dd>{day.lucky.colour}</dd>
        </div>
        <div className={styles.luckyItem}>
          <dt>幸运数字</dt>
          <dd>{day.lucky.number}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The score 0–100 as a ring with the number inside. */
function ScoreRing({ fen, colour }: { fen: number; colour: string }) {
  const radius = 34;
  const circumference = 2 * Math.PI * radius;
  const share = Math.max(0, Math.min(100, fen)) / 100;
  return (
    <div className={styles.ring} role="img" aria-label={`运势评分 ${fen} 分`}>
      <svg viewBox="0 0 80 80" width="80" height="80" aria-hidden="true">
        <circle cx="40" cy="40" r={radius} fill="none" stroke="#efe6da" strokeWidth="8" />
        <circle
          cx="40"
          cy="40"
          r={radius}
          fill="none"
          stroke={colour}
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={`${circumference * share} ${circumference}`}
          transform="rotate(-90 40 40)"
        />
      </svg>
      <span className={styles.ringText} aria-hidden="true">
        <strong>{fen}</strong>分
      </span>
    </div>
  );
}

/**
 * Monday to Sunday with each day's grade (a 凶 day as its advice and reason: 宜静 / 逢冲); today is
 * marked, the chosen day pressed.
 */
function WeekStrip({
  week,
  today,
  selected,
  onSelect,
}: {
  week: FortuneDay[];
  today: string;
  selected: number;
  onSelect: (index: number) => void;
}) {
  return (
    <section className={styles.weekCard} aria-label="本周运势">
      <h2 className={styles.weekTitle}>本周运势</h2>
      <ol className={styles.week}>
        {week.map((day, index) => {
          const isToday = day.date === today;
          const words = gradeWords(day.jx, day.relation);
          return (
            <li key={day.date}>
              <button
                type="button"
                className={`${styles.weekDay} ${index === selected ? styles.weekDayOn : ''}`}
                aria-pressed={index === selected}
                aria-label={`${weekdayLabel(day.date)} ${monthDay(day.date)}${isToday ? ' 今天' : ''} ${words.title}${words.reason ? `（${words.reason}）` : ''}`}
                onClick={() => onSelect(index)}
              >
                <span className={styles.weekName}>{isToday ? '今天' : weekdayLabel(day.date).slice(1)}</span>
                <span className={styles.weekDate}>{Number(day.date.slice(8))}</span>
                <span className={styles.weekGrade} style={{ color: gradeColour(day.jx) }}>
                  {words.short}
                </span>
                {words.shortReason && <span className={styles.weekReason}>{words.shortReason}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * Why the fortune could not be shown, in Chinese, with what to do: 重试 when asking again may help,
 * 修改资料 when the server refused the profile, 联系客服 when it says the VIP has ended.
 */
function FortuneProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const forbidden = error instanceof ApiError && error.status === 403;
  const refused = error instanceof ApiError && error.status === 400;
  // The button's words and the dialog it opens: the profile form, or 客服 once the VIP has ended.
  const remedy = refused
    ? (['修改资料', 'vip'] as const)
    : forbidden
      ? (['联系客服', 'kefu'] as const)
      : null;
  return (
    <section className={styles.problem} role="alert">
      <p className={styles.problemText}>运势加载失败：{userMessage(error)}</p>
      <div className={styles.problemActions}>
        {isRetryable(error) || !remedy ? (
          <button type="button" className={styles.primaryButton} onClick={onRetry}>
            重试
          </button>
        ) : null}
        {remedy ? (
          <button
            type="button"
            className={styles.primaryButton}
            onClick={() => useDialogs.getState().open(remedy[1])}
          >
            {remedy[0]}
          </button>
        ) : null}
      </div>
    </section>
  );
}
