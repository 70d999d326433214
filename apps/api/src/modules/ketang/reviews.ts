/**
 * Ratings of a course (the form's rating, 1–5, PRODUCT.md#input-rules) with an optional comment. Who may
 * rate: the buyers of a paid course; for a free course, which has no buyers, the users who have started it
 * (saved progress in one of its lessons). One review per user and course: rating again replaces it (one
 * upsert, so a double submit leaves one row), keeping when it was first written.
 */
import {
  COURSE_PAGE_SIZE_MAX,
  type ReviewBody,
  type ReviewList,
  type ReviewQuery,
  type ReviewResult,
} from '@xuanli/contracts/ketang';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import { integerIn } from '../../shared/wire-numbers.ts';
import { accountCards } from '../member/index.ts';
import { assertVisible, owns } from './access.ts';
import { MAX_PAGE } from './courses.ts';
import { courseReviews, courses, lessonProgress } from './schema.ts';
import { NO_RATING, ratingsOf } from './summaries.ts';
import type { Viewer } from './viewer.ts';

/** What saving a review needs. */
export interface ReviewDeps {
  db: Db;
  clock: Clock;
}

/** The course `id` as reviews need it; 404 when unknown or hidden from `viewer`. */
async function visibleCourse(db: Db, id: string, viewer: Viewer) {
  const [course] = await db
    .select({ id: courses.id, free: courses.free, published: courses.published })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  if (!course) throw new AppError('NotFound', `no course ${id}`);
  const owned = await owns(db, viewer, id);
  assertVisible(course, owned);
  return { ...course, owned };
}

/** Whether user `userId` has saved progress in a lesson of course `courseId`. */
async function hasStarted(db: Db, userId: number, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)))
    .limit(1);
  return row !== undefined;
}

/** The author of each review, joined by user id. */
const author = accountCards('author');

/** The reviews of a course with their authors, newest first. */
function selectReviews(db: Db, viewer: Viewer) {
  return db
    .select({
      nickname: author.nickname,
      avatar: author.avatar,
      rating: courseReviews.rating,
      comment: courseReviews.comment,
      updatedAt: courseReviews.updatedAt,
      mine:
        viewer.userId === null
          ? sql<boolean>`false`
          : sql<boolean>`${courseReviews.userId} = ${viewer.userId}`,
    })
    .from(courseReviews)
    .innerJoin(author, eq(author.id, courseReviews.userId));
}

/** A row of {@link selectReviews} on the wire. */
function reviewOf(row: Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number]) {
  return {
    nickname: row.nickname,
    avatar: row.avatar,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.updatedAt.toISOString(),
    mine: Boolean(row.mine),
  };
}

/** Saves user `userId`'s rating of a course (403 unless a buyer, or a learner of a free course). */
export async function saveReview(deps: ReviewDeps, userId: number, body: ReviewBody): Promise<ReviewResult> {
  const rating = integerIn('rating', body.rating, 1, 5);
  const viewer = { userId };
  const course = await visibleCourse(deps.db, body.id, viewer);
  const allowed = course.owned || (course.free && (await hasStarted(deps.db, userId, course.id)));
  if (!allowed) throw new AppError('Forbidden', 'only learners who bought the course may rate it');
  const now = new Date(deps.clock.now());
  const comment = body.comment?.trim() ?? '';
  await deps.db
    .insert(courseReviews)
    .values({ courseId: course.id, userId, rating, comment, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [courseReviews.courseId, courseReviews.userId],
      set: { rating, comment, updatedAt: now },
    });
  const [row] = await selectReviews(deps.db, viewer)
    .where(and(eq(courseReviews.courseId, course.id), eq(courseReviews.userId, userId)))
    .limit(1);
  const summary = (await ratingsOf(deps.db, [course.id])).get(course.id) ?? NO_RATING;
  return { review: reviewOf(row!), rating: summary };
}

/** A page of a course's reviews, newest first, with its rating (404 unknown or hidden). */
export async function listReviews(db: Db, viewer: Viewer, query: ReviewQuery): Promise<ReviewList> {
  const course = await visibleCourse(db, query.id, viewer);
  const size = integerIn('size', query.size ?? 10, 1, COURSE_PAGE_SIZE_MAX);
  const page = integerIn('page', query.page ?? 1, 1, MAX_PAGE);
  const [counted] = await db
    .select({ n: count() })
    .from(courseReviews)
    .innerJoin(author, eq(author.id, courseReviews.userId))
    .where(eq(courseReviews.courseId, course.id));
  const total = Number(counted?.n ?? 0);
  const offset = (page - 1) * size;
  const rows =
    offset >= total
      ? []
      : await selectReviews(db, viewer)
          .where(eq(courseReviews.courseId, course.id))
          .orderBy(desc(courseReviews.updatedAt), asc(courseReviews.userId))
          .limit(size)
          .offset(offset);
  const rating = (await ratingsOf(db, [course.id])).get(course.id) ?? NO_RATING;
  return { list: rows.map(reviewOf), total, rating };
}
