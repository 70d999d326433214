/**
 * What covers the video of a lesson the caller may not watch (the `play` refusal): a visitor is asked
 * to log in (401, and comes back here afterwards); a logged-in learner who has not bought the course is
 * sent to the course page, where 立即购买 is (403).
 */
import { useId } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useNavigation } from '@/lib/navigation';
import styles from './StageOverlay.module.css';

/** Why a lesson is locked: the status `play` answered. */
export type LockReason = 401 | 403;

/** Props of {@link LockedPanel}. */
export interface LockedPanelProps {
  reason: LockReason;
  courseId: string;
}

/** The locked lesson's panel. */
export function LockedPanel({ reason, courseId }: LockedPanelProps) {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const visitor = reason === 401;
  const titleId = useId();
  return (
    <section className={styles.overlay} aria-labelledby={titleId}>
      <div className={styles.body}>
        <LockGlyph />
        <h3 id={titleId} className={styles.title}>
          {visitor ? '登录后观看' : '购买后观看'}
        </h3>
        <p className={styles.text}>
          {visitor ? '这节课需要登录后才能观看，试看课可直接播放' : '购买这门课程后，全部课时都可以反复观看'}
        </p>
        <button
          type="button"
          className={styles.action}
          onClick={() =>
            navigation.navigate(
              visitor
                ? paths.login.getHref({ redirect: pathname + search })
                : paths.courseShow.getHref({ id: courseId }),
            )
          }
        >
          {visitor ? '去登录' : '去购买'}
        </button>
      </div>
    </section>
  );
}

function LockGlyph() {
  return (
    <svg
      className={styles.glyph}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
    >
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" strokeLinecap="round" />
    </svg>
  );
}
