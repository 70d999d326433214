/**
 * The rate limits' settings, declared and validated here and gathered by config.ts at start-up: the
 * general per-IP budget, where the counts are kept, and the named budgets that plugins/rate-limit.ts
 * applies to the routes an attacker would hammer.
 */

import { type TInteger, Type } from 'typebox';
import { ConfigError, integerSetting, readSettings } from '../../shared/settings.ts';

/**
 * The named per-IP budgets beside the general one: session creation, the login/SMS routes, the
 * operators' console login (`adminLogin` per username and IP, `adminLoginIp` per IP over every
 * username), stored files and lesson videos (`media`, instead of the general budget), the payment
 * providers' callbacks (`payNotify`, instead of the general budget), subscribed calendars fetched
 * by their secret link (`calendarFeed`, instead of the general budget), and the VIP 命书 PDFs
 * (`mingshu`, RATE_LIMIT_MINGSHU_MAX / _WINDOW_SECONDS, instead of the general budget).
 */
export type RateBudgetName =
  | 'sessionCreate'
  | 'login'
  | 'sms'
  | 'adminLogin'
  | 'adminLoginIp'
  | 'media'
  | 'payNotify'
  | 'calendarFeed'
  | 'mingshu';

/** A budget: at most `max` requests per client IP in any `windowSeconds` (a sliding window). */
export interface RateBudget {
  max: number;
  windowSeconds: number;
}

/**
 * Defaults of the named budgets. Per IP, and many phones share one IP behind a carrier's NAT, so
 * they stop floods rather than individuals; per-account and per-phone limits belong to those modules.
 */
export const DEFAULT_RATE_BUDGETS: Record<RateBudgetName, RateBudget> = {
  // A real client creates a session once per install; a script creating thousands is filling the table.
  sessionCreate: { max: 30, windowSeconds: 60 },
  login: { max: 20, windowSeconds: 600 },
  // Each SMS costs money and can be aimed at someone else's phone.
  sms: { max: 10, windowSeconds: 3600 },
  // Operators are few and log in twice a day: one IP guessing one operator's password is stopped after
  // ten tries; the operator from any other IP is not (the account itself is only slowed down).
  adminLogin: { max: 10, windowSeconds: 900 },
  // One IP trying many usernames (or a whole office behind one NAT mistyping) is stopped after thirty.
  adminLoginIp: { max: 30, windowSeconds: 900 },
  // Stored files and lesson videos: a shop page shows dozens of pictures and a player asks for a video
  // in many ranges, so they have a budget of their own rather than eating the API's general one.
  media: { max: 3000, windowSeconds: 60 },
  // The providers' callbacks (POST /api/pay/notify/…) come from a few of WeChat's and Alipay's servers,
  // many at once when the shop is busy, so they must not share the general budget; but each one is
  // verified (RSA) before anything else, so one address may not send them without limit either.
  payNotify: { max: 1200, windowSeconds: 60 },
  // A subscribed calendar (GET /api/calendar/feed/…) is fetched without a login, by the phone's calendar
  // app every few hours: the secret link is the only key, so an address guessing links is stopped here
  // (and a 256-bit link is not guessed anyway); phones behind one NAT still refresh well within it.
  calendarFeed: { max: 60, windowSeconds: 60 },
  // Each 命书 is half a second of a worker thread; a reader downloads one now and then, a family a few.
  mingshu: { max: 20, windowSeconds: 600 },
};

/** Each named budget's variables: `<prefix>_MAX` and `<prefix>_WINDOW_SECONDS`. */
const BUDGET_PREFIXES: Record<RateBudgetName, string> = {
  sessionCreate: 'RATE_LIMIT_SESSION_CREATE',
  login: 'RATE_LIMIT_LOGIN',
  sms: 'RATE_LIMIT_SMS',
  adminLogin: 'RATE_LIMIT_ADMIN_LOGIN',
  adminLoginIp: 'RATE_LIMIT_ADMIN_LOGIN_IP',
  media: 'RATE_LIMIT_MEDIA',
  payNotify: 'RATE_LIMIT_PAY_NOTIFY',
  calendarFeed: 'RATE_LIMIT_CALENDAR_FEED',
  mingshu: 'RATE_LIMIT_MINGSHU',
};

const BUDGET_NAMES = Object.keys(BUDGET_PREFIXES) as RateBudgetName[];

/** The rate limits' whole-number variables: their ranges and defaults. */
export const RATE_LIMIT_SETTINGS = Type.Object({
  RATE_LIMIT_MAX: integerSetting(1, 1_000_000, 300),
  ...Object.fromEntries(
    BUDGET_NAMES.flatMap((name): [string, TInteger][] => [
      [`${BUDGET_PREFIXES[name]}_MAX`, integerSetting(1, 1_000_000, DEFAULT_RATE_BUDGETS[name].max)],
      [
        `${BUDGET_PREFIXES[name]}_WINDOW_SECONDS`,
        integerSetting(1, 86_400, DEFAULT_RATE_BUDGETS[name].windowSeconds),
      ],
    ]),
  ),
});

/** What the rate limits are configured with. */
export interface RateLimitConfig {
  /** RATE_LIMIT_MAX: requests per minute per client IP, the general budget of every API route. */
  rateLimitMax: number;
  /** Tighter per-IP budgets for routes an attacker would hammer (plugins/rate-limit.ts). */
  rateBudgets: Record<RateBudgetName, RateBudget>;
  /**
   * RATE_LIMIT_STORE: where the counts live. `database` (one table) so that several processes on one
   * PostgreSQL share one budget; `memory` counts per process (PGlite is one process anyway). By
   * default they follow the data: `database` with DATABASE_URL, `memory` without.
   */
  rateLimitStore: 'memory' | 'database';
}

/** The rate limits' settings from the environment (see {@link RateLimitConfig}). */
export function parseRateLimitConfig(env: NodeJS.ProcessEnv): RateLimitConfig {
  const settings = readSettings(RATE_LIMIT_SETTINGS, env) as Record<string, number>;
  const rateBudgets = Object.fromEntries(
    BUDGET_NAMES.map((name) => [
      name,
      {
        max: settings[`${BUDGET_PREFIXES[name]}_MAX`],
        windowSeconds: settings[`${BUDGET_PREFIXES[name]}_WINDOW_SECONDS`],
      },
    ]),
  ) as Record<RateBudgetName, RateBudget>;
  return {
    rateLimitMax: settings.RATE_LIMIT_MAX,
    rateBudgets,
    rateLimitStore: countsStore(env),
  };
}

/** RATE_LIMIT_STORE, or where the data is when it is unset. */
function countsStore(env: NodeJS.ProcessEnv): RateLimitConfig['rateLimitStore'] {
  const raw = env.RATE_LIMIT_STORE;
  if (raw === undefined || raw === '') return env.DATABASE_URL ? 'database' : 'memory';
  if (raw === 'memory' || raw === 'database') return raw;
  throw new ConfigError(`RATE_LIMIT_STORE must be 'memory' or 'database', got '${raw}'`);
}
