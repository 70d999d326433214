import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, FIXED_NOW, fixedClock, type TestApp } from '../../../test/build.ts';
import { rateLimitCounters } from './schema.ts';
import { type CounterBackend, databaseCounters, memoryCounters, rateLimitStore } from './store.ts';

/** One `incr` through the store, as @fastify/rate-limit calls it. */
function incr(store: FastifyRateLimitStore, key: string, window = 60_000, max = 3) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), window, max),
  );
}

describe('memoryCounters', () => {
  it('counts per key and window and starts again in the next window', () => {
    const counters = memoryCounters();
    expect(counters.hit('a', 0, 60)).toBe(1);
    expect(counters.hit('a', 0, 60)).toBe(2);
    expect(counters.hit('b', 0, 60)).toBe(1);
    expect(counters.hit('a', 60, 120)).toBe(1);
  });

  it('stays within its key limit by dropping ended windows, then the oldest', async () => {
    const counters = memoryCounters(3);
    counters.hit('old', 0, 60);
    counters.hit('a', 60, 120);
    counters.hit('b', 60, 120);
    // 'old' has ended: it goes first, the live ones stay.
    counters.hit('c', 60, 120);
    expect(counters.hit('a', 60, 120)).toBe(2);
    // Full of live windows: the oldest-started one ('a') is forgotten.
    counters.hit('d', 60, 120);
    expect(counters.hit('b', 60, 120)).toBe(2);
    expect(counters.hit('a', 60, 120)).toBe(1);
    await counters.purgeExpired(120);
    expect(counters.hit('a', 120, 180)).toBe(1);
  });
});

describe('rateLimitStore', () => {
  it('counts fixed windows on the injected clock, with the time left as ttl', async () => {
    const clock = fixedClock(FIXED_NOW + 15_000);
    const Store = rateLimitStore({ counters: memoryCounters(), clock });
    const store = new Store({});
    expect(await incr(store, 'ip')).toEqual({ current: 1, ttl: 45_000 });
    expect(await incr(store, 'ip')).toEqual({ current: 2, ttl: 45_000 });
    clock.advanceSeconds(45);
    expect(await incr(store, 'ip')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps route budgets and groups apart, and createRateLimit budgets in the root scope', async () => {
    const Store = rateLimitStore({ counters: memoryCounters(), clock: fixedClock() });
    const root = new Store({});
    const route = root.child({ routeInfo: { method: 'POST', url: '/a' } } as never);
    const group = root.child({ groupId: 'login', routeInfo: { method: 'POST', url: '/b' } } as never);
    const custom = root.child({ routeInfo: {} } as never);
    await incr(root, 'ip');
    expect((await incr(route, 'ip')).current).toBe(1);
    expect((await incr(group, 'ip')).current).toBe(1);
    expect((await incr(custom, 'ip')).current).toBe(2);
  });

  it('answers a key over its limit from memory until its window ends', async () => {
    const clock = fixedClock();
    const hit = vi.fn((_key: string, _start: number, _end: number) => Promise.resolve(hit.mock.calls.length));
    const counters: CounterBackend = { hit, purgeExpired: async () => {} };
    const store = new (rateLimitStore({ counters, clock }))({});
    for (let i = 0; i < 4; i++) await incr(store, 'ip', 60_000, 3);
    expect(hit).toHaveBeenCalledTimes(4);
    expect(await incr(store, 'ip', 60_000, 3)).toEqual({ current: 4, ttl: 60_000 });
    expect(hit).toHaveBeenCalledTimes(4);
    clock.advanceSeconds(60);
    await incr(store, 'ip', 60_000, 3);
    expect(hit).toHaveBeenCalledTimes(5);
  });

  it('counts in memory while its backend fails, and says so', async () => {
    const onError = vi.fn();
    const counters: CounterBackend = {
      hit: () => Promise.reject(new Error('connection refused')),
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
      hit: () => new Promise<number>(() => {}),
      purgeExpired: async () => {},
    };
    const store = new (rateLimitStore({ counters, clock: fixedClock(), onError, timeoutMs: 20 }))({});
    expect((await incr(store, 'ip')).current).toBe(1);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'rate-limit count took over 20 ms' }),
    );
  });
});

describe('databaseCounters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('counts atomically, even for concurrent hits', async () => {
    const counters = databaseCounters(t.database.db);
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => counters.hit('k', FIXED_NOW, FIXED_NOW + 60_000)),
    );
    expect(counts.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await counters.hit('k', FIXED_NOW + 60_000, FIXED_NOW + 120_000)).toBe(1);
  });

  it('purges ended windows only, and purging twice at once is harmless', async () => {
    const counters = databaseCounters(t.database.db);
    await counters.hit('old', FIXED_NOW - 60_000, FIXED_NOW);
    await counters.hit('live', FIXED_NOW, FIXED_NOW + 60_000);
    await Promise.all([counters.purgeExpired(FIXED_NOW), counters.purgeExpired(FIXED_NOW)]);
    const keys = (await t.database.db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys).not.toContain('old');
    expect(keys).toContain('live');
  });
});
