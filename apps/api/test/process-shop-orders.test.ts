/**
 * The last pieces of a SKU under a rush, across processes: two real API servers on one PostgreSQL,
 * 200 buyers (each with their own account and session) ordering the same SKU with 10 pieces left at
 * the same moment, half through each server. Exactly 10 orders are made, the other 190 buyers are
 * told OutOfStock, and the stock ends at 0 without ever going below it.
 *
 * Then the 10 buyers pay at once through the sandbox channel, starting on one server and completing
 * on both at the same moment (the pay page's 支付成功 sent twice, a replayed callback racing the first):
 * every order is paid exactly once, by exactly one succeeded payment, and the product's sales count 10.
 *
 * PostgreSQL only (TEST_DATABASE_URL; PGlite is one process): the servers get a throw-away database
 * of their own on that server, copied from the run's template when there is one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { users } from '../src/modules/member/testing-tables.ts';
import { payments, payNotifications } from '../src/modules/pay/testing-tables.ts';
import { bindSessionToUser } from '../src/modules/sessions/index.ts';
import { orderEvents, orderItems, orders } from '../src/modules/shop/testing-tables.ts';
import { sessionIdOf } from './accounts.ts';
import { createTestPostgres, type TestPostgres } from './postgres-database.ts';
import {
  type Answer,
  issueToken,
  killServers,
  request,
  type ServerProcess,
  startServer,
  stopServer,
  waitHealthy,
} from './process-server.ts';
import { addProduct, salesOf, stockOf } from './shop-fixtures.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const BUYERS = 200;
const STOCK = 10;
const PRICE = 12_800;

/** One buyer of the rush: their account, their session on one of the servers, their 收货地址. */
interface Buyer {
  userId: number;
  token: string;
  server: ServerProcess;
  addressId: number;
}

/** What one buyer's order request answered. */
interface Attempt {
  buyer: Buyer;
  answer: Answer;
}

/** An order the rush made, with the buyer who made it and the product it is of. */
interface Made {
  orderNo: string;
  buyer: Buyer;
  productId: number;
  skuId: number;
}

/** The JSON body of an answer (`resData` of the envelope), or a failure naming what came back. */
function resDataOf<T>(answer: Answer): T {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body).resData as T;
}

describe.skipIf(!SERVER_URL)('two API processes selling the last 10 pieces to 200 buyers at once', () => {
  let postgres: TestPostgres | undefined;
  const dataDirs: string[] = [];
  let database: Database;
  let servers: ServerProcess[] = [];
  /** The orders the rush made, for the payments that follow it. */
  let made: Made[] = [];

  beforeAll(async () => {
    postgres = await createTestPostgres(SERVER_URL as string);
    const { url } = postgres;
    database = await openDatabase({ kind: 'postgres', url });
    await database.migrate();
    // Both servers sign with the same secret, as a deployment behind a load balancer does.
    const secret = randomBytes(32).toString('hex');
    servers = await Promise.all(
      [0, 1].map(async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-rush-'));
        dataDirs.push(dataDir);
        return startServer({
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          JWT_SECRET: secret,
          RATE_LIMIT_SESSION_CREATE_MAX: '100000',
        });
      }),
    );
    await Promise.all(servers.map((server) => waitHealthy(server, 90_000)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server).catch(() => {})));
    await killServers();
    await database?.close();
    await postgres?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** `count` buyers made straight in the database, each logged in on server `i % 2`. */
  async function makeBuyers(count: number): Promise<Buyer[]> {
    const db = database.db;
    const tag = randomBytes(2).readUInt16BE() % 1000;
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          phone: `137${String(tag).padStart(3, '0')}${String(i).padStart(5, '0')}`,
          nickname: `抢购${i}`,
        })),
      )
      .returning({ id: users.id });
    const addressRows = await db.execute<{ id: number }>(sql`
      insert into addresses (user_id, name, phone, province, city, district, detail, is_default, created_at)
      select id, '买家', '13800138000', '广东省', '深圳市', '南山区', '科技园 1 号', true, now()
      from unnest(${`{${rows.map((row) => row.id).join(',')}}`}::int[]) as id
      returning id, user_id`);
    const addressOf = new Map(
      (addressRows as unknown as { rows: { id: number; user_id: number }[] }).rows.map((row) => [
        row.user_id,
        row.id,
      ]),
    );
    return Promise.all(
      rows.map(async (row, i) => {
        const server = servers[i % servers.length];
        const token = await issueToken(server);
        await bindSessionToUser(db, sessionIdOf(token), row.id);
        return { userId: row.id, token, server, addressId: addressOf.get(row.id) as number };
      }),
    );
  }

  /** Every buyer orders `qty` of `skuId` at the same moment, through their own server. */
  function rush(buyers: Buyer[], skuId: number, qty = 1): Promise<Attempt[]> {
    return Promise.all(
      buyers.map(async (buyer, i) => ({
        buyer,
        answer: await request(
          buyer.server,
          '/api/shop/orders',
          {
            method: 'POST',
            headers: { token: buyer.token, 'content-type': 'application/json' },
            body: JSON.stringify({
              items: [{ skuId, qty }],
              addressId: buyer.addressId,
              idempotencyKey: `rush-${skuId}-${i}`,
            }),
          },
          60_000,
        ),
      })),
    );
  }

  it('makes exactly 10 orders, tells 190 buyers OutOfStock, and never takes the stock below 0', async () => {
    const db = database.db;
    const product = await addProduct(db, { title: '限量铜钱剑', skus: [{ price: PRICE, stock: STOCK }] });
    const buyers = await makeBuyers(BUYERS);

    // Watch the stock while the rush runs.
    const seen: number[] = [];
    let rushing = true;
    const watcher = (async () => {
      while (rushing) {
        seen.push(await stockOf(db, product.skuId));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const attempts = await rush(buyers, product.skuId);
    rushing = false;
    await watcher;

    const created = attempts.filter((attempt) => attempt.answer.status === 200);
    const refused = attempts.filter((attempt) => attempt.answer.status === 409);
    expect(created).toHaveLength(STOCK);
    expect(refused).toHaveLength(BUYERS - STOCK);
    for (const { answer } of refused) expect(JSON.parse(answer.body).code).toBe('OutOfStock');
    // Each server answered its half of the rush itself (no failures, no time-outs).
    for (const server of servers) {
      const through = attempts.filter((attempt) => attempt.buyer.server === server);
      expect(through).toHaveLength(BUYERS / 2);
      expect(through.every((attempt) => [200, 409].includes(attempt.answer.status))).toBe(true);
    }

    const orderNos = created.map((attempt) => JSON.parse(attempt.answer.body).resData.orderNo as string);
    for (const { answer } of created) {
      expect(JSON.parse(answer.body).resData).toMatchObject({ status: 'pending', total: PRICE });
    }
    expect(new Set(orderNos).size).toBe(STOCK);
    const sold = await db
      .select({ orderNo: orders.orderNo, userId: orders.userId, qty: orderItems.qty })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderNo, orderItems.orderNo))
      .where(eq(orderItems.skuId, product.skuId));
    expect(sold.map((row) => row.orderNo).sort()).toEqual([...orderNos].sort());
    expect(sold.reduce((sum, row) => sum + row.qty, 0)).toBe(STOCK);
    expect(new Set(sold.map((row) => row.userId)).size).toBe(STOCK);
    expect(await stockOf(db, product.skuId)).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    made = created.map((attempt, i) => ({
      orderNo: orderNos[i],
      buyer: attempt.buyer,
      productId: product.productId,
      skuId: product.skuId,
    }));
  }, 180_000);

  it('pays each of the 10 orders exactly once while both servers take the same callbacks at once', async () => {
    expect(made).toHaveLength(STOCK);
    const db = database.db;
    const { productId, skuId } = made[0];
    const post = (server: ServerProcess, path: string, token: string, body: unknown) =>
      request(
        server,
        path,
        {
          method: 'POST',
          headers: { token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        60_000,
      );

    const seen: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        seen.push(await stockOf(db, skuId));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    // All ten at once: each starts on one server (alternating), then completes on both servers at the
    // same moment, so that the two signed callbacks of one attempt meet in two processes.
    const paid = await Promise.all(
      made.map(async ({ orderNo, buyer }, i) => {
        const start = await post(servers[i % 2], `/api/shop/orders/${orderNo}/pay`, buyer.token, {
          channel: 'sandbox',
        });
        const started = resDataOf<{ channel: string; outTradeNo: string; amount: number; url: string }>(
          start,
        );
        const completions = await Promise.all(
          servers.map((server) =>
            post(server, `/api/pay/sandbox/${orderNo}/complete`, buyer.token, {
              outTradeNo: started.outTradeNo,
              result: 'success',
            }),
          ),
        );
        return { orderNo, started, completions };
      }),
    ).finally(() => {
      watching = false;
    });
    await watcher;

    for (const { orderNo, started, completions } of paid) {
      expect(started).toMatchObject({ channel: 'sandbox', amount: PRICE });
      expect(started.url).toContain(`outTradeNo=${started.outTradeNo}`);
      // The repeat is answered like the first: the order is paid, whichever callback paid it.
      for (const completion of completions) {
        expect(resDataOf(completion)).toEqual({ orderNo, status: 'paid' });
      }
    }

    const orderNos = made.map((order) => order.orderNo);
    const orderRows = await db.select().from(orders).where(inArray(orders.orderNo, orderNos));
    expect(orderRows).toHaveLength(STOCK);
    const outTradeNoOf = new Map(paid.map(({ orderNo, started }) => [orderNo, started.outTradeNo]));
    for (const row of orderRows) {
      expect(row).toMatchObject({
        status: 'paid',
        payChannel: 'sandbox',
        total: PRICE,
        transactionId: `SB${outTradeNoOf.get(row.orderNo)}`,
      });
    }
    // One attempt per order, and it succeeded once.
    const paymentRows = await db.select().from(payments).where(inArray(payments.orderNo, orderNos));
    expect(paymentRows).toHaveLength(STOCK);
    for (const payment of paymentRows) {
      expect(payment).toMatchObject({
        outTradeNo: outTradeNoOf.get(payment.orderNo),
        status: 'succeeded',
        amount: PRICE,
        transactionId: `SB${payment.outTradeNo}`,
      });
    }
    // Both callbacks of each attempt were verified and recorded: one paid it, the other was a repeat.
    const notices = await db
      .select()
      .from(payNotifications)
      .where(inArray(payNotifications.reference, [...outTradeNoOf.values()]));
    expect(notices).toHaveLength(2 * STOCK);
    for (const outTradeNo of outTradeNoOf.values()) {
      const mine = notices.filter((notice) => notice.reference === outTradeNo);
      expect(mine.every((notice) => notice.verified)).toBe(true);
      expect(mine.map((notice) => notice.outcome).sort()).toEqual(['paid', 'repeat']);
    }
    // Each order's history: made, then paid once.
    const events = await db
      .select({ orderNo: orderEvents.orderNo, status: orderEvents.status })
      .from(orderEvents)
      .where(inArray(orderEvents.orderNo, orderNos))
      .orderBy(asc(orderEvents.id));
    for (const orderNo of orderNos) {
      expect(events.filter((event) => event.orderNo === orderNo).map((event) => event.status)).toEqual([
        'pending',
        'paid',
      ]);
    }
    // Paying moves no stock (it was taken at creation) and counts each piece sold once.
    expect(await stockOf(db, skuId)).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    expect(await salesOf(db, productId)).toBe(STOCK);
    // Either server shows the buyer the paid order.
    const { orderNo, buyer } = made[0];
    for (const server of servers) {
      const detail = await request(server, `/api/shop/orders/${orderNo}`, {
        headers: { token: buyer.token },
      });
      expect(resDataOf(detail)).toMatchObject({
        orderNo,
        status: 'paid',
        payChannel: 'sandbox',
        total: PRICE,
      });
    }
  }, 180_000);
});
