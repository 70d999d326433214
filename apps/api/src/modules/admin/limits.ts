/**
 * The limits on guessing an operator's secrets: every console login, and every code or password an
 * operator types on their own account, is one attempt on a username from a client IP. Three counts,
 * all in the shared rate-limit counters (modules/ratelimit; in the database when several processes
 * share one PostgreSQL), so every API process sees the same numbers:
 *
 * - per IP over every username (`adminLoginIp` budget): one IP spraying usernames gets 429;
 * - per username and IP (`adminLogin` budget): one IP guessing one operator's password gets 429;
 * - per username from any IP: past `adminLoginSlowdown.freeAttempts` attempts in the `adminLogin`
 *   window, each further attempt waits before its password is checked — 250 ms, doubling, at most
 *   `maxDelayMs`. Never a refusal: a per-username lock would let anyone lock the real operator out by
 *   typing wrong passwords from a few IPs, while the delay only costs the operator a few seconds, and
 *   a guesser spread over many IPs is held back by the two budgets above (each IP gets `adminLogin.max`
 *   tries per window) and by two-step verification where it is on.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { noteRefusal } from '../../plugins/request-log.ts';
import { normalUsername } from './login.ts';

/**
 * Counts one attempt by `request` for `username` and waits out the username's slow-down; answers the
 * 429 itself when a budget is spent.
 */
export type GuessLimit = (request: FastifyRequest, reply: FastifyReply, username: string) => Promise<boolean>;

/** The first delay of the slow-down; each further attempt doubles it up to the configured most. */
export const SLOWDOWN_STEP_MS = 250;

// The per-username count is read through a budget no one reaches: it never refuses, it only counts.
const COUNT_ONLY = 1_000_000_000;

/** The wait before checking the `attempt`-th attempt on a username within its window. */
export function slowdownMs(
  attempt: number,
  { freeAttempts, maxDelayMs }: Config['adminLoginSlowdown'],
): number {
  const over = attempt - freeAttempts;
  if (over <= 0) return 0;
  // 2 ** 30 steps is far past any sensible most; the cap keeps the exponent from mattering.
  return Math.min(maxDelayMs, SLOWDOWN_STEP_MS * 2 ** Math.min(over - 1, 30));
}

/** The 429's message: how long to wait, in Chinese, in minutes once it is a minute or more. */
function waitText(seconds: number): string {
  return seconds >= 60 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
}

/**
 * Builds the limit inside `app` (which must be in the rate limiter's scope). The answer is true when
 * the attempt may go on (after any slow-down); false once the 429 — `{code, msg, retryAfter}` and
 * `retry-after` — is sent.
 */
export function guessLimit(
  app: FastifyInstance,
  config: Pick<Config, 'rateBudgets' | 'adminLoginSlowdown'>,
): GuessLimit {
  const { adminLogin, adminLoginIp } = config.rateBudgets;
  const usernames = new WeakMap<FastifyRequest, string>();
  const ip = (request: FastifyRequest) => normalizeIP(request.ip);
  const user = (request: FastifyRequest) => usernames.get(request) ?? '';
  const byIp = app.createRateLimit({
    max: adminLoginIp.max,
    timeWindow: adminLoginIp.windowSeconds * 1000,
    keyGenerator: (request) => `adminLogin|ip|${ip(request)}`,
  });
  const byUsernameAndIp = app.createRateLimit({
    max: adminLogin.max,
    timeWindow: adminLogin.windowSeconds * 1000,
    keyGenerator: (request) => `adminLogin|pair|${user(request)}|${ip(request)}`,
  });
  const byUsername = app.createRateLimit({
    max: COUNT_ONLY,
    timeWindow: adminLogin.windowSeconds * 1000,
    keyGenerator: (request) => `adminLogin|user|${user(request)}`,
  });
  return async (request, reply, username) => {
    usernames.set(request, normalUsername(username).slice(0, 64));
    for (const limit of [byIp, byUsernameAndIp]) {
      const result = await limit(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const retryAfter = Math.max(1, result.ttlInSeconds);
      const body = {
        code: 'TooManyRequests' as const,
        msg: `尝试次数太多，请 ${waitText(retryAfter)}后再试`,
        retryAfter,
      };
      noteRefusal(request, body);
      await reply.code(429).header('retry-after', String(retryAfter)).send(body);
      return false;
    }
    const counted = await byUsername(request);
    const attempt = counted.isAllowed ? 0 : counted.max - counted.remaining;
    const wait = slowdownMs(attempt, config.adminLoginSlowdown);
    if (wait > 0) await sleep(wait);
    return true;
  };
}
