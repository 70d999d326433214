/**
 * Which lesson the player shows: the one the link names, else where the learner stopped last time
 * (继续学习), else the first lesson they may play — and which one 下一课 leads to.
 */
import type { CourseDetail, Lesson } from '@xuanli/contracts/ketang';

/** A course id as the wire writes it (packages/contracts ketang COURSE_ID_PATTERN). */
const COURSE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The course a player link names (`?course=bazi-rumen`), or null when it names none that can exist. */
export function courseIdOf(params: URLSearchParams): string | null {
  const id = params.get('course')?.trim() ?? '';
  return COURSE_ID.test(id) ? id : null;
}

/** The lesson a player link names (`?lesson=12`, a positive integer), or null. */
export function lessonIdOf(params: URLSearchParams): number | null {
  const id = params.get('lesson')?.trim() ?? '';
  return /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

/**
 * The lesson to show of `course`: `wanted` when it is one of its lessons, else the lesson watched last,
 * else the first playable one, else the first (which then says how to unlock it); null without lessons.
 */
export function chooseLesson(
  course: Pick<CourseDetail, 'lessons' | 'lastLesson'>,
  wanted: number | null,
): Lesson | null {
  const byId = (id: number | null) => (id === null ? undefined : course.lessons.find((l) => l.id === id));
  return (
    byId(wanted) ??
    byId(course.lastLesson) ??
    course.lessons.find((l) => l.playable) ??
    course.lessons[0] ??
    null
  );
}

/** The next lesson after `current` that the learner may play (下一课), or null at the end. */
export function nextPlayableLesson(lessons: readonly Lesson[], current: number): Lesson | null {
  const index = lessons.findIndex((l) => l.id === current);
  if (index < 0) return null;
  return lessons.slice(index + 1).find((l) => l.playable) ?? null;
}
