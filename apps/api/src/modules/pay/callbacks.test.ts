/**
 * Callbacks that fail verification cannot fill the disk, nor one address flood the callback route:
 * forged posts to `POST /api/pay/notify/{channel}` are only tallied (one row per channel, reason and
 * source network, a 200-character sample of the first), new sources past the cap fold into one row,
 * tallies past their retention are purged by the clean-up job, and callbacks have a per-IP budget of
 * their own, apart from the general one. The app runs with WeChat Pay configured against keys made
 * for this run (no request leaves the process: verification needs none).
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, fixedClock, type TestApp, testConfig } from '../../../test/build.ts';
import { payNotifications, payRefusedCallbacks } from './schema.ts';
import { parsePayConfig } from './settings.ts';
import { FakeWechatPay } from './testing.ts';

let t: TestApp;
let wechat: FakeWechatPay;

/** The callback budget: 60 a minute per IP, while the general budget is 5. */
const NOTIFY_MAX = 60;

beforeAll(async () => {
  const clock = fixedClock();
  wechat = new FakeWechatPay(clock);
  const budgets = testConfig().rateBudgets;
  t = await buildTestApp({
    clock,
    config: {
      rateLimitMax: 5,
      rateBudgets: { ...budgets, payNotify: { max: NOTIFY_MAX, windowSeconds: 60 } },
      pay: {
        ...parsePayConfig({
          ...wechat.env('https://api.mch.weixin.qq.com'),
          PAY_PUBLIC_URL: 'https://shop.example.com',
        }),
        refusedCallbackMaxRows: 4,
      },
      // The clean-up jobs run every second or so (the retention test waits for one).
      cleanupIntervalSeconds: 1,
    },
  });
});
afterAll(() => t.close());

/** A callback dressed as WeChat's but signed by nobody WeChat knows, with a body of `size` bytes. */
function forged(size: number, remoteAddress: string, on: TestApp = t) {
  const body = JSON.stringify({
    event_type: 'TRANSACTION.SUCCESS',
    resource: { ciphertext: 'A'.repeat(size) },
  });
  return on.app.inject({
    method: 'POST',
    url: '/api/pay/notify/wechat',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': String(Math.floor(on.clock.now() / 1000)),
      'wechatpay-nonce': 'n0nce',
      'wechatpay-signature': Buffer.alloc(256, 7).toString('base64'),
      'wechatpay-serial': 'FORGED0123456789',
    },
    payload: body,
  });
}

async function tallies(on: TestApp = t) {
  return on.database.db.select().from(payRefusedCallbacks).orderBy(payRefusedCallbacks.id);
}

/** Bytes of text the tallies hold. */
async function talliedBytes(): Promise<number> {
  const [{ bytes }] = await t.database.db
    .select({
      bytes: sql<number>`coalesce(sum(octet_length(${payRefusedCallbacks.sample}) + octet_length(${payRefusedCallbacks.reason}) + octet_length(${payRefusedCallbacks.source})), 0)::int`,
    })
    .from(payRefusedCallbacks);
  return bytes;
}

describe('callbacks that fail verification', () => {
  it('leave one tally row and a bounded sample for 40 forged 60 KB posts, and nothing in full', async () => {
    const [{ n: keptBefore }] = await t.database.db.select({ n: count() }).from(payNotifications);
    for (let i = 0; i < 40; i++) {
      const res = await forged(60_000, '198.51.100.7');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'FAIL', message: 'verification failed' });
    }
    const [{ n: keptAfter }] = await t.database.db.select({ n: count() }).from(payNotifications);
    expect(keptAfter).toBe(keptBefore);
    const rows = await tallies();
    expect(rows).toEqual([
      expect.objectContaining({
        channel: 'wechat',
        reason: 'unknown serial',
        source: '198.51.100.0/24',
        count: 40,
        firstSeenAt: new Date(t.clock.now()),
        lastSeenAt: new Date(t.clock.now()),
      }),
    ]);
    expect(rows[0].sample).toHaveLength(200);
    expect(rows[0].sample.startsWith('{"event_type":"TRANSACTION.SUCCESS"')).toBe(true);
    // 2.4 MB posted, a few hundred bytes kept.
    expect(await talliedBytes()).toBeLessThan(300);
  });

  it('fold new sources past PAY_REFUSED_CALLBACK_MAX_ROWS into one row', async () => {
    for (let i = 1; i <= 10; i++) expect((await forged(100, `10.0.${i}.9`)).statusCode).toBe(400);
    const rows = await tallies();
    // The cap (4) plus the overflow row, whatever the number of sources.
    expect(rows.map((row) => [row.source, row.count])).toEqual([
      ['198.51.100.0/24', 40],
      ['10.0.1.0/24', 1],
      ['10.0.2.0/24', 1],
      ['10.0.3.0/24', 1],
      ['*', 7],
    ]);
    expect((await forged(100, '10.0.2.200')).statusCode).toBe(400);
    expect((await tallies()).find((row) => row.source === '10.0.2.0/24')?.count).toBe(2);
  });

  it('have a per-IP budget of their own: 429 beyond it, while the general budget does not count them', async () => {
    // 40 callbacks from this address already passed a general budget of 5: they are not counted in it.
    const general = [];
    for (let i = 0; i < 6; i++) {
      general.push(
        (await t.app.inject({ method: 'GET', url: '/api/pay/channels', remoteAddress: '198.51.100.7' }))
          .statusCode,
      );
    }
    expect(general).toEqual([200, 200, 200, 200, 200, 429]);
    for (let i = 40; i < NOTIFY_MAX; i++) expect((await forged(100, '198.51.100.7')).statusCode).toBe(400);
    const refused = await forged(100, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address keeps its own budget.
    expect((await forged(100, '198.51.100.8')).statusCode).toBe(400);
    expect((await tallies()).find((row) => row.source === '198.51.100.0/24')?.count).toBe(NOTIFY_MAX + 1);
  });

  it('are purged by the clean-up job once not seen for PAY_REFUSED_CALLBACK_RETENTION_DAYS', async () => {
    expect(t.config.pay.refusedCallbackRetentionDays).toBe(30);
    t.clock.advanceSeconds(30 * 86_400 - 60);
    // Seen 29 days 23:59 ago: kept through several runs of the job.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await tallies()).length).toBeGreaterThan(0);
    t.clock.advanceSeconds(120);
    await vi.waitFor(async () => expect(await tallies()).toEqual([]), { timeout: 10_000, interval: 200 });
    // A refusal seen now is kept by the next runs, under a row of its own again.
    expect((await forged(100, '203.0.113.5')).statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await tallies()).map((row) => [row.source, row.count])).toEqual([['203.0.113.0/24', 1]]);
  });
});

describe('refused callbacks counted in memory (PAY_REFUSED_CALLBACK_FLUSH_SECONDS)', () => {
  it('are written every interval as one row per source, exact, bounded by the row cap, and at close', async () => {
    const clock = fixedClock();
    const fake = new FakeWechatPay(clock);
    // The interval is the test's to move: on a busy machine the posts below may take longer than
    // it, and a write in the middle of them is not what this test is about.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const buffered = await buildTestApp({
      clock,
      config: {
        pay: {
          ...parsePayConfig({
            ...fake.env('https://api.mch.weixin.qq.com'),
            PAY_PUBLIC_URL: 'https://shop.example.com',
          }),
          refusedCallbackMaxRows: 2,
        },
      },
      refusedCallbackFlushSeconds: 1,
    });
    try {
      for (let i = 0; i < 30; i++)
        expect((await forged(5000, '198.51.100.7', buffered)).statusCode).toBe(400);
      for (const source of ['10.0.1.9', '10.0.2.9', '10.0.3.9'])
        expect((await forged(100, source, buffered)).statusCode).toBe(400);
      // Nothing was written per post: the flood is in memory until the next write.
      expect(await tallies(buffered)).toEqual([]);
      await vi.advanceTimersByTimeAsync(1000);
      // One write, of several statements: wait for all of it. Two rows (the cap): the first source
      // and the first new one; the other two counted under '*'.
      await vi.waitFor(
        async () =>
          expect((await tallies(buffered)).map((row) => [row.source, row.count])).toEqual([
            ['198.51.100.0/24', 30],
            ['10.0.1.0/24', 1],
            ['*', 2],
          ]),
        { timeout: 10_000, interval: 100 },
      );
      expect((await tallies(buffered))[0]?.sample).toHaveLength(200);
      // Later refusals add to the same rows.
      expect((await forged(100, '198.51.100.9', buffered)).statusCode).toBe(400);
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(
        async () =>
          expect((await tallies(buffered)).find((row) => row.source === '198.51.100.0/24')?.count).toBe(31),
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await buffered.close();
      vi.useRealTimers();
    }
  });
});
