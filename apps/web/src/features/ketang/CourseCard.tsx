import type { CourseSummary } from '@xuanli/contracts/ketang';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/FallbackImage';
import { paths } from '@/config/paths';
import styles from './CourseCard.module.css';
import { CoursePrice } from './CoursePrice';
import { CourseStars } from './CourseStars';
import { courseSize } from './course-time';
import { learnersText } from './popularity';

/**
 * A course in a list, as one link to its page: the 16:9 cover (已购 on it when the caller bought the
 * course), the title in at most two lines, the teacher, lessons and length, learners (新课 below the
 * threshold) and rating, and the price or 免费.
 */
export function CourseCard({ course }: { course: CourseSummary }) {
  return (
    <li className={styles.item}>
      <Link className={styles.card} to={paths.courseShow.getHref({ id: course.id })}>
        <span className={styles.cover}>
          <FallbackImage className={styles.image} src={course.cover} alt="" loading="lazy" decoding="async" />
          {course.owned ? <span className={styles.owned}>已购</span> : null}
        </span>
        <span className={styles.body}>
          <span className={styles.title}>{course.title}</span>
          <span className={styles.line}>{course.teacher.nickname}</span>
          <span className={styles.line}>{courseSize(course.lessonCount, course.duration)}</span>
          <span className={styles.foot}>
            <span className={styles.stats}>
              {course.rating.count > 0 ? (
                <span className={styles.rating}>
                  <CourseStars value={course.rating.average} className={styles.star} />
                  <span>{course.rating.average.toFixed(1)}</span>
                </span>
              ) : null}
              <span>{learnersText(course.learners)}</span>
            </span>
            <CoursePrice course={course} />
          </span>
        </span>
      </Link>
    </li>
  );
}
