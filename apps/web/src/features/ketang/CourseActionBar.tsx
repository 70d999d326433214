import type { CourseDetail } from '@xuanli/contracts/ketang';
import bottomBar from '@/components/bottom-bar.module.css';
import styles from './CourseActionBar.module.css';
import { CoursePrice } from './CoursePrice';
import { doneCount, learningTarget } from './course-learning';

/** Props of {@link CourseActionBar}. */
export interface CourseActionBarProps {
  course: CourseDetail;
  /** 立即购买 was pressed (a visitor logs in first; the page decides). */
  onBuy: () => void;
  /** 开始学习 / 继续学习 was pressed, for the lesson to open. */
  onLearn: (lessonId: number) => void;
}

/**
 * The course page's bar fixed at the bottom. A paid course the caller has not bought: its price and
 * 立即购买 (暂未开售, disabled, when no shop product sells it). A bought or free course: how far the
 * learner is and 开始学习, or 继续学习 once progress is saved.
 */
export function CourseActionBar({ course, onBuy, onLearn }: CourseActionBarProps) {
  const mayLearn = course.free || course.owned;
  const target = mayLearn ? learningTarget(course) : null;
  const done = doneCount(course);
  return (
    <div className={`${bottomBar.bar} ${styles.bar}`}>
      <div className={styles.info}>
        {mayLearn ? (
          <>
            <span className={styles.state}>{course.free ? '免费课程' : '已购买'}</span>
            <span className={styles.note}>
              {done > 0 ? `已学完 ${done}/${course.lessons.length} 课时` : `共 ${course.lessons.length} 课时`}
            </span>
          </>
        ) : (
          <CoursePrice course={course} large showVip />
        )}
      </div>
      {mayLearn ? (
        <button
          type="button"
          className={styles.button}
          disabled={target === null}
          onClick={() => target && onLearn(target.lesson.id)}
        >
          {target === null ? '课程筹备中' : target.started ? '继续学习' : '开始学习'}
        </button>
      ) : (
        <button
          type="button"
          className={`${styles.button} ${styles.buy}`}
          disabled={course.skuId === null}
          onClick={onBuy}
        >
          {course.skuId === null ? '暂未开售' : '立即购买'}
        </button>
      )}
    </div>
  );
}
