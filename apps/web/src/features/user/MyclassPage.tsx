import { useEffect } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { FallbackImage } from '@/components/FallbackImage';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { paths } from '@/config/paths';
import { useNavigation } from '@/lib/navigation';
import { type MyClassItem, useSession } from '@/stores/session';
import { syncMyOrders } from './api/get-myorder';
import styles from './MyclassPage.module.css';
import { beijingDate } from './vip';

/**
 * pages/user/myclass (我的课程): the courses in the session store's `myclass` (fetched with
 * the profile, PRODUCT.md#account, from `crm/ketang/myorder`: one row per paid course order, gone after a
 * refund), each with its cover, title, how far the learner has got (课时 done of all, a bar) and a
 * 继续学习 / 开始学习 button into the player at the lesson watched last; or an empty state that points
 * to the classroom.
 * The list is asked again on opening, so a course paid a moment ago (the order page's 去学习) is there.
 */
export default function MyclassPage() {
  return (
    <div className={styles.page}>
      <PageHeader back />
      <RequireLogin what="查看我的课程">
        <Courses />
      </RequireLogin>
    </div>
  );
}

function Courses() {
  const courses = useSession((s) => s.myclass);
  const navigation = useNavigation();
  useEffect(() => {
    const controller = new AbortController();
    // The courses already in the store show meanwhile; a failed refresh leaves them as they are.
    syncMyOrders(controller.signal).catch(() => {});
    return () => controller.abort();
  }, []);
  if (courses.length === 0) {
    return (
      <EmptyState
        title="还没有课程"
        text="购买的课程会出现在这里，可以随时回看。"
        action={{ label: '去课堂看看', onClick: () => navigation.switchTab(paths.ketang.path) }}
      />
    );
  }
  return (
    <section className={styles.list} aria-labelledby="myclass-count">
      <h2 id="myclass-count" className={styles.count}>
        共 {courses.length} 门课程
      </h2>
      <ul className={styles.cards}>
        {courses.map((course) => (
          <CourseRow key={`${course.courseId}-${course.orderNo}`} course={course} />
        ))}
      </ul>
    </section>
  );
}

/** Share of the course's lessons done, 0–100, or null when the answer carries no progress. */
export function progressPercent(course: MyClassItem): number | null {
  const { lessonsDone, lessonsTotal } = course;
  if (lessonsDone === undefined || lessonsTotal === undefined || lessonsTotal === 0) return null;
  return Math.min(100, Math.round((lessonsDone / lessonsTotal) * 100));
}

/**
 * One bought course as a card: cover, title and purchase day (tap → the course page) over a row with
 * the progress bar and 继续学习 / 开始学习 (→ the player at the lesson watched last), so that the
 * button has the card's whole width to sit in on a 320 px phone.
 */
function CourseRow({ course }: { course: MyClassItem }) {
  const navigation = useNavigation();
  const day = beijingDate(course.grantedAt);
  const percent = progressPercent(course);
  const started = course.lastLesson !== undefined && course.lastLesson !== null;
  const label = started ? '继续学习' : '开始学习';
  return (
    <li className={styles.card}>
      <button
        type="button"
        className={styles.open}
        onClick={() => navigation.navigate(paths.courseShow.getHref({ id: course.courseId }))}
      >
        <FallbackImage className={styles.cover} src={course.cover} alt="" width={96} height={54} />
        <span className={styles.text}>
          <span className={styles.title}>{course.title}</span>
          {day && <span className={styles.meta}>购买于 {day}</span>}
        </span>
      </button>
      <div className={styles.progress}>
        {percent !== null ? (
          <>
            <span
              className={styles.bar}
              role="progressbar"
              aria-label={`${course.title} 学习进度`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span className={styles.fill} style={{ width: `${percent}%` }} />
            </span>
            <span className={styles.meta}>
              已学 {course.lessonsDone}/{course.lessonsTotal} 课时
            </span>
          </>
        ) : (
          <span className={styles.bar} aria-hidden="true" />
        )}
        <button
          type="button"
          className={styles.resume}
          aria-label={`${label}：${course.title}`}
          onClick={() =>
            navigation.navigate(
              paths.coursePlayer.getHref({ course: course.courseId, lesson: course.lastLesson ?? undefined }),
            )
          }
        >
          {label}
        </button>
      </div>
    </li>
  );
}
