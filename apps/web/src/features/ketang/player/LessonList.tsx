/**
 * The course's lessons under the video (课程目录), in order: number, title, length, a 试看 mark on the
 * free previews of a paid course not yet bought, a lock on those the caller may not play, a tick on
 * those watched to the end, and the lesson playing highlighted. A tap switches to that lesson in place.
 */
import type { CourseDetail } from '@xuanli/contracts/ketang';
import { type ReactNode, useId } from 'react';
import { clockTime } from '../course-time';
import styles from './LessonList.module.css';

/** Props of {@link LessonList}. */
export interface LessonListProps {
  course: CourseDetail;
  /** The lesson shown in the player. */
  current: number;
  onChoose: (lesson: number) => void;
}

/** The lesson list. */
export function LessonList({ course, current, onChoose }: LessonListProps) {
  // In a free course, or once bought, every lesson plays: 试看 would say nothing.
  const marksPreviews = !course.free && !course.owned;
  const titleId = useId();
  return (
    <section className={styles.list} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.heading}>
        课程目录<span className={styles.count}>共 {course.lessons.length} 课</span>
      </h3>
      <ol className={styles.items}>
        {course.lessons.map((lesson, index) => {
          const isCurrent = lesson.id === current;
          return (
            <li key={lesson.id}>
              <button
                type="button"
                className={`${styles.item} ${isCurrent ? styles.current : ''}`}
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => onChoose(lesson.id)}
              >
                <span className={styles.index}>{index + 1}</span>
                <span className={styles.body}>
                  <span className={styles.title}>{lesson.title}</span>
                  <span className={styles.meta}>
                    {marksPreviews && lesson.free && <span className={styles.preview}>试看</span>}
                    <span>{clockTime(lesson.duration)}</span>
                    {isCurrent && <span className={styles.playing}>播放中</span>}
                  </span>
                </span>
                <span className={styles.marks}>
                  {lesson.done && <DoneMark />}
                  {!lesson.playable && <LockMark />}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function DoneMark() {
  return (
    <Mark className={styles.done} label="已学完" strokeWidth={2}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.8 2.7L16.2 9.5" strokeLinecap="round" strokeLinejoin="round" />
    </Mark>
  );
}

function LockMark() {
  return (
    <Mark className={styles.lock} label="未解锁" strokeWidth={1.8}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" strokeLinecap="round" />
    </Mark>
  );
}

/** A lesson's state as a 20 px line glyph, with its words for screen readers. */
function Mark({
  className,
  label,
  strokeWidth,
  children,
}: {
  className: string | undefined;
  label: string;
  strokeWidth: number;
  children: ReactNode;
}) {
  return (
    <span className={className}>
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
      >
        {children}
      </svg>
      <span className={styles.srOnly}>{label}</span>
    </span>
  );
}
