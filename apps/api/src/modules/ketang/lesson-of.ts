/**
 * A lesson with the course it belongs to, as play, progress and reviews need it: what decides who may
 * watch (the course's `free`, the lesson's preview flag, publication) and what the lesson is.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import { isRowId } from '../../shared/wire-numbers.ts';
import { courses, lessons } from './schema.ts';

/** A lesson and the facts of its course. */
export interface LessonOfCourse {
  id: number;
  courseId: string;
  duration: number;
  free: boolean;
  video: string;
  course: { id: string; free: boolean; published: boolean };
}

/** The lesson `id` with its course; 404 when there is none. */
export async function lessonOf(db: Db, id: number): Promise<LessonOfCourse> {
  if (!isRowId(id)) throw new AppError('NotFound', `no lesson ${id}`);
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      duration: lessons.duration,
      free: lessons.free,
      video: lessons.video,
      courseFree: courses.free,
      published: courses.published,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, id))
    .limit(1);
  if (!row) throw new AppError('NotFound', `no lesson ${id}`);
  return {
    id: row.id,
    courseId: row.courseId,
    duration: row.duration,
    free: row.free,
    video: row.video,
    course: { id: row.courseId, free: row.courseFree, published: row.published },
  };
}
