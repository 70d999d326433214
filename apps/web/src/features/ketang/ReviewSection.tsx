import { formatBeijingDate } from '@xuanli/almanac/beijingTime';
import type { CourseDetail, Review } from '@xuanli/contracts/ketang';
import { useState } from 'react';
import { LoadFailure } from '@/components/LoadFailure';
import { Skeleton } from '@/components/Skeleton';
import { useSession } from '@/stores/session';
import { useReviews } from './api/get-reviews';
import { CourseStars } from './CourseStars';
import { hasStarted } from './course-learning';
import { KetangSection } from './KetangSection';
import styles from './ReviewSection.module.css';
import { ReviewSheet } from './ReviewSheet';
import { TeacherAvatar } from './TeacherAvatar';

/** `2026-05-01`: the Beijing day of an ISO instant ('' when it cannot be read). */
export function reviewDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? formatBeijingDate(ms) : '';
}

/**
 * The course page's 学员评价: the average with its stars and count, the newest reviews (加载更多 asks
 * the next page), and for a learner who may rate — a buyer, or a learner who has started a free
 * course — 写评价, or 改评价 when their own review is among those shown.
 */
export function ReviewSection({ course }: { course: CourseDetail }) {
  const isLogin = useSession((s) => s.isLogin);
  const reviews = useReviews(course.id);
  const [writing, setWriting] = useState(false);
  const list = reviews.data?.pages.flatMap((page) => page.list) ?? [];
  const mine = list.find((review) => review.mine) ?? null;
  const mayReview = isLogin && (course.owned || (course.free && hasStarted(course)));
  const { average, count } = course.rating;

  let note: string | null = null;
  if (isLogin && !mayReview) note = course.free ? '学习任一课时后即可评价' : '购买课程后即可评价';

  return (
    <KetangSection
      id="course-reviews"
      title="学员评价"
      aside={
        mayReview ? (
          <button type="button" className={styles.write} onClick={() => setWriting(true)}>
            {mine ? '改评价' : '写评价'}
          </button>
        ) : null
      }
    >
      <p className={styles.summary}>
        {count > 0 ? (
          <>
            <span className={styles.average}>{average.toFixed(1)}</span>
            <CourseStars value={average} className={styles.stars} />
            <span>{count} 条评价</span>
          </>
        ) : (
          <span>暂无评分</span>
        )}
      </p>
      {note ? <p className={styles.note}>{note}</p> : null}

      {reviews.data ? (
        list.length === 0 ? (
          <p className={styles.empty}>还没有学员评价{mayReview ? '，来写第一条吧' : ''}</p>
        ) : (
          <>
            <ul className={styles.list}>
              {list.map((review, index) => (
                <ReviewItem key={`${review.createdAt}-${index}`} review={review} />
              ))}
            </ul>
            {reviews.hasNextPage ? (
              <button
                type="button"
                className={styles.more}
                disabled={reviews.isFetchingNextPage}
                onClick={() => void reviews.fetchNextPage()}
              >
                {reviews.isFetchingNextPage ? '正在加载…' : '加载更多'}
              </button>
            ) : null}
            {reviews.isFetchNextPageError ? (
              <p className={styles.note} role="alert">
                加载失败，请再试一次
              </p>
            ) : null}
          </>
        )
      ) : reviews.isError ? (
        <LoadFailure error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : (
        <Skeleton lines={3} label="正在加载评价" />
      )}

      {mayReview ? (
        <ReviewSheet courseId={course.id} open={writing} mine={mine} onClose={() => setWriting(false)} />
      ) : null}
    </KetangSection>
  );
}

/** One review: who, the stars, the day and the words. */
function ReviewItem({ review }: { review: Review }) {
  return (
    <li className={styles.item}>
      <TeacherAvatar teacher={review} size={36} />
      <div className={styles.main}>
        <div className={styles.who}>
          <span className={styles.name}>
            {review.nickname}
            {review.mine ? <span className={styles.mine}>我的评价</span> : null}
          </span>
          <time className={styles.date} dateTime={review.createdAt}>
            {reviewDate(review.createdAt)}
          </time>
        </div>
        <CourseStars value={review.rating} className={styles.stars} />
        {review.comment ? <p className={styles.comment}>{review.comment}</p> : null}
      </div>
    </li>
  );
}
