/**
 * Counters behind @fastify/rate-limit: fixed windows aligned to the epoch (so every process agrees on
 * which window a request falls in), counted either in process memory or in one PostgreSQL table
 * shared by every process. The plugin's own stores cannot do the latter without Redis, and read
 * `Date.now()` instead of our injected clock.
 *
 * This is on every request's path, so: the memory count is synchronous, the database count is one
 * prepared `INSERT … ON CONFLICT DO UPDATE … RETURNING` round trip, and a key already over its limit
 * is answered from memory until its window ends (counts only grow within a window, so that answer
 * cannot go stale).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { rateLimitCounters } from './schema.ts';

/** Where counts are kept. `hit` may answer synchronously (memory) or with a promise (database). */
export interface CounterBackend {
  /** Adds one to `key`'s count in the window `[start, end)` (epoch ms) and returns the new count. */
  hit(key: string, start: number, end: number): number | Promise<number>;
  /** Forgets windows that ended at or before `now`. Idempotent; safe to run from several processes. */
  purgeExpired(now: number): Promise<void>;
}

/** Most keys kept in memory; beyond it the oldest windows go first (a flood of spoofed IPs). */
const MEMORY_MAX_KEYS = 100_000;

/** Counts in process memory: right for one process (PGlite), per process otherwise. */
export function memoryCounters(maxKeys = MEMORY_MAX_KEYS): CounterBackend {
  // Map keeps insertion order, and a key is re-inserted when its window starts: the first entries
  // are the oldest windows.
  const windows = new Map<string, { end: number; count: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.end <= now) windows.delete(key);
  };
  return {
    hit(key, start, end) {
      const window = windows.get(key);
      if (window && window.end === end) return ++window.count;
      windows.delete(key);
      if (windows.size >= maxKeys) {
        sweep(start);
        for (const oldest of windows.keys()) {
          if (windows.size < maxKeys) break;
          windows.delete(oldest);
        }
      }
      windows.set(key, { end, count: 1 });
      return 1;
    },
    async purgeExpired(now) {
      sweep(now);
    },
  };
}

/**
 * Counts in the `rate_limit_counters` table, so that all processes on one PostgreSQL share each
 * budget. One atomic upsert per request: concurrent requests from any process each get a distinct
 * count, with no read-modify-write race.
 */
export function databaseCounters(db: Db): CounterBackend {
  const bump = db
    .insert(rateLimitCounters)
    .values({
      key: sql.placeholder('key'),
      windowStart: sql.placeholder('start'),
      expiresAt: sql.placeholder('end'),
      count: 1,
    })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count })
    // Parsed and planned once per connection instead of once per request.
    .prepare('rate_limit_hit');
  return {
    async hit(key, start, end) {
      const [row] = await bump.execute({ key, start: new Date(start), end: new Date(end) });
      return row.count;
    },
    async purgeExpired(now) {
      // One statement: concurrent runs in several processes just find fewer rows.
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, new Date(now + 1)));
    },
  };
}

/** What the store class is built from. */
export interface RateLimitStoreDeps {
  counters: CounterBackend;
  clock: Clock;
  /** Counts while `counters` fails (the database is down): per process, but requests keep a limit. */
  fallback?: CounterBackend;
  /** Told about each failure of `counters` (the plugin logs it). */
  onError?: (error: unknown) => void;
  /**
   * How long a count may take before `fallback` answers instead (default 1000 ms): a stalled
   * database must not hold up routes that do not need it (the calendar).
   */
  timeoutMs?: number;
}

/** Most keys remembered as over their limit; past it the memory is simply dropped and re-learnt. */
const EXCEEDED_MAX_KEYS = 10_000;

interface Shared extends RateLimitStoreDeps {
  fallback: CounterBackend;
  timeoutMs: number;
  /** Keys over their limit → end of the window in which they are. */
  exceeded: Map<string, number>;
}

/** Options @fastify/rate-limit hands a child store (the merged route options). */
interface ChildOptions {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

class WindowStore implements FastifyRateLimitStore {
  readonly #shared: Shared;
  readonly #scope: string;

  constructor(shared: Shared, scope: string) {
    this.#shared = shared;
    this.#scope = scope;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    const shared = this.#shared;
    const now = shared.clock.now();
    const window = Math.max(1, timeWindow);
    const start = now - (now % window);
    const end = start + window;
    const ttl = end - now;
    const scoped = `${this.#scope}|${key}`;
    if (shared.exceeded.get(scoped) === end) {
      callback(null, { current: max + 1, ttl });
      return;
    }
    const done = (current: number) => {
      if (current > max) remember(shared.exceeded, scoped, end, now);
      callback(null, { current, ttl });
    };
    let counted: number | Promise<number>;
    try {
      counted = shared.counters.hit(scoped, start, end);
    } catch (error) {
      counted = Promise.reject(error);
    }
    if (typeof counted === 'number') {
      done(counted);
      return;
    }
    let settled = false;
    const failed = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      shared.onError?.(error);
      const fallback = shared.fallback.hit(scoped, start, end);
      if (typeof fallback === 'number') done(fallback);
      else fallback.then(done, (fallbackError: unknown) => callback(fallbackError as Error));
    };
    const timer = setTimeout(
      () => failed(new Error(`rate-limit count took over ${shared.timeoutMs} ms`)),
      shared.timeoutMs,
    );
    counted.then((current) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(current);
    }, failed);
  }

  child(options: unknown): FastifyRateLimitStore {
    // The plugin's meaning: a route with its own `config.rateLimit` has its own budget, a groupId
    // names a budget several routes share. createRateLimit() budgets (no route) share this scope and
    // are told apart by their keyGenerator.
    const { groupId, routeInfo } = (options ?? {}) as ChildOptions;
    if (groupId) return new WindowStore(this.#shared, `group:${groupId}`);
    if (routeInfo?.url)
      return new WindowStore(this.#shared, `route:${String(routeInfo.method)}:${routeInfo.url}`);
    return this;
  }
}

function remember(exceeded: Map<string, number>, key: string, end: number, now: number): void {
  if (exceeded.size >= EXCEEDED_MAX_KEYS) {
    for (const [k, until] of exceeded) if (until <= now) exceeded.delete(k);
    if (exceeded.size >= EXCEEDED_MAX_KEYS) exceeded.clear();
  }
  exceeded.set(key, end);
}

/**
 * The `store` option of @fastify/rate-limit over `deps.counters`. The plugin instantiates it (with
 * its options, unused here), so the dependencies are closed over rather than passed.
 */
export function rateLimitStore(deps: RateLimitStoreDeps): FastifyRateLimitStoreCtor {
  const shared: Shared = {
    ...deps,
    fallback: deps.fallback ?? memoryCounters(),
    timeoutMs: deps.timeoutMs ?? 1000,
    exceeded: new Map(),
  };
  return class extends WindowStore {
    constructor() {
      super(shared, 'api');
    }
  };
}
