/**
 * The store behind @fastify/rate-limit: every budget is a sliding window (sliding-window.ts) counted
 * either in process memory or in one PostgreSQL table shared by every process. The plugin's own
 * stores count fixed windows, cannot share counts without Redis, and read `Date.now()` instead of our
 * injected clock.
 *
 * This is on every request's path, so: the memory count is synchronous, the database count is one
 * prepared `INSERT … ON CONFLICT DO UPDATE … RETURNING` round trip for all the requests that arrived
 * while the previous one was on its way (databaseCounters), and a key that was refused is
 * answered from memory until the moment its refusal could end (other requests only ever add to a
 * window, so that answer cannot go stale). A busy key of a large budget (the general per-IP one, media)
 * reserves a few units at a time and spends them without a round trip (leases, below).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PreparedSql, preparedSql } from '../../db/prepared.ts';
import type { Clock } from '../../shared/clock.ts';
import { rateLimitWindows } from './schema.ts';
import {
  answerOf,
  expiresAt,
  KEPT_SLOTS,
  SLOTS,
  type SlotCounts,
  slotLength,
  takeFromWindow,
  type WindowAnswer,
} from './sliding-window.ts';

/** Where counts are kept. `take` may answer synchronously (memory) or with a promise (database). */
export interface CounterBackend {
  /** Counts one request for `key` at `now` against `max` per `windowMs`, if it is admitted. */
  take(key: string, now: number, windowMs: number, max: number): WindowAnswer | Promise<WindowAnswer>;
  /** Forgets windows whose requests have all left. Idempotent; safe to run from several processes. */
  purgeExpired(now: number): Promise<void>;
}

/** Most keys kept in memory; beyond it the least recently used go first (a flood of spoofed IPs). */
const MEMORY_MAX_KEYS = 100_000;

/** Counts in process memory: right for one process (PGlite), per process otherwise. */
export function memoryCounters(maxKeys = MEMORY_MAX_KEYS): CounterBackend {
  // Map keeps insertion order and a key is re-inserted on every request: the first entries are the
  // least recently used.
  const windows = new Map<string, { state: SlotCounts; expires: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.expires <= now) windows.delete(key);
  };
  return {
    take(key, now, windowMs, max) {
      const { state, answer } = takeFromWindow(windows.get(key)?.state, now, windowMs, max);
      windows.delete(key);
      if (windows.size >= maxKeys) {
        sweep(now);
        for (const oldest of windows.keys()) {
          if (windows.size < maxKeys) break;
          windows.delete(oldest);
        }
      }
      windows.set(key, { state, expires: expiresAt(state, windowMs) });
      return answer;
    },
    async purgeExpired(now) {
      sweep(now);
    },
  };
}

/** `n` as an SQL literal (the slot count is a constant of the code, not a parameter). */
const literal = (n: number) => sql.raw(String(n));

/**
 * The sliding-window rule of sliding-window.ts `takeFromWindow` as SQL over the row being updated:
 * its counts moved on to the newer of its slot and the request's, and their sum.
 */
function windowSql() {
  const t = rateLimitWindows;
  const slots = literal(KEPT_SLOTS);
  const newest = sql`greatest(${t.slot}, excluded.slot)`;
  const gap = sql`(${newest} - ${t.slot})::int`;
  const shifted = sql`(case when ${gap} >= ${slots} then array_fill(0, array[${slots}])
    else ${t.counts}[${gap} + 1 : ${slots}] || array_fill(0, array[${gap}]) end)`;
  const used = sql`(select coalesce(sum(c), 0) from unnest(${shifted}) as c)`;
  return { newest, shifted, used };
}

/** One request waiting to be counted by the next batch. */
interface Waiting {
  key: string;
  now: number;
  windowMs: number;
  max: number;
  resolve(answer: WindowAnswer): void;
  reject(error: unknown): void;
}

/** The batch statement's answer for one key. */
interface CountedRow {
  key: string;
  slot: number | string;
  counts: number[];
  taken: number;
}

/** The batch upsert of {@link databaseCounters}: the rule of {@link windowSql}, `n` requests at once. */
function batchStatement(): PreparedSql<CountedRow> {
  const t = rateLimitWindows;
  const { newest, shifted, used } = windowSql();
  const max = sql.placeholder('max');
  const asked = sql`least(i.n, ${max})`;
  // Of the requests asked for (excluded.taken: at most max), as many as the window still has room for.
  const granted = sql`least(excluded.taken, greatest(0, ${max} - ${used}))`;
  const zeros = sql.raw(`array_fill(0, array[${KEPT_SLOTS - 1}])`);
  return preparedSql<CountedRow>(
    'rate_limit_take_batch',
    sql`insert into ${t} (key, slot, counts, admitted, taken, expires_at)
      select i.key, i.slot, ${zeros} || ${asked}, ${asked} > 0, ${asked}, i.expires
      from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('slots')}::bigint[],
        ${sql.placeholder('ns')}::int[], ${sql.placeholder('expires')}::timestamptz[]) as i(key, slot, n, expires)
      on conflict (key) do update set
        slot = ${newest},
        counts = ${shifted}[1 : ${literal(KEPT_SLOTS - 1)}] || (${shifted}[${literal(KEPT_SLOTS)}] + ${granted}),
        taken = ${granted},
        admitted = ${granted} > 0,
        expires_at = case when ${granted} > 0 then greatest(${t.expiresAt}, excluded.expires_at) else ${t.expiresAt} end
      returning ${t.key}, ${t.slot}, ${t.counts}, ${t.taken}`,
  );
}

/**
 * The answers of a key's `waiting` requests (in arrival order) from the row the batch left: the first
 * `taken` admitted, each seeing the counts as they were right after it (so `used` goes 1, 2, … as
 * if they had come one by one), the rest refused against the full window.
 */
function answersOf(row: CountedRow, waiting: Waiting[]): WindowAnswer[] {
  const state = { slot: Number(row.slot), counts: row.counts };
  const last = state.counts.length - 1;
  return waiting.map((request, i) => {
    if (i >= row.taken) return answerOf(state, false, request.now, request.windowMs, request.max);
    const counts = [...state.counts];
    counts[last] -= row.taken - (i + 1);
    return answerOf({ slot: state.slot, counts }, true, request.now, request.windowMs, request.max);
  });
}

/** The most units one node reserves at once for one key. */
const LEASE_MOST_UNITS = 32;

/**
 * How many units a node reserves at once for a busy key of a `max` budget: a thirtieth of the budget
 * (what one slot of the window admits on average), at most {@link LEASE_MOST_UNITS}; 0 — count every
 * request in the database — for a budget under 60 (the SMS, login and console-login budgets are
 * counted request by request).
 */
export function leaseSize(max: number): number {
  const size = Math.min(LEASE_MOST_UNITS, Math.floor(max / SLOTS));
  return size >= 2 ? size : 0;
}

/** Units of a key reserved by this node in the database and not yet spent. */
interface Lease {
  /** The slot the units were counted in; they are spent only by requests of that slot. */
  slot: number;
  windowMs: number;
  /** Reserved units not yet spent. */
  left: number;
  /** The key's counts as the database left them at the reservation (the reserved units included). */
  state: SlotCounts;
}

/** Reserved units a node gives back: they were counted in `slot` but no request spent them. */
interface Refund {
  key: string;
  slot: number;
  units: number;
}

/** The answer for a request that spent a unit of `lease`: the counts as this node knows them. */
function answerFromLease(lease: Lease, now: number, max: number): WindowAnswer {
  const counts = [...lease.state.counts];
  counts[counts.length - 1] = Math.max(0, counts[counts.length - 1]! - lease.left);
  return answerOf({ slot: lease.state.slot, counts }, true, now, lease.windowMs, max);
}

/**
 * Gives reserved units back to the slot they were counted in, as long as the window still holds it
 * (each key once a statement: a node reserves for a key one slot at a time).
 */
function refundStatement(): PreparedSql<{ key: string }> {
  const t = rateLimitWindows;
  const slots = literal(KEPT_SLOTS);
  // The 1-based position of the refund's slot in the row's counts (the last is the row's slot).
  const at = sql`(${slots} - (${t.slot} - r.slot))::int`;
  return preparedSql<{ key: string }>(
    'rate_limit_refund',
    sql`update ${t} set counts = ${t.counts}[1 : ${at} - 1]
        || greatest(0, ${t.counts}[${at}] - r.n) || ${t.counts}[${at} + 1 : ${slots}]
      from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('slots')}::bigint[],
        ${sql.placeholder('ns')}::int[]) as r(key, slot, n)
      where ${t.key} = r.key and ${t.slot} - r.slot between 0 and ${literal(KEPT_SLOTS - 1)}
      returning ${t.key}`,
  );
}

/** A map that forgets its least recently set entries past `most` (one per client IP at worst). */
function boundedMap<V>(most: number): Map<string, V> & { put(key: string, value: V): void } {
  const map = new Map<string, V>() as Map<string, V> & { put(key: string, value: V): void };
  map.put = (key, value) => {
    map.delete(key);
    map.set(key, value);
    for (const oldest of map.keys()) {
      if (map.size <= most) break;
      map.delete(oldest);
    }
  };
  return map;
}

/**
 * Counts in the `rate_limit_windows` table, so that all processes on one PostgreSQL share each
 * budget. Every count is an atomic upsert: ON CONFLICT locks the key's row and computes from its
 * latest version, so concurrent requests from any process are counted one after the other and
 * together never exceed the budget.
 *
 * One upsert per request would cost each request a round trip — more CPU than the answer itself for a
 * route answered from memory — so requests are counted in batches: one statement is on its way at a
 * time, and every request arriving meanwhile waits for the next, which counts them all at once (each
 * key's requests as `n` of the rule: as many admitted, in arrival order, as the window has room for,
 * exactly as one by one). An idle server still sends each request's count at once.
 *
 * A key counted twice in one slot by this node is busy (one client sending many requests, or many
 * phones behind one carrier address): its next count reserves a lease of {@link leaseSize} units more,
 * which the key's next requests of the same slot spend without the database. Reserved units count in
 * the shared window like spent ones, so the nodes together still never admit more than the budget;
 * units left when the slot ends are given back to that slot with the node's next statement, so the
 * budget is not lost to them either. A small budget (under 60) is never leased.
 */
export function databaseCounters(db: Db): CounterBackend {
  const statement = batchStatement();
  const refundUnits = refundStatement();
  let queue: Waiting[] = [];
  let counting = false;
  const leases = boundedMap<Lease>(MEMORY_MAX_KEYS);
  /** The slot of each key's last count in the database by this node: a second in the same slot means busy. */
  const lastCounted = boundedMap<number>(MEMORY_MAX_KEYS);
  let refunds: Refund[] = [];

  /** Ends `key`'s lease, its unspent units to be given back. */
  function endLease(key: string, lease: Lease): void {
    leases.delete(key);
    if (lease.left > 0) refunds.push({ key, slot: lease.slot, units: lease.left });
  }

  /** Gives back the units of ended leases; a failure leaves them counted until they leave the window. */
  async function sendRefunds(): Promise<void> {
    if (refunds.length === 0) return;
    const latest = new Map<string, Refund>();
    for (const refund of refunds) latest.set(refund.key, refund);
    refunds = [];
    const list = [...latest.values()];
    await refundUnits
      .run(db, {
        keys: list.map((refund) => refund.key),
        slots: list.map((refund) => refund.slot),
        ns: list.map((refund) => refund.units),
      })
      .catch(() => {});
  }

  /** One statement for requests of one budget size, grouped by key in arrival order. */
  async function countBatch(max: number, requests: Waiting[]): Promise<void> {
    const byKey = new Map<string, Waiting[]>();
    for (const request of requests) {
      const group = byKey.get(request.key);
      if (group) group.push(request);
      else byKey.set(request.key, [request]);
    }
    const keys = [...byKey.keys()];
    const groups = [...byKey.values()];
    const slots = groups.map((group) =>
      Math.max(...group.map((request) => Math.floor(request.now / slotLength(request.windowMs)))),
    );
    const lease = leaseSize(max);
    // A busy key asks for its requests and a lease more.
    const asked = groups.map((group, i) =>
      lease > 0 && lastCounted.get(keys[i]!) === slots[i] ? group.length + lease : group.length,
    );
    for (const [i, key] of keys.entries()) lastCounted.put(key, slots[i]!);
    try {
      const rows = await statement.run(db, {
        max,
        keys,
        slots,
        ns: asked,
        expires: groups.map((group, i) =>
          new Date(expiresAt({ slot: slots[i]!, counts: [] }, group[0]!.windowMs)).toISOString(),
        ),
      });
      const byRow = new Map(rows.map((row) => [row.key, row]));
      for (const [key, group] of byKey) {
        const row = byRow.get(key);
        if (!row) throw new Error(`rate-limit count answered no row for a key`);
        const answers = answersOf(row, group);
        if (row.taken > group.length) {
          leases.put(key, {
            slot: Number(row.slot),
            windowMs: group[0]!.windowMs,
            left: row.taken - group.length,
            state: { slot: Number(row.slot), counts: row.counts },
          });
        }
        for (const [i, request] of group.entries()) request.resolve(answers[i]!);
      }
    } catch (error) {
      for (const request of requests) request.reject(error);
    }
  }

  async function countQueued(): Promise<void> {
    await sendRefunds();
    const batch = queue;
    queue = [];
    const byMax = new Map<number, Waiting[]>();
    for (const request of batch) {
      const group = byMax.get(request.max);
      if (group) group.push(request);
      else byMax.set(request.max, [request]);
    }
    for (const [max, requests] of byMax) await countBatch(max, requests);
  }

  function pump(): void {
    if (counting || queue.length === 0) return;
    counting = true;
    void countQueued().finally(() => {
      counting = false;
      pump();
    });
  }

  return {
    take(key, now, windowMs, max) {
      const lease = leases.get(key);
      if (lease) {
        if (lease.left > 0 && lease.slot === Math.floor(now / slotLength(windowMs))) {
          lease.left -= 1;
          return answerFromLease(lease, now, max);
        }
        endLease(key, lease);
      }
      return new Promise<WindowAnswer>((resolve, reject) => {
        queue.push({ key, now, windowMs, max, resolve, reject });
        pump();
      });
    },
    async purgeExpired(now) {
      // Leases of slots that have ended give their units back even when their key is not seen again.
      for (const [key, lease] of leases)
        if (lease.slot < Math.floor(now / slotLength(lease.windowMs))) endLease(key, lease);
      await sendRefunds();
      // One statement: concurrent runs in several processes just find fewer rows.
      await db.delete(rateLimitWindows).where(lte(rateLimitWindows.expiresAt, new Date(now)));
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

/** Most keys remembered as refused; past it the memory is simply dropped and re-learnt. */
const REFUSED_MAX_KEYS = 10_000;

interface Shared extends RateLimitStoreDeps {
  fallback: CounterBackend;
  timeoutMs: number;
  /** Keys refused → the earliest moment (epoch ms) a request could be admitted again. */
  refused: Map<string, number>;
}

/** Options @fastify/rate-limit hands a child store (the merged route options). */
interface ChildOptions {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** @fastify/rate-limit's result: `current > max` means refused; `ttl` feeds Retry-After and the reset header. */
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

class WindowStore implements FastifyRateLimitStore {
  readonly #shared: Shared;
  readonly #scope: string;

  constructor(shared: Shared, scope: string) {
    this.#shared = shared;
    this.#scope = scope;
  }

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    const shared = this.#shared;
    const now = shared.clock.now();
    const windowMs = Math.max(1, timeWindow);
    // The window's length is part of the key: a budget whose length changes starts a window of its own.
    const scoped = `${this.#scope}|${windowMs}|${key}`;
    const refusedUntil = shared.refused.get(scoped);
    if (refusedUntil !== undefined && refusedUntil > now) {
      callback(null, { current: max + 1, ttl: refusedUntil - now });
      return;
    }
    const done = (answer: WindowAnswer) => {
      if (!answer.admitted) remember(shared.refused, scoped, now + answer.retryMs, now);
      callback(null, { current: answer.admitted ? answer.used : max + 1, ttl: answer.retryMs });
    };
    let counted: WindowAnswer | Promise<WindowAnswer>;
    try {
      counted = shared.counters.take(scoped, now, windowMs, max);
    } catch (error) {
      counted = Promise.reject(error);
    }
    if (!(counted instanceof Promise)) {
      done(counted);
      return;
    }
    this.#settle(counted, scoped, now, windowMs, max, done, callback);
  }

  /** Waits for the backend's count, or counts in `fallback` when it fails or takes too long. */
  #settle(
    counted: Promise<WindowAnswer>,
    scoped: string,
    now: number,
    windowMs: number,
    max: number,
    done: (answer: WindowAnswer) => void,
    callback: IncrCallback,
  ): void {
    const shared = this.#shared;
    let settled = false;
    const failed = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      shared.onError?.(error);
      const fallback = shared.fallback.take(scoped, now, windowMs, max);
      if (fallback instanceof Promise)
        fallback.then(done, (fallbackError: unknown) => callback(fallbackError as Error));
      else done(fallback);
    };
    const timer = setTimeout(
      () => failed(new Error(`rate-limit count took over ${shared.timeoutMs} ms`)),
      shared.timeoutMs,
    );
    counted.then((answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(answer);
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

function remember(refused: Map<string, number>, key: string, until: number, now: number): void {
  if (refused.size >= REFUSED_MAX_KEYS) {
    for (const [k, end] of refused) if (end <= now) refused.delete(k);
    if (refused.size >= REFUSED_MAX_KEYS) refused.clear();
  }
  refused.set(key, until);
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
    refused: new Map(),
  };
  return class extends WindowStore {
    constructor() {
      super(shared, 'api');
    }
  };
}
