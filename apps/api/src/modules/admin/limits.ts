/**
 * The limits on guessing an operator's secrets: every console login, and every code or password an
 * operator types on their own account, counts against the `adminLogin` budget twice — once per client
 * IP and once per username — through the shared rate-limit counters (modules/ratelimit; in the
 * database when several processes share one PostgreSQL). The per-username count stops a guesser who
 * spreads over many IPs; the per-IP one stops one IP trying many usernames.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { noteRefusal } from '../../plugins/request-log.ts';

/** Counts one attempt by `request` for `username`; answers the 429 itself when either budget is spent. */
export type GuessLimit = (request: FastifyRequest, reply: FastifyReply, username: string) => Promise<boolean>;

/**
 * Builds the limit inside `app` (which must be in the rate limiter's scope). The answer is true when
 * the attempt may go on; false once the 429 — `{code, msg, retryAfter}` and `retry-after` — is sent.
 */
export function guessLimit(app: FastifyInstance, config: Pick<Config, 'rateBudgets'>): GuessLimit {
  const { max, windowSeconds } = config.rateBudgets.adminLogin;
  const usernames = new WeakMap<FastifyRequest, string>();
  const byIp = app.createRateLimit({
    max,
    timeWindow: windowSeconds * 1000,
    keyGenerator: (request) => `adminLogin|ip|${normalizeIP(request.ip)}`,
  });
  const byUsername = app.createRateLimit({
    max,
    timeWindow: windowSeconds * 1000,
    keyGenerator: (request) => `adminLogin|user|${usernames.get(request) ?? ''}`,
  });
  return async (request, reply, username) => {
    usernames.set(request, username.trim().toLowerCase().slice(0, 64));
    for (const limit of [byIp, byUsername]) {
      const result = await limit(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const body = {
        code: 'TooManyRequests' as const,
        msg: `too many attempts, retry in ${result.ttlInSeconds} s`,
        retryAfter: Math.max(1, result.ttlInSeconds),
      };
      noteRefusal(request, body);
      await reply.code(429).header('retry-after', String(body.retryAfter)).send(body);
      return false;
    }
    return true;
  };
}
