/**
 * The classroom's names of its things, for other modules that show them by id: the console's 概览
 * (the best-selling courses by their current titles) and its audit trail.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, courseware, lessons } from './schema.ts';

/** The current titles of the courses of `ids` that exist, by id. */
export async function courseTitlesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(inArray(courses.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The current titles of the lessons of `ids` that exist. */
export function lessonTitlesOf(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.select({ id: lessons.id, name: lessons.title }).from(lessons).where(inArray(lessons.id, ids));
}

/** The current titles of the courseware of `ids` that exists. */
export function coursewareTitlesOf(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: courseware.id, name: courseware.title })
    .from(courseware)
    .where(inArray(courseware.id, ids));
}
