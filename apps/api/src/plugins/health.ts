/**
 * `GET /api/health` for load balancers and container probes: 200 when the process serves and its
 * database answers, 503 `Unavailable` when the database does not, or not within the time-out.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_ROUTES } from '@xuanli/contracts/routes/sessions';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { addRoute } from '../shared/contract-route.ts';
import { ok } from '../shared/envelope.ts';
import { AppError } from '../shared/errors.ts';

/**
 * How long the database may take to answer: load balancers give up on a probe after a few seconds and
 * then count a failure anyway, so a slow answer is as good as none and the probe should say so itself.
 */
export const HEALTH_TIMEOUT_MS = 2000;

/** Resolves as `work` does, or rejects once `ms` have passed. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    // `work` keeps running when it loses; race() has subscribed to it, so its late failure is handled.
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers the health route; `db` is the database it checks, within `timeoutMs` (default {@link HEALTH_TIMEOUT_MS}). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; timeoutMs?: number }> = async (
  app,
  { db, timeoutMs = HEALTH_TIMEOUT_MS },
) => {
  addRoute(
    app,
    SESSION_ROUTES.getHealth,
    {
      tags: ['ops'],
      summary: 'Liveness and readiness: the process serves and the database answers `SELECT 1`',
      // Probes poll every few seconds: they must not eat a client's rate budget nor fill the logs
      // with request lines. A failure is still logged, on the root logger (see below).
      config: { rateLimit: false },
      logLevel: 'silent',
    },
    async () => {
      try {
        // The cheapest round trip that proves the connection (or PGlite) is usable.
        await within(db.execute(sql`select 1`), timeoutMs);
      } catch (error) {
        // The route's own logger is silent; an outage must still reach the operator.
        app.log.error({ err: error }, 'health check: the database did not answer');
        throw new AppError('Unavailable', 'database unavailable');
      }
      return ok({ status: 'ok' as const });
    },
  );
};
