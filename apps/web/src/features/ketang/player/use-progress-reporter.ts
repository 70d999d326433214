/**
 * The progress reporter of one visit of the player (progress-reporter.ts), for logged-in learners only
 * (a visitor's position is not kept). What the server answers goes into the course on screen: the
 * lesson's position, 继续学习's lesson and, the first time it is reached, the lesson's done tick.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail, Progress } from '@xuanli/contracts/ketang';
import { useEffect, useState } from 'react';
import { useSession } from '@/stores/session';
import { courseQueryOptions } from '../api/get-course';
import { saveProgress, saveProgressOnExit } from '../api/save-progress';
import { createProgressReporter, type ProgressReporter } from './progress-reporter';

/** `course` with the saved `progress` of one of its lessons. */
function withProgress(course: CourseDetail, progress: Progress): CourseDetail {
  if (!course.lessons.some((l) => l.id === progress.lesson)) return course;
  return {
    ...course,
    lastLesson: progress.lesson,
    lessons: course.lessons.map((l) =>
      l.id === progress.lesson
        ? { ...l, position: progress.position, done: Boolean(l.done) || progress.done }
        : l,
    ),
  };
}

function storeProgress(queryClient: QueryClient, courseId: string, userId: number, progress: Progress) {
  queryClient.setQueryData(courseQueryOptions(courseId, userId).queryKey, (course) =>
    course ? withProgress(course, progress) : course,
  );
}

/**
 * The reporter for course `courseId` while a learner is logged in; null for a visitor (and until the
 * page is mounted). Failed reports are sent again when the phone comes back online.
 */
export function useProgressReporter(courseId: string | null): ProgressReporter | null {
  const queryClient = useQueryClient();
  const userId = useSession((s) => (s.isLogin ? (s.user?.id ?? 0) : null));
  const [reporter, setReporter] = useState<ProgressReporter | null>(null);

  useEffect(() => {
    if (userId === null || courseId === null) {
      setReporter(null);
      return;
    }
    const created = createProgressReporter({
      send: saveProgress,
      sendOnExit: saveProgressOnExit,
      onSaved: (progress) => storeProgress(queryClient, courseId, userId, progress),
    });
    setReporter(created);
    const online = () => created.retry();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      created.dispose();
    };
  }, [courseId, userId, queryClient]);

  return reporter;
}
