import type { CourseDetail, Lesson } from '@xuanli/contracts/ketang';
import { CheckCircleFill, LockOutline, PlayOutline } from 'antd-mobile-icons';
import styles from './CourseLessons.module.css';
import { clockTime } from './course-time';
import { KetangSection } from './KetangSection';

/** Props of {@link CourseLessons}. */
export interface CourseLessonsProps {
  course: Pick<CourseDetail, 'free' | 'lessons' | 'lastLesson'>;
  /** A lesson the caller may play was tapped. */
  onPlay: (lesson: Lesson) => void;
  /** A lesson the caller may not play yet was tapped (buy, or log in first). */
  onLocked: (lesson: Lesson) => void;
}

/**
 * The course's lessons in order: number, title and length; 试看 on the free previews of a paid
 * course, a lock on the lessons the caller cannot play, 已学完 on finished ones and 学到 m:ss where
 * the learner stopped in a started one. Each row is one button.
 */
export function CourseLessons({ course, onPlay, onLocked }: CourseLessonsProps) {
  return (
    <KetangSection
      id="course-lessons"
      title="课程目录"
      aside={<span className={styles.count}>共 {course.lessons.length} 课时</span>}
    >
      {course.lessons.length === 0 ? (
        <p className={styles.none}>课时正在录制中，敬请期待</p>
      ) : (
        <ol className={styles.list}>
          {course.lessons.map((lesson, index) => {
            const started = !lesson.done && (lesson.position ?? 0) > 0;
            const current = lesson.id === course.lastLesson;
            return (
              <li key={lesson.id}>
                <button
                  type="button"
                  className={`${styles.lesson} ${current ? styles.current : ''}`}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => (lesson.playable ? onPlay(lesson) : onLocked(lesson))}
                >
                  <span className={styles.number}>{String(index + 1).padStart(2, '0')}</span>
                  <span className={styles.main}>
                    <span className={styles.title}>{lesson.title}</span>
                    <span className={styles.meta}>
                      <span>{clockTime(lesson.duration)}</span>
                      {lesson.free && !course.free ? <span className={styles.preview}>试看</span> : null}
                      {lesson.done ? (
                        <span className={styles.done}>
                          <CheckCircleFill aria-hidden="true" /> 已学完
                        </span>
                      ) : started ? (
                        <span className={styles.progress}>学到 {clockTime(lesson.position ?? 0)}</span>
                      ) : null}
                    </span>
                  </span>
                  <span className={styles.state}>
                    {lesson.playable ? (
                      <PlayOutline aria-hidden="true" />
                    ) : (
                      <LockOutline role="img" aria-label="未解锁" />
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </KetangSection>
  );
}
