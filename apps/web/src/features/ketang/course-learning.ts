/**
 * Where a learner goes from a course page: the lesson 开始学习 / 继续学习 opens, and how far they are.
 * From the course answer alone: `lastLesson` (the lesson watched last) and each lesson's `done` and
 * `position` (sent for logged-in callers only).
 */
import type { CourseDetail, Lesson } from '@xuanli/contracts/ketang';

/** The lesson the learning button opens, and whether the learner has begun the course. */
export interface LearningTarget {
  lesson: Lesson;
  /** Some progress is saved: the button says 继续学习, else 开始学习. */
  started: boolean;
}

/** Whether the caller has saved progress in any lesson of the course. */
export function hasStarted(course: Pick<CourseDetail, 'lastLesson' | 'lessons'>): boolean {
  return course.lastLesson !== null || course.lessons.some((l) => l.done === true || (l.position ?? 0) > 0);
}

/**
 * The lesson to open: the first playable one before any progress; then the lesson watched last while
 * it is not finished, else the next unfinished lesson after it, else the first unfinished one (the
 * last watched again when all are done). Null when the caller can play no lesson.
 */
export function learningTarget(course: Pick<CourseDetail, 'lastLesson' | 'lessons'>): LearningTarget | null {
  const playable = course.lessons.filter((l) => l.playable);
  const first = playable[0];
  if (!first) return null;
  if (!hasStarted(course)) return { lesson: first, started: false };
  const last = playable.find((l) => l.id === course.lastLesson);
  if (last && !last.done) return { lesson: last, started: true };
  const after = last ? playable.slice(playable.indexOf(last) + 1).find((l) => !l.done) : undefined;
  return { lesson: after ?? playable.find((l) => !l.done) ?? last ?? first, started: true };
}

/** Lessons the caller has finished. */
export function doneCount(course: Pick<CourseDetail, 'lessons'>): number {
  return course.lessons.filter((l) => l.done === true).length;
}
