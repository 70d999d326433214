/**
 * The learner's player (`pages/ketang/player?course=&lesson=`, PRODUCT.md#classroom): the lesson's video with
 * its controls, then the course's title, the lesson's title and the lesson list. Without a lesson in the link
 * it opens where the learner stopped (继续学习), else at the first lesson they may play; choosing another lesson
 * replaces the link's lesson, so a reload or a shared link opens the same one. A logged-in learner's position
 * is saved as they watch (resumed on any device); a visitor's is not.
 */
import type { CourseDetail } from '@xuanli/contracts/ketang';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { ApiError } from '@/lib/api';
import { useNavigation } from '@/lib/navigation';
import { useCourse } from '../api/get-course';
import { LessonList } from './LessonList';
import { LessonStage } from './LessonStage';
import { chooseLesson, courseIdOf, lessonIdOf, nextPlayableLesson } from './lesson-choice';
import styles from './PlayerPage.module.css';
import { useProgressReporter } from './use-progress-reporter';

/** The player page. */
export default function PlayerPage() {
  const [params, setParams] = useSearchParams();
  const courseId = courseIdOf(params);
  const wanted = lessonIdOf(params);
  const query = useCourse(courseId);
  useDocumentTitle(query.data?.title);
  const missing =
    courseId === null ||
    (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));

  // Another lesson in place of this one: the link's lesson is replaced, not a page pushed per lesson.
  const showLesson = useCallback(
    (lesson: number) =>
      setParams(
        (current) => {
          const nextParams = new URLSearchParams(current);
          nextParams.set('lesson', String(lesson));
          return nextParams;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <div className={styles.page}>
      <PageHeader back />
      {missing ? (
        <div className={styles.missing}>
          <p>这门课程不存在，可能已下架。</p>
          <Link className={styles.missingLink} to={paths.ketang.getHref()} replace>
            去课堂看看
          </Link>
        </div>
      ) : query.data ? (
        <CoursePlayer key={query.data.id} course={query.data} wanted={wanted} showLesson={showLesson} />
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Skeleton label="正在加载课程">
          <SkeletonBlock height="auto" radius={0} className={styles.skeletonVideo} />
          <div className={styles.skeletonText}>
            <SkeletonBlock height={24} width="70%" />
            <SkeletonBlock height={18} width="45%" />
            <SkeletonBlock height={52} />
            <SkeletonBlock height={52} />
          </div>
        </Skeleton>
      )}
    </div>
  );
}

/** A loaded course: its lesson on the stage, the titles and the list. */
function CoursePlayer({
  course,
  wanted,
  showLesson,
}: {
  course: CourseDetail;
  wanted: number | null;
  showLesson: (lesson: number) => void;
}) {
  const navigation = useNavigation();
  const reporter = useProgressReporter(course.id);
  const stageRef = useRef<HTMLDivElement>(null);
  const lesson = chooseLesson(course, wanted);
  const lessonId = lesson?.id ?? null;

  // The link named no lesson of this course: it now names the one shown, so a reload stays on it.
  useEffect(() => {
    if (lessonId !== null && lessonId !== wanted) showLesson(lessonId);
  }, [lessonId, wanted, showLesson]);

  useLandscapeScroll(stageRef);

  if (!lesson) {
    return (
      <EmptyState
        title="这门课还没有课时"
        text="老师正在录制，上线后就能观看"
        action={{ label: '看看其他课程', onClick: () => navigation.switchTab(paths.ketang.path) }}
      />
    );
  }
  const next = nextPlayableLesson(course.lessons, lesson.id);
  const number = course.lessons.findIndex((l) => l.id === lesson.id) + 1;
  const choose = (id: number) => {
    if (id === lesson.id) return;
    showLesson(id);
    stageRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <>
      <div ref={stageRef} className={styles.stageSlot}>
        <LessonStage
          course={course}
          lesson={lesson}
          next={next}
          onNext={() => next && showLesson(next.id)}
          reporter={reporter}
        />
      </div>
      <section className={styles.info} aria-label="课程信息">
        <h2 className={styles.courseTitle}>{course.title}</h2>
        <p className={styles.lessonTitle}>
          第 {number} 课 · {lesson.title}
        </p>
        <p className={styles.teacher}>主讲：{course.teacher.nickname}</p>
      </section>
      <LessonList course={course} current={lesson.id} onChoose={choose} />
    </>
  );
}

/**
 * A phone on its side shows the video at the screen's full height (the header scrolls away above it):
 * the page scrolls to the video when it opens that way and whenever the phone is turned.
 */
function useLandscapeScroll(stage: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const landscape = window.matchMedia(LANDSCAPE_PHONE);
    const onTurn = () => {
      if (landscape.matches) stage.current?.scrollIntoView?.({ block: 'start' });
    };
    onTurn();
    landscape.addEventListener?.('change', onTurn);
    return () => landscape.removeEventListener?.('change', onTurn);
  }, [stage]);
}

/** A phone held on its side (the same query as the stylesheets'). */
const LANDSCAPE_PHONE = '(orientation: landscape) and (max-height: 500px)';
