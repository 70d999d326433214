/**
 * The console's API under `/api/admin`: one plugin registering each area's routes with the same
 * dependencies and role guard.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { auditRoutes } from './audit.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { createRequireOperator } from './guard.ts';
import { holidayRoutes } from './holidays.routes.ts';
import { operatorRoutes } from './operators.routes.ts';
import { userRoutes } from './users.routes.ts';

/** What the console's API is built from. */
export interface AdminRoutesOptions {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'rateBudgets'>;
}

/** Every `/api/admin/…` route. */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, { db, clock, config }) => {
  const deps = { db, clock, config };
  const options = { deps, requireOperator: createRequireOperator(deps) };
  await app.register(authRoutes, options);
  await app.register(userRoutes, options);
  await app.register(operatorRoutes, options);
  await app.register(holidayRoutes, options);
  await app.register(auditRoutes, options);
};
