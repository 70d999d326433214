/**
 * The trends of the console's 概览: paid orders, revenue and new accounts per Beijing day over the
 * last 30 days, with the same rules as the day and month tiles (dashboard.ts): orders by `paid_at`,
 * revenue = what they took minus the buyers' refunds the providers confirmed that day, in 分. Each
 * module counts its own rows per Beijing day (shared/day-figures.ts); days without any come back as
 * zeros. The VIPs whose membership ends soon are the member module's (expiringVips).
 */
import { beijingDayAt } from '@xuanli/almanac/beijingTime';
import type { DashboardDay, DashboardTrends } from '@xuanli/contracts/admin-dashboard';
import { DASHBOARD_TREND_DAYS } from '@xuanli/contracts/admin-dashboard-labels';
import { beijingPeriodsOf } from '../../shared/beijing-days.ts';
import { newAccountsPerDay } from '../member/index.ts';
import { buyerRefundsPerDay } from '../pay/index.ts';
import { paidOrdersPerDay } from '../shop/index.ts';
import type { ConsoleDeps } from './deps.ts';

const DAY_MS = 86_400_000;

/** `GET admin/dashboard/trends`. */
export async function dashboardTrends(deps: ConsoleDeps): Promise<DashboardTrends> {
  const now = deps.clock.now();
  const { day: today } = beijingPeriodsOf(now);
  const start = new Date(today.start.getTime() - (DASHBOARD_TREND_DAYS - 1) * DAY_MS);
  const end = today.end;
  const [paid, refunded, joined] = await Promise.all([
    paidOrdersPerDay(deps.db, { start, end }),
    buyerRefundsPerDay(deps.db, { start, end }),
    newAccountsPerDay(deps.db, { start, end }),
  ]);
  const first = beijingDayAt(start.getTime());
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
