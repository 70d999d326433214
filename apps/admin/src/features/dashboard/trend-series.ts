/**
 * The trends' days as the charts draw them: one point per Beijing day, labelled MM-DD, money kept in
 * integer 分 (shown in 元 only by the axis and the tooltip), and the totals of the 30 days.
 */
import type { DashboardDay } from '@xuanli/contracts/admin-dashboard';

/** A figure the charts draw. */
export type TrendField = 'revenue' | 'paidOrders' | 'newUsers';

/** One bar or point: the day (MM-DD) and the figure. */
export interface TrendPoint {
  day: string;
  value: number;
}

/** The points of `field`, oldest day first. */
export function trendSeries(days: readonly DashboardDay[], field: TrendField): TrendPoint[] {
  return days.map((day) => ({ day: day.date.slice(5), value: day[field] }));
}

/** The sum of `field` over `days`. */
export function trendTotal(days: readonly DashboardDay[], field: TrendField): number {
  return days.reduce((sum, day) => sum + day[field], 0);
}
