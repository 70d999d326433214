/**
 * The dashboard calls of the console (packages/contracts/src/admin-shop.ts and admin-dashboard.ts):
 * the figures and the trends for every operator role, the expiring VIPs for the users area's roles,
 * the 开店清单 for admins.
 */
import type { DashboardTrends, ExpiringVips, SetupChecklist } from '@xuanli/contracts/admin-dashboard';
import type { Dashboard } from '@xuanli/contracts/admin-shop';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/dashboard`: today's and this month's figures, VIPs and top courses. */
export function getDashboard(): Promise<Dashboard> {
  return api.call(CONSOLE_ROUTES.admin.getDashboard);
}

/** `GET /api/admin/dashboard/trends`: orders, revenue and new users per Beijing day, 30 days. */
export function getDashboardTrends(): Promise<DashboardTrends> {
  return api.call(CONSOLE_ROUTES.admin.getDashboardTrends);
}

/** `GET /api/admin/dashboard/expiring-vips`: VIPs whose membership ends within 7 days. */
export function getExpiringVips(): Promise<ExpiringVips> {
  return api.call(CONSOLE_ROUTES.admin.getDashboardExpiringVips);
}

/** `GET /api/admin/dashboard/setup`: the 开店清单. */
export function getSetupChecklist(): Promise<SetupChecklist> {
  return api.call(CONSOLE_ROUTES.admin.getDashboardSetup);
}
