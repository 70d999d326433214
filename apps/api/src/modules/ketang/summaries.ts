/**
 * Courses as lists show them: a page of course rows completed with what lives elsewhere — lesson
 * counts, the shop product that sells a paid course and its price and 会员价 (what checkout will
 * charge, read from the shop's SKUs rather than kept twice), ratings, learners and whether the caller
 * owns it.
 * One query per kind of fact for the whole page, never one per course.
 */
import { DEFAULT_MASTER_NICKNAME } from '@xuanli/contracts/content';
import type { CourseSummary, RatingSummary } from '@xuanli/contracts/ketang';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseGrants } from '../../shared/course-grants.ts';
import { masterCards } from '../content/index.ts';
import { courseOffersOf } from '../shop/index.ts';
import { ownedCourses } from './access.ts';
import { courseCategories, courseReviews, courses, lessonProgress, lessons } from './schema.ts';
import type { Viewer } from './viewer.ts';

/** The teacher of each course, joined by sellid. */
const teacher = masterCards('teacher');

/** The columns of a course a page needs (not the search columns). */
export const COURSE_COLUMNS = {
  id: courses.id,
  title: courses.title,
  subtitle: courses.subtitle,
  cover: courses.cover,
  free: courses.free,
  published: courses.published,
  intro: courses.intro,
  categoryId: courses.categoryId,
  categoryName: courseCategories.name,
  teacherSellid: courses.teacherSellid,
  teacherNickname: teacher.nickname,
  teacherAvatar: teacher.avatar,
};

/** A course row with its category and teacher, as {@link selectCourses} reads it. */
export interface CourseRow {
  id: string;
  title: string;
  subtitle: string;
  cover: string;
  free: boolean;
  published: boolean;
  intro: string;
  categoryId: number;
  categoryName: string;
  teacherSellid: number;
  teacherNickname: string | null;
  teacherAvatar: string | null;
}

/** Courses joined with their category and (when it still exists) their teacher. */
export function selectCourses(db: Db) {
  return db
    .select(COURSE_COLUMNS)
    .from(courses)
    .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .leftJoin(teacher, eq(teacher.sellid, courses.teacherSellid));
}

/** Average (one decimal) and count of `course_reviews` rows, by course. */
export async function ratingsOf(db: Db, ids: string[]): Promise<Map<string, RatingSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      courseId: courseReviews.courseId,
      average: sql<number>`round(avg(${courseReviews.rating}), 1)::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(courseReviews)
    .where(inArray(courseReviews.courseId, ids))
    .groupBy(courseReviews.courseId);
  return new Map(
    rows.map((row) => [row.courseId, { average: Number(row.average), count: Number(row.count) }]),
  );
}

/** A course without ratings. */
export const NO_RATING: RatingSummary = { average: 0, count: 0 };

/** Lesson count and total seconds by course. */
async function lessonTotals(db: Db, ids: string[]) {
  const rows = await db
    .select({
      courseId: lessons.courseId,
      count: sql<number>`count(*)::int`,
      seconds: sql<number>`coalesce(sum(${lessons.duration}), 0)::int`,
    })
    .from(lessons)
    .where(inArray(lessons.courseId, ids))
    .groupBy(lessons.courseId);
  return new Map(
    rows.map((row) => [row.courseId, { count: Number(row.count), seconds: Number(row.seconds) }]),
  );
}

/** Distinct learners by course: buyers with a live grant and users who saved progress in a lesson. */
async function learnersOf(db: Db, ids: string[]) {
  const grants = db
    .select({ courseId: courseGrants.courseId, userId: courseGrants.userId })
    .from(courseGrants)
    .where(and(inArray(courseGrants.courseId, ids), isNull(courseGrants.revokedAt)));
  const watching = db
    .select({ courseId: lessonProgress.courseId, userId: lessonProgress.userId })
    .from(lessonProgress)
    .where(inArray(lessonProgress.courseId, ids));
  const both = grants.union(watching).as('learners');
  const rows = await db
    .select({ courseId: both.courseId, count: sql<number>`count(*)::int` })
    .from(both)
    .groupBy(both.courseId);
  return new Map(rows.map((row) => [row.courseId, Number(row.count)]));
}

/** The teacher of a row (the default name of PRODUCT.md#content when the record has none or is gone). */
export function teacherOf(row: CourseRow): CourseSummary['teacher'] {
  return {
    sellid: row.teacherSellid,
    nickname: row.teacherNickname || DEFAULT_MASTER_NICKNAME,
    avatar: row.teacherAvatar ?? '',
  };
}

/** The summaries of `rows` (in their order) for `viewer`. */
export async function summariesOf(db: Db, rows: CourseRow[], viewer: Viewer): Promise<CourseSummary[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [totals, offers, ratings, learners, owned] = await Promise.all([
    lessonTotals(db, ids),
    courseOffersOf(db, ids),
    ratingsOf(db, ids),
    learnersOf(db, ids),
    ownedCourses(db, viewer.userId, ids),
  ]);
  return rows.map((row) => {
    const offer = row.free ? undefined : offers.get(row.id);
    const total = totals.get(row.id) ?? { count: 0, seconds: 0 };
    return {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      cover: row.cover,
      teacher: teacherOf(row),
      category: { id: row.categoryId, name: row.categoryName },
      free: row.free,
      price: offer?.price ?? 0,
      vipPrice: offer?.vipPrice ?? null,
      productId: offer?.productId ?? null,
      skuId: offer?.skuId ?? null,
      lessonCount: total.count,
      duration: total.seconds,
      rating: ratings.get(row.id) ?? NO_RATING,
      learners: learners.get(row.id) ?? 0,
      owned: owned.has(row.id),
    };
  });
}
