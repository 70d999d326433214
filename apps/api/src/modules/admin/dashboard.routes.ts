/**
 * The console's home (every operator role): today's and this month's orders and revenue, new users,
 * active VIPs and the month's best-selling courses.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { DashboardSchema } from '@xuanli/contracts/admin-shop';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import { ok } from '../../shared/envelope.ts';
import { dashboard } from './dashboard.ts';
import { CONSOLE_SECURITY, type ConsoleRoutesOptions } from './route-options.ts';

const refusals = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, ...errorResponses };

/** `admin/dashboard`. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { deps, requireOperator },
) => {
  app.get(
    '/dashboard',
    {
      preHandler: requireOperator(...ADMIN_AREA_ROLES.dashboard),
      schema: {
        tags: ['admin'],
        summary:
          "Today's and this month's (Beijing) paid orders and revenue, new users, active VIPs, top courses",
        description:
          'Revenue is what the orders paid in the period took minus the refunds of buyers’ orders the ' +
          'providers confirmed in the period, in 分.',
        security: CONSOLE_SECURITY,
        response: { 200: okEnvelopeSchema(DashboardSchema), ...refusals },
      },
    },
    async () => ok(await dashboard(deps)),
  );
};
