/**
 * The console's home figures, in Beijing days: orders paid and the money they brought today and this
 * month (revenue = what paid orders took minus the buyers' refunds the providers confirmed in the same
 * period), accounts made, VIPs whose membership has not ended, and the month's best-selling courses.
 * Each figure is read by the module that owns it (the shop's orders, the pay module's refunds, the
 * member accounts, the classroom's titles) as it stands — no figure is cached.
 */
import type { Dashboard, DashboardPeriod } from '@xuanli/contracts/admin-shop';
import { beijingPeriodsOf, type Period } from '../../shared/beijing-days.ts';
import { courseTitlesOf } from '../ketang/index.ts';
import { activeVipCount, newAccountCount } from '../member/index.ts';
import { buyerRefundTotal } from '../pay/index.ts';
import { courseSalesRanking, paidOrderTally } from '../shop/index.ts';
import type { ConsoleDeps } from './deps.ts';

/** Courses the dashboard ranks. */
const TOP_COURSES = 10;

/** The figures of `period`. */
async function periodOf(deps: ConsoleDeps, period: Period): Promise<DashboardPeriod> {
  const [paid, refundedAmount, newUsers] = await Promise.all([
    paidOrderTally(deps.db, period),
    buyerRefundTotal(deps.db, period),
    newAccountCount(deps.db, period),
  ]);
  return {
    paidOrders: paid.n,
    paidAmount: paid.amount,
    refundedAmount,
    revenue: paid.amount - refundedAmount,
    newUsers,
  };
}

/** The month's best-selling courses, each by the classroom's current title (the product's when bought if the course is gone). */
async function topCoursesOf(deps: ConsoleDeps, month: Period): Promise<Dashboard['topCourses']> {
  const ranking = await courseSalesRanking(deps.db, month, TOP_COURSES);
  const titles = await courseTitlesOf(
    deps.db,
    ranking.map((course) => course.courseId),
  );
  return ranking.map((course) => ({ ...course, title: titles.get(course.courseId) ?? course.title }));
}

/** `GET admin/dashboard`. */
export async function dashboard(deps: ConsoleDeps): Promise<Dashboard> {
  const now = deps.clock.now();
  const { day, month: thisMonth } = beijingPeriodsOf(now);
  const [today, month, activeVips, topCourses] = await Promise.all([
    periodOf(deps, day),
    periodOf(deps, thisMonth),
    activeVipCount(deps.db, now),
    topCoursesOf(deps, thisMonth),
  ]);
  return {
    today,
    month,
    activeVips,
    topCourses,
    asOf: new Date(now).toISOString(),
  };
}
