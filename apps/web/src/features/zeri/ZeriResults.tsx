import { parseSolarDate } from '@xuanli/almanac/solarDate';
import type { ZeriRemoved } from '@xuanli/contracts/calendar';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { ApiError } from '@/lib/api';
import { isRetryable, userMessage } from '@/lib/error-message';
import type { useZeri } from './api/get-zeri';
import { GoodDayCard } from './GoodDayCard';
import styles from './ZeriPage.module.css';

const CJK = /[\u4e00-\u9fff]/;

/**
 * What a reader sees when a 择日 failed: the server's own Chinese sentence for a refused input (it names
 * the person or field, e.g. '妈妈：生日参数错误！'), else the sentence of the error's code.
 */
export function zeriProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && CJK.test(error.message)) return error.message;
  return userMessage(error);
}

interface ZeriResultsProps {
  query: ReturnType<typeof useZeri>;
  activity: string;
  activityLabel: string;
  people: readonly string[];
}

/**
 * The answer: how many days were found (and said 离线计算 when the phone computed them), the cards best
 * first a page at a time, then the days the matter's 宜 named but a refusal or a clash removed, each
 * with its reasons.
 */
export function ZeriResults({ query, activity, activityLabel, people }: ZeriResultsProps) {
  if (query.isPending)
    return (
      <Skeleton label="正在择日">
        <SkeletonBlock height={22} width="60%" />
        <SkeletonBlock height={150} />
        <SkeletonBlock height={150} />
      </Skeleton>
    );
  if (query.isError)
    return (
      <div className={styles.problem} role="alert">
        <p>择日失败：{zeriProblem(query.error)}</p>
        {isRetryable(query.error) && (
          <button type="button" className={styles.retry} onClick={() => query.refetch()}>
            重试
          </button>
        )}
      </div>
    );
  const pages = query.data.pages;
  const first = pages[0]!;
  const days = pages.flatMap((p) => p.list);
  const offline = pages.some((p) => p.offline);
  return (
    <>
      <p className={styles.summary} aria-live="polite">
        共 <strong>{first.total}</strong> 个适合{activityLabel}的日子
        {first.removed.length > 0 && `，另有 ${first.removed.length} 天因冲煞已排除`}
        {offline && <span className={styles.offline}>离线计算</span>}
      </p>
      {days.length === 0 ? (
        <p className={styles.note}>这段时间没有适合的日子，可以放宽时间范围，或换一个相近的事项。</p>
      ) : (
        <ol className={styles.dayList} aria-label="吉日">
          {days.map((day) => (
            <GoodDayCard
              key={day.date}
              day={day}
              activity={activity}
              activityLabel={activityLabel}
              people={people}
            />
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={styles.moreButton}
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? '正在载入…' : `显示更多（还有 ${first.total - days.length} 天）`}
        </button>
      )}
      {first.removed.length > 0 && <RemovedDays removed={first.removed} />}
    </>
  );
}

/** The removed days, folded: a reader opens them to see why a date they had in mind is not offered. */
function RemovedDays({ removed }: { removed: readonly ZeriRemoved[] }) {
  return (
    <details className={styles.removed}>
      <summary>已排除的日子（{removed.length} 天）</summary>
      <ul>
        {removed.map((day) => {
          const { year, month, day: date } = parseSolarDate(day.date);
          return (
            <li key={day.date}>
              <span className={styles.removedDate}>
                {year}年{month}月{date}日
              </span>
              <span className={styles.removedWhy}>{day.reasons.join('；')}</span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
