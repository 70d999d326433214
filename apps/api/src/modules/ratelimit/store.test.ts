import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { FIXED_NOW, fixedClock, testDatabaseKind } from '../../../test/build.ts';
import { useTestApp } from '../../../test/suite.ts';
import { rateLimitWindows } from './schema.ts';
import { SLOTS, slotLength, takeFromWindow, type WindowAnswer } from './sliding-window.ts';
import { type CounterBackend, databaseCounters, leaseSize, memoryCounters, rateLimitStore } from './store.ts';

/** One `incr` through the store, as @fastify/rate-limit calls it. */
function incr(store: FastifyRateLimitStore, key: string, window = 60_000, max = 3) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), window, max),
  );
}

/** A seeded generator (mulberry32), so that a failing sequence can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Request times: bursts and pauses, `count` of them from `start`, never going back. */
function requestTimes(seed: number, start: number, count: number, windowMs: number): number[] {
  const next = random(seed);
  const times: number[] = [];
  let now = start;
  for (let i = 0; i < count; i++) {
    const roll = next();
    now +=
      roll < 0.6
        ? Math.floor(next() * 50)
        : roll < 0.9
          ? Math.floor(next() * windowMs * 0.2)
          : Math.floor(next() * windowMs * 1.5);
    times.push(now);
  }
  return times;
}

/** The largest number of `admitted` times in any closed interval `windowMs` long. */
function busiestWindow(admitted: number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < admitted.length; last++) {
    while (admitted[last] - admitted[first] > windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** Runs `times` through `take` of one key, in order; the answers. */
async function replay(
  counters: CounterBackend,
  key: string,
  times: number[],
  windowMs: number,
  max: number,
): Promise<WindowAnswer[]> {
  const answers: WindowAnswer[] = [];
  for (const now of times) answers.push(await counters.take(key, now, windowMs, max));
  return answers;
}

/** The pure rule's answers for `times`. */
function modelAnswers(times: number[], windowMs: number, max: number): WindowAnswer[] {
  let state: ReturnType<typeof takeFromWindow>['state'] | undefined;
  return times.map((now) => {
    const step = takeFromWindow(state, now, windowMs, max);
    state = step.state;
    return step.answer;
  });
}

describe('the sliding window', () => {
  it('admits at most max in any window-long interval, whatever the rhythm', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const windowMs = [1000, 60_000, 600_000, 3_600_000][seed % 4];
      const max = 1 + (seed % 12);
      const times = requestTimes(seed, FIXED_NOW + seed * 7919, 400, windowMs);
      const answers = modelAnswers(times, windowMs, max);
      const admitted = times.filter((_, i) => answers[i].admitted);
      expect(busiestWindow(admitted, windowMs), `seed ${seed}`).toBeLessThanOrEqual(max);
      // …and is not a trickle: over the run it admits a fair share of what was asked.
      expect(admitted.length, `seed ${seed}`).toBeGreaterThanOrEqual(Math.min(max, times.length));
    }
  });

  it('gives no fresh budget at the top of the hour: 18 SMS in the 25 s around it get 10', () => {
    const hour = 3_600_000;
    const edge = Date.UTC(2026, 0, 15, 5, 0, 0);
    const times = Array.from({ length: 18 }, (_, i) => edge - 12_500 + Math.round((i * 25_000) / 17));
    const answers = modelAnswers(times, hour, 10);
    expect(answers.map((a) => a.admitted)).toEqual([
      ...new Array(10).fill(true),
      ...new Array(8).fill(false),
    ]);
  });

  it('says in Retry-After when a retry is admitted, and means it', () => {
    const windowMs = 60_000;
    const slot = slotLength(windowMs);
    expect(slot).toBe(windowMs / SLOTS);
    // Two requests 20 s into a minute, then a third: refused until the first two have left.
    const start = FIXED_NOW + 20_000;
    const answers = modelAnswers([start, start + 5_000, start + 6_000], windowMs, 2);
    expect(answers.map((a) => a.admitted)).toEqual([true, true, false]);
    const refusal = answers[2];
    // The first request's slot (20–22 s) leaves the window at 82 s: the exact window plus part of a slot.
    expect(refusal.retryMs).toBe(82_000 - 26_000);
    expect(
      modelAnswers([start, start + 5_000, start + 5_999 + refusal.retryMs], windowMs, 2)[2].admitted,
    ).toBe(false);
    expect(
      modelAnswers([start, start + 5_000, start + 6_000 + refusal.retryMs], windowMs, 2)[2].admitted,
    ).toBe(true);
  });

  it('starts afresh once a whole window and its last slot have passed', () => {
    const windowMs = 60_000;
    const burst = Array.from({ length: 5 }, (_, i) => FIXED_NOW + i);
    const later = Array.from({ length: 5 }, (_, i) => FIXED_NOW + windowMs + slotLength(windowMs) + i);
    expect(modelAnswers([...burst, ...later], windowMs, 5).every((a) => a.admitted)).toBe(true);
  });
});

describe('memoryCounters', () => {
  it('answers as the rule does, per key', async () => {
    const counters = memoryCounters();
    const times = requestTimes(7, FIXED_NOW, 500, 60_000);
    expect(await replay(counters, 'a', times, 60_000, 5)).toEqual(modelAnswers(times, 60_000, 5));
    expect((await counters.take('b', times.at(-1)!, 60_000, 5)).used).toBe(1);
  });

  it('stays within its key limit by dropping ended windows, then the least recently used', async () => {
    const counters = memoryCounters(3);
    const windowMs = 60_000;
    const gone = FIXED_NOW + 2 * windowMs;
    counters.take('old', FIXED_NOW, windowMs, 9);
    counters.take('a', gone, windowMs, 9);
    counters.take('b', gone, windowMs, 9);
    // 'old' has ended: it goes first, the live ones stay.
    counters.take('c', gone, windowMs, 9);
    expect((counters.take('a', gone, windowMs, 9) as WindowAnswer).used).toBe(2);
    // Full of live windows: the least recently used one ('b') is forgotten.
    counters.take('d', gone, windowMs, 9);
    expect((counters.take('b', gone, windowMs, 9) as WindowAnswer).used).toBe(1);
    expect((counters.take('a', gone, windowMs, 9) as WindowAnswer).used).toBe(3);
    await counters.purgeExpired(gone + 3 * windowMs);
    expect((counters.take('a', gone + 3 * windowMs, windowMs, 9) as WindowAnswer).used).toBe(1);
  });
});

describe('rateLimitStore', () => {
  it('counts a sliding window on the injected clock, with the time until a retry as ttl', async () => {
    const clock = fixedClock(FIXED_NOW + 15_000);
    const Store = rateLimitStore({ counters: memoryCounters(), clock });
    const store = new Store({});
    expect(await incr(store, 'ip')).toEqual({ current: 1, ttl: 61_000 });
    expect(await incr(store, 'ip')).toEqual({ current: 2, ttl: 61_000 });
    expect(await incr(store, 'ip')).toEqual({ current: 3, ttl: 61_000 });
    expect(await incr(store, 'ip')).toEqual({ current: 4, ttl: 61_000 });
    // 45 s later is a new fixed minute, but the three requests are still inside the window.
    clock.advanceSeconds(45);
    expect(await incr(store, 'ip')).toEqual({ current: 4, ttl: 16_000 });
    clock.advanceSeconds(16);
    expect(await incr(store, 'ip')).toEqual({ current: 1, ttl: 62_000 });
  });

  it('keeps route budgets, groups and window lengths apart, and createRateLimit budgets in the root scope', async () => {
    const Store = rateLimitStore({ counters: memoryCounters(), clock: fixedClock() });
    const root = new Store({});
    const route = root.child({ routeInfo: { method: 'POST', url: '/a' } } as never);
    const group = root.child({ groupId: 'login', routeInfo: { method: 'POST', url: '/b' } } as never);
    const custom = root.child({ routeInfo: {} } as never);
    await incr(root, 'ip');
    expect((await incr(route, 'ip')).current).toBe(1);
    expect((await incr(group, 'ip')).current).toBe(1);
    expect((await incr(custom, 'ip')).current).toBe(2);
    expect((await incr(custom, 'ip', 600_000)).current).toBe(1);
  });

  it('answers a refused key from memory until its retry time', async () => {
    const clock = fixedClock();
    const take = vi.fn((_key: string, now: number, windowMs: number, max: number) =>
      Promise.resolve(takeFromWindow(undefined, now, windowMs, max).answer),
    );
    take.mockResolvedValueOnce({ admitted: false, used: 3, retryMs: 30_000 });
    const counters: CounterBackend = { take, purgeExpired: async () => {} };
    const store = new (rateLimitStore({ counters, clock }))({});
    expect(await incr(store, 'ip', 60_000, 3)).toEqual({ current: 4, ttl: 30_000 });
    clock.advanceSeconds(29);
    expect(await incr(store, 'ip', 60_000, 3)).toEqual({ current: 4, ttl: 1_000 });
    expect(take).toHaveBeenCalledTimes(1);
    clock.advanceSeconds(1);
    expect((await incr(store, 'ip', 60_000, 3)).current).toBe(1);
    expect(take).toHaveBeenCalledTimes(2);
  });

  it('counts in memory while its backend fails, and says so', async () => {
    const onError = vi.fn();
    const counters: CounterBackend = {
      take: () => Promise.reject(new Error('connection refused')),
      purgeExpired: async () => {},
    };
    const store = new (rateLimitStore({ counters, clock: fixedClock(), onError }))({});
    expect((await incr(store, 'ip')).current).toBe(1);
    expect((await incr(store, 'ip')).current).toBe(2);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'connection refused' }));
  });

  it('counts in memory when its backend does not answer in time', async () => {
    const onError = vi.fn();
    const counters: CounterBackend = {
      take: () => new Promise<WindowAnswer>(() => {}),
      purgeExpired: async () => {},
    };
    const store = new (rateLimitStore({ counters, clock: fixedClock(), onError, timeoutMs: 20 }))({});
    expect((await incr(store, 'ip')).current).toBe(1);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'rate-limit count took over 20 ms' }),
    );
  });
});

describe(`databaseCounters (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('answers as the rule does, request by request', async () => {
    const counters = databaseCounters(t.database.db);
    for (const [seed, windowMs, max] of [
      [11, 60_000, 4],
      [12, 3_600_000, 10],
      [13, 1_000, 2],
    ] as const) {
      const times = requestTimes(seed, FIXED_NOW, 150, windowMs);
      expect(await replay(counters, `rule-${seed}`, times, windowMs, max), `seed ${seed}`).toEqual(
        modelAnswers(times, windowMs, max),
      );
    }
  });

  it('never admits more than the budget to parallel requests', async () => {
    const counters = databaseCounters(t.database.db);
    for (let round = 0; round < 3; round++) {
      const now = FIXED_NOW + round * 10 * 60_000;
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => counters.take(`parallel-${round}`, now, 60_000, 15)),
      );
      expect(answers.filter((a) => a.admitted)).toHaveLength(15);
      expect(
        answers
          .filter((a) => a.admitted)
          .map((a) => a.used)
          .toSorted((a, b) => a - b),
      ).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    }
  });

  it('follows the newest slot when a process with a slower clock writes', async () => {
    const counters = databaseCounters(t.database.db);
    await counters.take('skew', FIXED_NOW + 10_000, 60_000, 3);
    await counters.take('skew', FIXED_NOW + 9_000, 60_000, 3);
    await counters.take('skew', FIXED_NOW + 10_000, 60_000, 3);
    expect((await counters.take('skew', FIXED_NOW + 8_000, 60_000, 3)).admitted).toBe(false);
  });

  it('leases units to a busy key of a large budget: two processes spend it exactly, mostly without the database', async () => {
    const max = 300;
    expect(leaseSize(max)).toBe(10);
    const [a, b] = [databaseCounters(t.database.db), databaseCounters(t.database.db)];
    const now = FIXED_NOW + 20 * 60_000;
    let admitted = 0;
    let fromMemory = 0;
    // One client's requests, one at a time, answered by two processes in turn.
    for (let i = 0; i < 400; i++) {
      const counted = (i % 2 === 0 ? a : b).take('busy', now + i, 60_000, max);
      if (!(counted instanceof Promise)) fromMemory += 1;
      if ((await counted).admitted) admitted += 1;
    }
    expect(admitted).toBe(max);
    expect(fromMemory).toBeGreaterThan(0.8 * max);
  });

  it('gives units a process reserved and did not spend back to their slot, and never leases a small budget', async () => {
    const max = 120;
    const lease = leaseSize(max);
    expect(lease).toBe(4);
    const [a, b] = [databaseCounters(t.database.db), databaseCounters(t.database.db)];
    const slot = slotLength(60_000);
    const start = Math.ceil((FIXED_NOW + 40 * 60_000) / slot) * slot;
    // Two requests in one slot: the second reserves a lease, of which it spends one unit.
    expect((await a.take('refund', start, 60_000, max)).admitted).toBe(true);
    expect((await a.take('refund', start + 1, 60_000, max)).admitted).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.key, 'refund'));
    expect(row?.counts.at(-1)).toBe(2 + lease);
    // The next slot: the lease has ended, and its unspent units go back before this request counts.
    expect((await a.take('refund', start + slot, 60_000, max)).admitted).toBe(true);
    let admittedElsewhere = 0;
    for (let i = 0; i < max; i++)
      if ((await b.take('refund', start + slot + 1 + i, 60_000, max)).admitted) admittedElsewhere++;
    expect(admittedElsewhere).toBe(max - 3);
    // A budget under 60 is counted request by request: nothing is reserved.
    expect(leaseSize(59)).toBe(0);
    for (let i = 0; i < 3; i++) await a.take('small', start + i, 60_000, 10);
    const [small] = await t.database.db
      .select()
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.key, 'small'));
    expect(small?.counts.at(-1)).toBe(3);
  });

  it('lives in an UNLOGGED table (no WAL flush per request)', async () => {
    const result = await t.database.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limit_windows'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      relpersistence: string;
    }[];
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('purges windows whose requests have all left only, and purging twice at once is harmless', async () => {
    const counters = databaseCounters(t.database.db);
    await counters.take('old', FIXED_NOW - 2 * 60_000, 60_000, 5);
    await counters.take('live', FIXED_NOW - 10_000, 60_000, 5);
    await Promise.all([counters.purgeExpired(FIXED_NOW), counters.purgeExpired(FIXED_NOW)]);
    const keys = (await t.database.db.select().from(rateLimitWindows)).map((row) => row.key);
    expect(keys).not.toContain('old');
    expect(keys).toContain('live');
  });
});
