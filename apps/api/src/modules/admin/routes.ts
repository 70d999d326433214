/**
 * The console's own API under `/api/admin`: login and the operator's account, operators, the audit
 * trail and the dashboard, registered with the same dependencies and role guard. The domain
 * modules register their console areas themselves (app.ts) with {@link consoleAccessOf}.
 */
import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import type { ConsoleDeps } from './deps.ts';
import { createRequireOperator } from './guard.ts';
import { operatorRoutes } from './operators.routes.ts';
import type { ConsoleRoutesOptions } from './route-options.ts';

/**
 * What the console's API is built from: the services' deps, the pay service, and
 * which SMS sender the app runs with.
 */
export type AdminRoutesOptions = ConsoleDeps & Pick<ConsoleRoutesOptions, 'pay' | 'smsProvider'>;

/** Every `/api/admin/…` route. */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (
  app,
  { db, clock, config, pay, smsProvider },
) => {
  const deps: ConsoleDeps = { db, clock, config };
  const options: ConsoleRoutesOptions = {
    deps,
    requireOperator: createRequireOperator(deps),
    pay,
    smsProvider,
  };
  await app.register(authRoutes, options);
  await app.register(operatorRoutes, options);
  await app.register(auditRoutes, options);
  await app.register(dashboardRoutes, options);
};
