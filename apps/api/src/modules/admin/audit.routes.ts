/**
 * The audit log area of the console (role admin).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { ADMIN_CONSOLE_ROUTES } from '@xuanli/contracts/routes/admin';
import { consoleArea } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { listAudit } from './audit-log.ts';
import { CONSOLE_SECURITY, type ConsoleRoutesOptions } from './route-options.ts';

/** `GET admin/audit`. */
export const auditRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { deps, requireOperator },
) => {
  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.getAudit,
    {
      ...consoleArea(requireOperator(...ADMIN_AREA_ROLES.audit), CONSOLE_SECURITY),
      summary: 'The audit log: filter by operator, action, target and time; newest first, paged',
    },
    async (request) => ok(await listAudit(deps, request.query)),
  );
};
