/**
 * The console's API under `/api/admin`: one plugin registering each area's routes with the same
 * dependencies and role guard.
 */
import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { contentRoutes } from './content.routes.ts';
import { readingRoutes } from './content-readings.routes.ts';
import { courseRoutes } from './courses.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import type { ConsoleDeps } from './deps.ts';
import { createRequireOperator } from './guard.ts';
import { holidayRoutes } from './holidays.routes.ts';
import { imageRoutes } from './images.routes.ts';
import { masterRoutes } from './masters.routes.ts';
import { operatorRoutes } from './operators.routes.ts';
import { orderRoutes } from './orders.routes.ts';
import type { ConsoleRoutesOptions } from './route-options.ts';
import { uploadRoutes } from './uploads.routes.ts';
import { userRoutes } from './users.routes.ts';

/**
 * What the console's API is built from: the services' deps, where uploads go, the pay service, and
 * which SMS sender the app runs with.
 */
export type AdminRoutesOptions = ConsoleDeps & Pick<ConsoleRoutesOptions, 'storage' | 'pay' | 'smsProvider'>;

/** Every `/api/admin/…` route. */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (
  app,
  { db, clock, config, storage, pay, smsProvider },
) => {
  const deps: ConsoleDeps = { db, clock, config };
  const options: ConsoleRoutesOptions = {
    deps,
    requireOperator: createRequireOperator(deps),
    storage,
    pay,
    smsProvider,
  };
  await app.register(authRoutes, options);
  await app.register(userRoutes, options);
  await app.register(operatorRoutes, options);
  await app.register(holidayRoutes, options);
  await app.register(auditRoutes, options);
  await app.register(uploadRoutes, options);
  await app.register(courseRoutes, options);
  await app.register(orderRoutes, options);
  await app.register(dashboardRoutes, options);
  await app.register(catalogueRoutes, options);
  await app.register(imageRoutes, options);
  await app.register(contentRoutes, options);
  await app.register(readingRoutes, options);
  await app.register(masterRoutes, options);
};
