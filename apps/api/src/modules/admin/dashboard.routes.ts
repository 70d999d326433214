/**
 * The console's home: today's and this month's orders and revenue, new users, active VIPs and the
 * month's best-selling courses, and the daily trends (every operator role); the VIPs about to lapse
 * (the roles of the users area, who renew them); the 开店清单 (role admin, who sets the server up).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { ADMIN_CONSOLE_ROUTES } from '@xuanli/contracts/routes/admin';
import { consoleArea } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { expiringVips } from '../member/index.ts';
import { dashboard } from './dashboard.ts';
import { setupChecklist } from './dashboard-setup.ts';
import { dashboardTrends } from './dashboard-trends.ts';
import { CONSOLE_SECURITY, type ConsoleRoutesOptions } from './route-options.ts';

/** `admin/dashboard…`. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { deps, requireOperator, pay, smsProvider },
) => {
  const dashboardArea = consoleArea(requireOperator(...ADMIN_AREA_ROLES.dashboard), CONSOLE_SECURITY);

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.getDashboard,
    {
      ...dashboardArea,
      summary:
        "Today's and this month's (Beijing) paid orders and revenue, new users, active VIPs, top courses",
      description:
        'Revenue is what the orders paid in the period took minus the refunds of buyers’ orders the ' +
        'providers confirmed in the period, in 分.',
    },
    async () => ok(await dashboard(deps)),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.getDashboardTrends,
    {
      ...dashboardArea,
      summary: 'Paid orders, revenue and new users per Beijing day over the last 30 days, today last',
      description: 'The same rules as the day and month figures of admin/dashboard; revenue in 分.',
    },
    async () => ok(await dashboardTrends(deps)),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.getDashboardExpiringVips,
    {
      ...consoleArea(requireOperator(...ADMIN_AREA_ROLES.users), CONSOLE_SECURITY),
      summary: 'VIPs whose membership ends within the next 7 days, soonest first, phones masked',
    },
    async () => ok(await expiringVips(deps.db, deps.clock.now())),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.getDashboardSetup,
    {
      ...consoleArea(requireOperator('admin'), CONSOLE_SECURITY),
      summary: '开店清单: each setting to make before opening, still an example (demo) or set',
      description:
        'Customer-service card, a real payment channel, a real SMS provider, the agreements and the ' +
        'masters; content is demo while the seed’s example has not been saved in the console.',
    },
    async () => ok(await setupChecklist(deps, { pay, smsProvider })),
  );
};
