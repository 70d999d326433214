/**
 * Rate limiting, registered on the root instance so that it covers every API route and the
 * not-found handler. Budgets are per client IP (`request.ip`, which `trustProxy` decides — see
 * config.ts) and sliding windows: at most `max` requests in any interval of the window's length, with
 * no clock minute or hour at which a budget starts afresh (modules/ratelimit/sliding-window.ts).
 * Counts live in the database when several processes share one PostgreSQL, in memory otherwise. The built SPA under /xuanli/ is outside the budget: one page
 * load fetches a dozen assets, and they cost nothing to serve.
 *
 * Budgets:
 * - the general one, `rateLimitMax` a minute, on every route without its own;
 * - named ones (`config.rateBudgets`): {@link routeRateLimit} gives a route its own budget instead of
 *   the general one (login, SMS); {@link budgetLimit} adds one on top of the general budget for the
 *   requests it applies to (session creation: a token request without a previous token).
 *
 * A 429 is our envelope `{code: 'TooManyRequests', msg}` with `retry-after`: the whole seconds until
 * a retry is admitted (when nothing else is sent meanwhile).
 */
import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Config, RateBudgetName } from '../config.ts';
import type { Db } from '../db/client.ts';
import { databaseCounters, memoryCounters, rateLimitStore } from '../modules/ratelimit/index.ts';
import type { Clock } from '../shared/clock.ts';
import { AppError } from '../shared/errors.ts';

/** What the limiter is built from. */
export interface RateLimitDeps {
  db: Db;
  config: Pick<Config, 'rateLimitMax' | 'rateLimitStore'>;
  clock: Clock;
}

/** The registered limiter. */
export interface RateLimiter {
  /** The general budget as a preHandler, for the not-found handler (probing URLs costs budget too). */
  notFoundPreHandler: preHandlerHookHandler;
  /** Forgets windows whose requests have all left; run by the clean-up job (app.ts). */
  purgeExpired(): Promise<void>;
}

/** The SPA (src/plugins/spa.ts) and the `/` redirect to it: static, outside every budget. */
export function isStaticPath(url: string): boolean {
  return /^\/(?:$|\?|xuanli(?:$|[/?]))/.test(url);
}

/** The 429 every budget answers; `ttlMs` is how long until a retry is admitted. */
export function tooManyRequests(ttlMs: number): AppError {
  return new AppError(
    'TooManyRequests',
    `too many requests, retry in ${Math.max(1, Math.ceil(ttlMs / 1000))} s`,
  );
}

// The failure is logged at most this often: a database outage would otherwise log every request.
const ERROR_LOG_INTERVAL_MS = 60_000;

/** Registers @fastify/rate-limit with our store and envelope; routes registered after it are limited. */
export async function registerRateLimit(app: FastifyInstance, deps: RateLimitDeps): Promise<RateLimiter> {
  const { db, config, clock } = deps;
  const counters = config.rateLimitStore === 'database' ? databaseCounters(db) : memoryCounters();
  let lastErrorLog = Number.NEGATIVE_INFINITY;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: 60_000,
    store: rateLimitStore({
      counters,
      clock,
      onError(error) {
        const now = clock.now();
        if (now - lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
        lastErrorLog = now;
        app.log.error(
          { err: error },
          'rate-limit counters unavailable; counting in process memory meanwhile',
        );
      },
    }),
    allowList: (request) => isStaticPath(request.url),
    // Thrown, so the error handler writes it like any other error; the headers are already set.
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
  return {
    notFoundPreHandler: app.rateLimit(),
    purgeExpired: () => counters.purgeExpired(clock.now()),
  };
}

/**
 * Route config giving a route the named budget instead of the general one; routes naming the same
 * budget share it. `app.post('/login', { config: routeRateLimit(config, 'login'), … })`.
 */
export function routeRateLimit(
  config: Pick<Config, 'rateBudgets'>,
  name: RateBudgetName,
): { rateLimit: RateLimitOptions } {
  const { max, windowSeconds } = config.rateBudgets[name];
  return { rateLimit: { max, timeWindow: windowSeconds * 1000, groupId: name } };
}

/**
 * An onRequest hook counting the requests `applies` selects in the named budget, on top of the
 * general one: 429 once the budget is spent. `app` must be inside the limiter's scope.
 */
export function budgetLimit(
  app: FastifyInstance,
  config: Pick<Config, 'rateBudgets'>,
  name: RateBudgetName,
  applies: (request: FastifyRequest) => boolean = () => true,
): onRequestAsyncHookHandler {
  const { max, windowSeconds } = config.rateBudgets[name];
  const limit = app.createRateLimit({
    max,
    timeWindow: windowSeconds * 1000,
    // The budget's name keeps its counts apart from the general budget's for the same IP.
    keyGenerator: (request) => `${name}|${normalizeIP(request.ip)}`,
  });
  return async (request, reply) => {
    if (!applies(request)) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', 0);
    reply.header('x-ratelimit-reset', result.ttlInSeconds);
    reply.header('retry-after', result.ttlInSeconds);
    throw tooManyRequests(result.ttl);
  };
}
