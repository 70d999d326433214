import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPhone, visitorToken } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { useTestApp } from '../../test/suite.ts';
import { buildApp } from '../app.ts';
import { type Config, DEFAULT_RATE_BUDGETS } from '../config.ts';
import { isStaticPath, routeRateLimit } from './rate-limit.ts';

/** What varies between the requests {@link statuses} sends. */
interface RequestShape {
  url?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

const DAY_URL = '/api/calendar/day?date=2026-01-15';

/** Status codes of `count` GETs; `shape` may differ per request (`i` counts from 0). */
async function statuses(
  app: FastifyInstance,
  count: number,
  shape: RequestShape | ((i: number) => RequestShape) = {},
): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) {
    const { url = DAY_URL, ...rest } = typeof shape === 'function' ? shape(i) : shape;
    codes.push((await app.inject({ method: 'GET', url, ...rest })).statusCode);
  }
  return codes;
}

describe('rate limit behind a proxy (TRUST_PROXY as a hop count)', () => {
  let t: TestApp;
  const PROXY = '10.0.0.2';
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitMax: 5, trustProxy: 1 } });
  });
  afterAll(() => t.close());

  it('limits a client that rotates X-Forwarded-For in front of the proxy', async () => {
    // The proxy appends the address it saw; everything left of it is whatever the client sent.
    const codes = await statuses(t.app, 8, (i) => ({
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `198.18.${i}.${i}, 203.0.113.7` },
    }));
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('gives each client behind the proxy its own budget (the proxy is not one big client)', async () => {
    const codes = await statuses(t.app, 5, {
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(codes).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('rate limit with TRUST_PROXY as an address list', () => {
  const t = useTestApp({ config: { rateLimitMax: 3, trustProxy: ['10.0.0.0/8'] } });

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    const codes = await statuses(t.app, 5, (i) => ({
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': `198.18.0.${i}` },
    }));
    expect(codes).toEqual([200, 200, 200, 429, 429]);
  });

  it('believes a listed proxy', async () => {
    const a = await statuses(t.app, 3, {
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '198.18.1.1' },
    });
    const b = await statuses(t.app, 3, {
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '198.18.1.2' },
    });
    expect([...a, ...b]).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe('429 answers', () => {
  const t = useTestApp({ config: { rateLimitMax: 2 } });

  it('are our envelope with retry-after in seconds until a retry is admitted', async () => {
    // Two requests 20 s into a minute spend the budget until they leave the sliding window: a minute
    // and the rest of their 2-second slot later (modules/ratelimit/sliding-window.ts).
    t.clock.advanceSeconds(20);
    await statuses(t.app, 2);
    const res = await t.app.inject({ method: 'GET', url: DAY_URL });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'TooManyRequests', msg: 'too many requests, retry in 62 s' });
    expect(res.headers['retry-after']).toBe('62');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    // The top of the next minute (a fixed window's fresh budget) changes nothing…
    t.clock.advanceSeconds(40);
    expect(await statuses(t.app, 1)).toEqual([429]);
    // …the moment Retry-After named does, by the injected clock.
    t.clock.advanceSeconds(22);
    expect(await statuses(t.app, 2)).toEqual([200, 200]);
  });
});

describe('stored files and lesson videos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        rateLimitMax: 2,
        rateBudgets: { ...DEFAULT_RATE_BUDGETS, media: { max: 4, windowSeconds: 60 } },
      },
    });
  });
  afterAll(() => t.close());

  it('count in the media budget, not in the general one', async () => {
    const file = () => t.app.inject({ method: 'GET', url: '/api/files/console/images/2026/none.webp' });
    const video = () => t.app.inject({ method: 'GET', url: '/api/ketang/media/private/none.mp4' });
    const media = [await file(), await video(), await file(), await video()].map((r) => r.statusCode);
    expect(media).not.toContain(429);
    // The general budget is untouched by them…
    expect(await statuses(t.app, 2)).toEqual([200, 200]);
    // …and the media budget has its own end.
    expect((await file()).statusCode).toBe(429);
  });
});

describe('the SPA under /xuanli/', () => {
  const dist = mkdtempSync(join(tmpdir(), 'xuanli-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>玄历</title>');
    writeFileSync(join(dist, 'assets/index-abc123.js'), 'console.log(1)');
    t = await buildTestApp({ config: { webDist: dist, rateLimitMax: 2 } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is outside the API budget and still gets the security headers', async () => {
    for (let i = 0; i < 6; i++) {
      for (const url of ['/xuanli/', '/xuanli/assets/index-abc123.js', '/xuanli', '/']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeLessThan(400);
        expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    }
    // The API budget is untouched by all that.
    expect(await statuses(t.app, 3)).toEqual([200, 200, 429]);
  });

  it('is told apart by path prefix only', () => {
    for (const url of ['/', '/?a=1', '/xuanli', '/xuanli/', '/xuanli?x', '/xuanli/assets/a.js']) {
      expect(isStaticPath(url), url).toBe(true);
    }
    for (const url of ['/api/base/token', '/xuanlix', '/xuanli-admin/', '//xuanli/', '/api/xuanli/']) {
      expect(isStaticPath(url), url).toBe(false);
    }
  });
});

describe('named budgets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ready: false, config: { rateLimitMax: 100 } });
    const config: Pick<Config, 'rateBudgets'> = {
      rateBudgets: { ...t.config.rateBudgets, login: { max: 2, windowSeconds: 600 } },
    };
    // How the login module will use it: the route gets the login budget instead of the general one.
    for (const url of ['/api/test/login', '/api/test/login-by-code']) {
      t.app.post(url, { config: routeRateLimit(config, 'login') }, async () => ({ ok: true }));
    }
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('routeRateLimit gives routes one shared budget of their own', async () => {
    const login = (url: string) => t.app.inject({ method: 'POST', url });
    expect((await login('/api/test/login')).statusCode).toBe(200);
    expect((await login('/api/test/login-by-code')).statusCode).toBe(200);
    const third = await login('/api/test/login');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('TooManyRequests');
    // A 600 s window, both requests in its first 20 s slot: they leave 620 s later.
    expect(third.headers['retry-after']).toBe('620');
    // The general budget is still there for everything else.
    expect(await statuses(t.app, 2)).toEqual([200, 200]);
  });
});

describe('counters in the database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitMax: 10, rateLimitStore: 'database' } });
    // A second process on the same database: another app over the same tables.
    second = await buildApp({ db: t.database.db, config: t.config, clock: t.clock, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('make several app instances share one budget', async () => {
    const first = await statuses(t.app, 6);
    const other = await statuses(second, 6);
    expect(first).toEqual([200, 200, 200, 200, 200, 200]);
    expect(other).toEqual([200, 200, 200, 200, 429, 429]);
    const limited = await t.app.inject({ method: 'GET', url: DAY_URL });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TooManyRequests');
  });

  it('count concurrent requests exactly', async () => {
    // Past the window and the slot of the requests above.
    t.clock.advanceSeconds(62);
    const all = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? second : t.app).inject({ method: 'GET', url: DAY_URL })),
    );
    const codes = all.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(6);
  });
});

describe.each(['memory', 'database'] as const)(
  'the SMS budget across the top of the hour (%s counters)',
  (store) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({
        config: {
          rateLimitStore: store,
          rateBudgets: {
            ...DEFAULT_RATE_BUDGETS,
            sessionCreate: { max: 1000, windowSeconds: 60 },
            sms: { max: 10, windowSeconds: 3600 },
          },
        },
      });
    });
    afterAll(() => t.close());

    it('admits 10 of 18 codes asked for in the 25 seconds around it, and the next an hour after the first', async () => {
      // Fixed windows restarted at every clock hour: these 18 requests (a new phone each, so that only
      // the per-IP budget applies) all got a code, 9 before and 9 after 05:00.
      const edge = Date.UTC(2026, 0, 15, 5, 0, 0);
      const token = await visitorToken(t);
      const send = async (at: number) => {
        t.clock.set(at);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/crm/member/sms',
          headers: { token },
          payload: { phone: testPhone() },
        });
        return res;
      };
      const times = Array.from({ length: 18 }, (_, i) => edge - 12_500 + Math.round((i * 25_000) / 17));
      const answers = [];
      for (const at of times) answers.push(await send(at));
      expect(answers.map((res) => res.statusCode)).toEqual([
        ...new Array(10).fill(200),
        ...new Array(8).fill(429),
      ]);
      // The first nine were sent in the 2-minute slot 04:58–05:00: they stop counting at 06:00 (the
      // window plus the rest of their slot), which the last refusal, at 05:00:12.5, says in whole seconds.
      expect(answers.at(-1)!.headers['retry-after']).toBe(String(Math.ceil((3_600_000 - 12_500) / 1000)));
      expect((await send(edge + 3_600_000 - 1)).statusCode).toBe(429);
      expect((await send(edge + 3_600_000)).statusCode).toBe(200);
    });
  },
);
