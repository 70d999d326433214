/**
 * The shop's figures for the console's 概览: orders paid and the money they took in a period and per
 * Beijing day (by `paid_at`), and the courses bought most in a period — an order refunded since, or a
 * course line a partial refund gave back, is no enrolment. Read from the orders as they stand.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fenSum, type Period, type Tally, tallyPerDay } from '../../shared/day-figures.ts';
import { orderItems, orders } from './schema.ts';

/** Orders paid in `period` and what they took (分). */
export async function paidOrderTally(db: Db, { start, end }: Period): Promise<Tally> {
  const [paid] = await db
    .select({ n: count(), amount: fenSum(orders.total) })
    .from(orders)
    .where(and(gte(orders.paidAt, start), lt(orders.paidAt, end)));
  return paid!;
}

/** Orders paid and what they took, per Beijing day number of `period`. */
export function paidOrdersPerDay(db: Db, { start, end }: Period): Promise<Map<number, Tally>> {
  return tallyPerDay(
    db,
    orders,
    orders.paidAt,
    and(gte(orders.paidAt, start), lt(orders.paidAt, end)),
    orders.total,
  );
}

/** A course as bought: its id, the product's title when bought, and the enrolments. */
export interface CourseSales {
  courseId: string;
  title: string;
  count: number;
}

/** The `limit` courses with the most enrolments bought in `period`, most first (then by id). */
export function courseSalesRanking(db: Db, { start, end }: Period, limit: number): Promise<CourseSales[]> {
  return db
    .select({
      courseId: sql<string>`${orderItems.courseId}`,
      title: sql<string>`max(${orderItems.title})`,
      count: sql<number>`sum(${orderItems.qty})`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderNo, orderItems.orderNo))
    .where(
      and(
        eq(orderItems.kind, 'course'),
        isNotNull(orderItems.courseId),
        gte(orders.paidAt, start),
        lt(orders.paidAt, end),
        ne(orders.status, 'refunded'),
        // A course line a partial refund gave back is no enrolment either.
        isNull(orderItems.refundedAt),
      ),
    )
    .groupBy(orderItems.courseId)
    .orderBy(desc(sql`sum(${orderItems.qty})`), orderItems.courseId)
    .limit(limit);
}
