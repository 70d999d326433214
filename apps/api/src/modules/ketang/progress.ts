/**
 * A learner's place in each lesson (`POST crm/ketang/progress`, restored on any device) and a course's
 * progress for 我的课程. A report is one upsert, so repeating it changes nothing and two devices
 * reporting at once leave one row: the position is the latest report's, and `done` — reaching
 * {@link LESSON_DONE_RATIO} of the lesson — once set stays set (`done OR excluded.done`), so watching a
 * finished lesson again from the start does not undo it.
 */
import { LESSON_DONE_RATIO, type Progress, type ProgressBody } from '@xuanli/contracts/ketang';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { numberIn } from '../../shared/wire-numbers.ts';
import { assertMayWatch, assertVisible, owns } from './access.ts';
import { lessonOf } from './lesson-of.ts';
import { lessonProgress, lessons } from './schema.ts';

/** The largest position a report may give (the contract's maximum: a day). */
const MAX_POSITION_SECONDS = 86_400;

/** What saving progress needs. */
export interface ProgressDeps {
  db: Db;
  clock: Clock;
}

/** Whether `position` seconds into a lesson of `duration` seconds counts as having watched it. */
export function isDone(position: number, duration: number): boolean {
  return position >= LESSON_DONE_RATIO * duration;
}

/**
 * Saves where user `userId` is in a lesson they may watch (403 otherwise, 404 unknown). The position
 * is kept in whole seconds and never past the lesson's end.
 */
export async function saveProgress(
  deps: ProgressDeps,
  userId: number,
  body: ProgressBody,
): Promise<Progress> {
  const reported = numberIn('position', body.position, 0, MAX_POSITION_SECONDS);
  const lesson = await lessonOf(deps.db, body.lesson);
  const viewer = { userId };
  const owned = await owns(deps.db, viewer, lesson.courseId);
  assertVisible(lesson.course, owned);
  assertMayWatch(viewer, lesson.course, lesson, owned);
  const position = Math.min(Math.floor(reported), lesson.duration);
  const [row] = await deps.db
    .insert(lessonProgress)
    .values({
      userId,
      lessonId: lesson.id,
      courseId: lesson.courseId,
      position,
      done: isDone(position, lesson.duration),
      updatedAt: new Date(deps.clock.now()),
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        position: sql`excluded.position`,
        done: sql`${lessonProgress.done} OR excluded.done`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ position: lessonProgress.position, done: lessonProgress.done });
  return { lesson: lesson.id, position: row!.position, done: row!.done };
}

/** A course's progress for one learner. */
export interface CourseProgress {
  lessonsDone: number;
  lessonsTotal: number;
  lastLesson: number | null;
  lastPosition: number | null;
}

/**
 * The progress of user `userId` in each of `courseIds`: lessons done of the lessons the course has
 * now, and the lesson watched last with its position (继续学习). Courses without lessons or progress
 * answer zeros and nulls.
 */
export async function progressOfCourses(
  db: Db,
  userId: number,
  courseIds: string[],
): Promise<Map<string, CourseProgress>> {
  const result = new Map<string, CourseProgress>(
    courseIds.map((id) => [id, { lessonsDone: 0, lessonsTotal: 0, lastLesson: null, lastPosition: null }]),
  );
  if (courseIds.length === 0) return result;
  const totals = await db
    .select({ courseId: lessons.courseId, n: count() })
    .from(lessons)
    .where(inArray(lessons.courseId, courseIds))
    .groupBy(lessons.courseId);
  for (const row of totals) result.get(row.courseId)!.lessonsTotal = Number(row.n);
  // The user's rows of these courses, latest first (one index range per course).
  const rows = await db
    .select({
      courseId: lessonProgress.courseId,
      lessonId: lessonProgress.lessonId,
      position: lessonProgress.position,
      done: lessonProgress.done,
    })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.courseId, courseIds)))
    .orderBy(desc(lessonProgress.updatedAt), desc(lessonProgress.lessonId));
  for (const row of rows) {
    const progress = result.get(row.courseId)!;
    if (row.done) progress.lessonsDone += 1;
    if (progress.lastLesson === null) {
      progress.lastLesson = row.lessonId;
      progress.lastPosition = row.position;
    }
  }
  return result;
}
