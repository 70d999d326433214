/**
 * Small questions other parts of the app ask the classroom about its catalogue: whether a course
 * exists (the shop checks it before a product may sell the course) and which category comes first
 * (the tool that fills a large catalogue for the search benchmarks files its courses there).
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../shared/orders.ts';
import { courseCategories, courses } from './schema.ts';

/** Whether a course of `id` exists, published or not. */
export async function courseExists(db: Db | Tx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).limit(1);
  return row !== undefined;
}

/** The id of the first course category in display order (sort, then id); undefined when there is none. */
export async function firstCourseCategoryId(db: Db): Promise<number | undefined> {
  const [category] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .orderBy(asc(courseCategories.sort), asc(courseCategories.id))
    .limit(1);
  return category?.id;
}
