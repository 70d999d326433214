/**
 * Courses a user may watch. The shop grants one when a `course` order is paid and withdraws it when
 * a refund gives its line back (or the whole order); the classroom and `crm/ketang/myorder` (member module) read it. It lives in
 * the shared layer because those modules meet only here.
 */
import type { MyOrderList } from '@xuanli/contracts/member';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { Tx } from './orders.ts';

/**
 * One grant per paid order line; `revoked_at` is set when that order is refunded. `title` and
 * `cover` are copied from the order line that bought it, so 我的课程 shows what the buyer paid for
 * without reading the shop's tables.
 */
export const courseGrants = pgTable(
  'course_grants',
  {
    userId: integer('user_id').notNull(),
    courseId: text('course_id').notNull(),
    orderNo: text('order_no').notNull(),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.orderNo] })],
);

/** What a paid course line grants. */
export interface CourseGrant {
  userId: number;
  courseId: string;
  orderNo: string;
  title: string;
  cover: string;
  grantedAt: Date;
}

/**
 * Grants a course bought by one line of a paid order, inside the payment's transaction. A second
 * line of the same order for the same course adds nothing (the order already grants it).
 */
export async function grantCourse(tx: Tx, grant: CourseGrant): Promise<void> {
  await tx.insert(courseGrants).values(grant).onConflictDoNothing();
}

/**
 * Withdraws the courses order `orderNo` granted (it was refunded): all of them, or only `courseIds`
 * (the lines a partial refund gave back; the order's other courses stay watchable). Answers how many
 * grants were live.
 */
export async function withdrawCourse(
  tx: Tx,
  orderNo: string,
  revokedAt: Date,
  courseIds?: readonly string[],
): Promise<number> {
  if (courseIds?.length === 0) return 0;
  const revoked = await tx
    .update(courseGrants)
    .set({ revokedAt })
    .where(
      and(
        eq(courseGrants.orderNo, orderNo),
        isNull(courseGrants.revokedAt),
        courseIds ? inArray(courseGrants.courseId, [...courseIds]) : undefined,
      ),
    )
    .returning({ courseId: courseGrants.courseId });
  return revoked.length;
}

/**
 * Deletes every grant of `userId` (account deletion, inside its transaction): the right to watch
 * belongs to no one once the account is gone, and the order lines keep what was sold. Answers how many.
 */
export async function eraseCourseGrantsOf(tx: Tx, userId: number): Promise<number> {
  const gone = await tx
    .delete(courseGrants)
    .where(eq(courseGrants.userId, userId))
    .returning({ courseId: courseGrants.courseId });
  return gone.length;
}

/**
 * Gives account `into` every grant of account `from` (two accounts of one person merged, inside the
 * merge's transaction). Each grant names its order, so the two accounts' grants never collide.
 */
export async function moveCourseGrants(tx: Tx, from: number, into: number): Promise<void> {
  await tx.update(courseGrants).set({ userId: into }).where(eq(courseGrants.userId, from));
}

/**
 * The courses `userId` may watch now, most recently bought first, each course once (bought twice, it
 * is listed with its first live grant: refunding either order leaves it watchable through the other).
 */
export async function coursesOf(db: Db | Tx, userId: number): Promise<MyOrderList['list']> {
  const rows = await db
    .select()
    .from(courseGrants)
    .where(and(eq(courseGrants.userId, userId), isNull(courseGrants.revokedAt)))
    .orderBy(asc(courseGrants.grantedAt), asc(courseGrants.orderNo));
  const first = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!first.has(row.courseId)) first.set(row.courseId, row);
  return [...first.values()].reverse().map((row) => ({
    courseId: row.courseId,
    title: row.title,
    cover: row.cover,
    orderNo: row.orderNo,
    grantedAt: row.grantedAt.toISOString(),
  }));
}
