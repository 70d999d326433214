/**
 * The trends of the console's 概览: paid orders, revenue and new accounts per Beijing day over the
 * last 30 days, with the same rules as the day and month tiles (dashboard.ts): orders by `paid_at`,
 * revenue = what they took minus the buyers' refunds the providers confirmed that day, in 分. Rows are
 * grouped by Beijing day in SQL by arithmetic on the epoch (no time-zone database needed, the same on
 * PGlite and PostgreSQL); days without any come back as zeros. And the VIPs whose membership ends
 * within the next 7 days, soonest first, phones masked.
 */
import type { DashboardDay, DashboardTrends, ExpiringVips } from '@xuanli/contracts/admin-dashboard';
import {
  DASHBOARD_TREND_DAYS,
  EXPIRING_VIP_DAYS,
  EXPIRING_VIP_LIST_MAX,
} from '@xuanli/contracts/admin-dashboard-labels';
import { type AnyColumn, and, asc, count, eq, gt, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { beijingPeriodsOf } from '../../shared/beijing-days.ts';
import { maskPhone, users } from '../member/index.ts';
import { refunds } from '../pay/index.ts';
import { orders } from '../shop/index.ts';
import type { ConsoleDeps } from './deps.ts';

const DAY_MS = 86_400_000;

/**
 * The Beijing day number (days since 1970-01-01 in UTC+8) of a timestamp column. The offset is a
 * literal, not a parameter, so the same expression can be selected and grouped by.
 */
const beijingDayOf = (column: AnyColumn) =>
  sql<number>`floor((extract(epoch from ${column}) + ${sql.raw('28800')}) / 86400)::int`.mapWith(Number);

/** A sum of 分 as a number (PostgreSQL sums integers to bigint, which the driver hands over as text). */
const fenSum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Per Beijing day in [start, end): how many rows `column` falls on and, optionally, the sum of `amount`. */
async function perDay(
  deps: ConsoleDeps,
  table: typeof orders | typeof refunds | typeof users,
  column: AnyColumn,
  where: SQL | undefined,
  amount?: AnyColumn,
): Promise<Map<number, { n: number; amount: number }>> {
  const day = beijingDayOf(column);
  const rows = await deps.db
    .select({ day, n: count(), amount: amount ? fenSum(amount) : sql<number>`0`.mapWith(Number) })
    .from(table)
    .where(where)
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, { n: row.n, amount: row.amount }]));
}

/** `GET admin/dashboard/trends`. */
export async function dashboardTrends(deps: ConsoleDeps): Promise<DashboardTrends> {
  const now = deps.clock.now();
  const { day: today } = beijingPeriodsOf(now);
  const start = new Date(today.start.getTime() - (DASHBOARD_TREND_DAYS - 1) * DAY_MS);
  const end = today.end;
  const [paid, refunded, joined] = await Promise.all([
    perDay(deps, orders, orders.paidAt, and(gte(orders.paidAt, start), lt(orders.paidAt, end)), orders.total),
    perDay(
      deps,
      refunds,
      refunds.completedAt,
      and(
        eq(refunds.reason, 'buyer'),
        eq(refunds.status, 'succeeded'),
        gte(refunds.completedAt, start),
        lt(refunds.completedAt, end),
      ),
      refunds.amount,
    ),
    perDay(deps, users, users.createdAt, and(gte(users.createdAt, start), lt(users.createdAt, end))),
  ]);
  // Beijing midnight is 16:00 UTC of the day before: the day number of `start` is its UTC day + 1.
  const first = Math.floor((start.getTime() + 8 * 3_600_000) / DAY_MS);
  const days: DashboardDay[] = Array.from({ length: DASHBOARD_TREND_DAYS }, (_, i) => {
    const number = first + i;
    const orderDay = paid.get(number) ?? { n: 0, amount: 0 };
    const refundAmount = refunded.get(number)?.amount ?? 0;
    return {
      date: new Date(number * DAY_MS).toISOString().slice(0, 10),
      paidOrders: orderDay.n,
      paidAmount: orderDay.amount,
      refundedAmount: refundAmount,
      revenue: orderDay.amount - refundAmount,
      newUsers: joined.get(number)?.n ?? 0,
    };
  });
  return { days, asOf: new Date(now).toISOString() };
}

/**
 * `GET admin/dashboard/expiring-vips`: accounts (not deleted) whose VIP is running now and ends at
 * most 7 × 24 hours from now.
 */
export async function expiringVips(deps: ConsoleDeps): Promise<ExpiringVips> {
  const now = deps.clock.now();
  const where = and(
    gt(users.vipExpire, new Date(now)),
    lte(users.vipExpire, new Date(now + EXPIRING_VIP_DAYS * DAY_MS)),
    isNull(users.deletedAt),
  );
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select({ id: users.id, phone: users.phone, nickname: users.nickname, vipExpire: users.vipExpire })
      .from(users)
      .where(where)
      .orderBy(asc(users.vipExpire), asc(users.id))
      .limit(EXPIRING_VIP_LIST_MAX),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    count: n,
    list: rows.map((row) => ({
      userId: row.id,
      phone: maskPhone(row.phone),
      nickname: row.nickname,
      vipExpire: (row.vipExpire as Date).toISOString(),
    })),
    asOf: new Date(now).toISOString(),
  };
}
