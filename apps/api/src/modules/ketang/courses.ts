/**
 * The classroom as learners browse it: categories, the course list (by category, by search words),
 * and a course page with its lessons and the caller's place in them.
 */
import {
  COURSE_PAGE_SIZE,
  COURSE_PAGE_SIZE_MAX,
  type CourseCategory,
  type CourseDetail,
  type CourseList,
  type CourseQuery,
} from '@xuanli/contracts/ketang';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import { integerIn, isRowId } from '../../shared/wire-numbers.ts';
import { sanitizeArticleHtml } from '../content/index.ts';
import { assertVisible, mayWatch, owns } from './access.ts';
import { courseCategories, courses, lessonProgress, lessons } from './schema.ts';
import { courseSearch } from './search.ts';
import { queryWords } from './search-text.ts';
import { selectCourses, summariesOf } from './summaries.ts';
import type { Viewer } from './viewer.ts';

/** The last page a list may ask for (the query schema's `page` maximum). */
export const MAX_PAGE = 10_000;

/** The categories in display order, each with its number of published courses. */
export async function listCategories(db: Db): Promise<CourseCategory[]> {
  const rows = await db
    .select({
      id: courseCategories.id,
      name: courseCategories.name,
      icon: courseCategories.icon,
      courses: sql<number>`count(${courses.id})::int`,
    })
    .from(courseCategories)
    .leftJoin(courses, and(eq(courses.categoryId, courseCategories.id), eq(courses.published, true)))
    .groupBy(courseCategories.id)
    .orderBy(asc(courseCategories.sort), asc(courseCategories.id));
  return rows.map((row) => ({ ...row, courses: Number(row.courses) }));
}

/**
 * A page of the published courses, optionally of one category and matching search words (search.ts:
 * best matches first); without words in the operators' order. A keyword of nothing but punctuation
 * finds nothing; a blank one is no filter.
 */
export async function listCourses(db: Db, query: CourseQuery, viewer: Viewer): Promise<CourseList> {
  const size = integerIn('size', query.size ?? COURSE_PAGE_SIZE, 1, COURSE_PAGE_SIZE_MAX);
  const page = integerIn('page', query.page ?? 1, 1, MAX_PAGE);
  // A category id past the column's range names no category.
  if (query.category !== undefined && !isRowId(query.category)) return { list: [], total: 0 };
  const filters: SQL[] = [eq(courses.published, true)];
  if (query.category !== undefined) filters.push(eq(courses.categoryId, query.category));
  let orderBy: SQL[] = [asc(courses.sort), asc(courses.id)];
  const keyword = query.keyword?.trim() ?? '';
  if (keyword !== '') {
    const words = queryWords(keyword);
    if (words.length === 0) return { list: [], total: 0 };
    const search = await courseSearch(db, words);
    filters.push(search.where);
    orderBy = search.orderBy;
  }
  const where = and(...filters);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(courses).where(where);
  const total = Number(counted?.total ?? 0);
  const offset = (page - 1) * size;
  if (offset >= total) return { list: [], total };
  const rows = await selectCourses(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(size)
    .offset(offset);
  return { list: await summariesOf(db, rows, viewer), total };
}

/**
 * The course page of `id` for `viewer`: the summary, the introduction (sanitised again on the way
 * out, so a row written around course-row.ts still reaches the browser clean), the lessons in order
 * with whether each plays for the caller and, for a user, where they are in each. Unknown or
 * unpublished (and not owned) → 404.
 */
export async function readCourse(db: Db, id: string, viewer: Viewer): Promise<CourseDetail> {
  const [row] = await selectCourses(db).where(eq(courses.id, id)).limit(1);
  if (!row) throw new AppError('NotFound', `no course ${id}`);
  const owned = await owns(db, viewer, id);
  assertVisible(row, owned);
  const [summary] = await summariesOf(db, [row], viewer);
  const lessonRows = await db
    .select({ id: lessons.id, title: lessons.title, duration: lessons.duration, free: lessons.free })
    .from(lessons)
    .where(eq(lessons.courseId, id))
    .orderBy(asc(lessons.no), asc(lessons.id));
  const progress =
    viewer.userId === null
      ? []
      : await db
          .select({
            lessonId: lessonProgress.lessonId,
            position: lessonProgress.position,
            done: lessonProgress.done,
          })
          .from(lessonProgress)
          .where(and(eq(lessonProgress.userId, viewer.userId), eq(lessonProgress.courseId, id)))
          .orderBy(desc(lessonProgress.updatedAt), desc(lessonProgress.lessonId));
  const byLesson = new Map(progress.map((p) => [p.lessonId, p]));
  return {
    ...summary!,
    intro: sanitizeArticleHtml(row.intro),
    lessons: lessonRows.map((lesson) => {
      const mine = byLesson.get(lesson.id);
      return {
        ...lesson,
        playable: mayWatch(row, lesson, owned),
        ...(viewer.userId === null ? {} : { done: mine?.done ?? false, position: mine?.position ?? 0 }),
      };
    }),
    lastLesson: progress[0]?.lessonId ?? null,
  };
}
