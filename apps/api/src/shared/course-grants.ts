/**
 * Courses a user may watch. The shop grants one when a `course` order is paid and withdraws it when
 * that order is refunded; the classroom and `crm/ketang/myorder` (member module) read it. It lives in
 * the shared layer because those modules meet only here.
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One grant per paid order line; `revoked_at` is set when that order is refunded. */
export const courseGrants = pgTable(
  'course_grants',
  {
    userId: integer('user_id').notNull(),
    courseId: text('course_id').notNull(),
    orderNo: text('order_no').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.orderNo] })],
);
