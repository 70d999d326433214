/**
 * `GET /api/health` for load balancers and container probes: 200 when the process serves and its
 * database answers, 503 `Unavailable` when the database does not.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../db/client.ts';
import { AppError } from '../shared/errors.ts';
import { errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import { ok } from '../shared/envelope.ts';

/** Registers the health route; `db` is the database it checks. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      // Probes poll every few seconds: they must not eat a client's rate budget nor fill the logs
      // with request lines. A failure is still logged, on the root logger (see below).
      config: { rateLimit: false },
      logLevel: 'silent',
      schema: {
        tags: ['ops'],
        summary: 'Liveness and readiness: the process serves and the database answers `SELECT 1`',
        response: {
          200: okEnvelopeSchema(Type.Object({ status: Type.Literal('ok') })),
          ...errorResponses,
        },
      },
    },
    async () => {
      try {
        // The cheapest round trip that proves the connection (or PGlite) is usable.
        await db.execute(sql`select 1`);
      } catch (error) {
        // The route's own logger is silent; an outage must still reach the operator.
        app.log.error({ err: error }, 'health check: the database did not answer');
        throw new AppError('Unavailable', 'database unavailable');
      }
      return ok({ status: 'ok' as const });
    },
  );
};
