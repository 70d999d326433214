/**
 * The console's home figures, in Beijing days: orders paid and the money they brought today and this
 * month (revenue = what paid orders took minus the buyers' refunds the providers confirmed in the same
 * period), accounts made, VIPs whose membership has not ended, and the month's best-selling courses.
 * Everything is read from the shop's orders, the pay module's refunds and the member accounts as they
 * stand — no figure is cached.
 */
import type { Dashboard, DashboardPeriod } from '@xuanli/contracts/admin-shop';
import { type AnyColumn, and, count, desc, eq, gt, gte, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { beijingPeriodsOf, type Period } from '../../shared/beijing-days.ts';
import { courses } from '../ketang/index.ts';
import { users } from '../member/index.ts';
import { refunds } from '../pay/index.ts';
import { orderItems, orders } from '../shop/index.ts';
import type { ConsoleDeps } from './deps.ts';

/** Courses the dashboard ranks. */
const TOP_COURSES = 10;

/** A sum of 分 as a number (PostgreSQL sums integers to bigint, which the driver hands over as text). */
const fenSum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The figures of `period`. */
async function periodOf(deps: ConsoleDeps, { start, end }: Period): Promise<DashboardPeriod> {
  const [[paid], [refunded], [joined]] = await Promise.all([
    deps.db
      .select({ n: count(), amount: fenSum(orders.total) })
      .from(orders)
      .where(and(gte(orders.paidAt, start), lt(orders.paidAt, end))),
    deps.db
      .select({ amount: fenSum(refunds.amount) })
      .from(refunds)
      .where(
        and(
          eq(refunds.reason, 'buyer'),
          eq(refunds.status, 'succeeded'),
          gte(refunds.completedAt, start),
          lt(refunds.completedAt, end),
        ),
      ),
    deps.db
      .select({ n: count() })
      .from(users)
      .where(and(gte(users.createdAt, start), lt(users.createdAt, end))),
  ]);
  return {
    paidOrders: paid.n,
    paidAmount: paid.amount,
    refundedAmount: refunded.amount,
    revenue: paid.amount - refunded.amount,
    newUsers: joined.n,
  };
}

/** `GET admin/dashboard`. */
export async function dashboard(deps: ConsoleDeps): Promise<Dashboard> {
  const now = deps.clock.now();
  const { day, month: thisMonth } = beijingPeriodsOf(now);
  const [today, month, [vips], topCourses] = await Promise.all([
    periodOf(deps, day),
    periodOf(deps, thisMonth),
    deps.db
      .select({ n: count() })
      .from(users)
      .where(and(gt(users.vipExpire, new Date(now)), isNull(users.deletedAt))),
    // Enrolments bought this month, an order or a line refunded since left out.
    deps.db
      .select({
        courseId: sql<string>`${orderItems.courseId}`,
        // The classroom's current title; the product's title when bought if the course is gone.
        title: sql<string>`coalesce(max(${courses.title}), max(${orderItems.title}))`,
        count: sql<number>`sum(${orderItems.qty})`.mapWith(Number),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderNo, orderItems.orderNo))
      .leftJoin(courses, eq(courses.id, orderItems.courseId))
      .where(
        and(
          eq(orderItems.kind, 'course'),
          isNotNull(orderItems.courseId),
          gte(orders.paidAt, thisMonth.start),
          lt(orders.paidAt, thisMonth.end),
          ne(orders.status, 'refunded'),
          // A course line a partial refund gave back is no enrolment either.
          isNull(orderItems.refundedAt),
        ),
      )
      .groupBy(orderItems.courseId)
      .orderBy(desc(sql`sum(${orderItems.qty})`), orderItems.courseId)
      .limit(TOP_COURSES),
  ]);
  return {
    today,
    month,
    activeVips: vips.n,
    topCourses,
    asOf: new Date(now).toISOString(),
  };
}
