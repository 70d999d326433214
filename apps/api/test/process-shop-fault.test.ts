/**
 * Crashes around orders, with the real server on a real database. A server is killed (kill -9) after
 * a buyer started paying and before the provider's callback arrived; another is killed in the middle
 * of a burst of order creations. A new server on the same database (and data folder) finds every
 * order whole: the one waiting for its money still pending with the same lines, total and reserved
 * stock, which the late callback then pays exactly once; and each order of the burst made in full
 * (its lines, its first event, its stock taken) or not at all, so that a buyer who sends an
 * unanswered order again gets exactly one order for it.
 *
 * Each run targets its own database, like the rest of the suite: the embedded PGlite data folder in a
 * run without TEST_DATABASE_URL, a throw-away database on that PostgreSQL server in a run with it.
 */
import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type {
  OrderCreate,
  OrderCreated,
  OrderDetail,
  OrderList,
  ProductDetail,
  ProductList,
} from '@xuanli/contracts/shop';
import { asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { payments, payNotifications } from '../src/modules/pay/testing-tables.ts';
import { orderEvents, orderItems, orders, skus } from '../src/modules/shop/testing-tables.ts';
import { createTestPostgres, type TestPostgres } from './postgres-database.ts';
import {
  type Answer,
  issueToken,
  killServers,
  REPO_ROOT,
  request,
  type ServerProcess,
  seededDataFolder,
  startServer,
  stopServer,
  waitHealthy,
  within,
} from './process-server.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const NODE = existsSync(join(REPO_ROOT, 'node_modules/.bin/node'))
  ? join(REPO_ROOT, 'node_modules/.bin/node')
  : process.execPath;
const run = promisify(execFile);

// PGlite's first start runs initdb: ~10 s on an idle 2-core machine, several times that on a busy one.
const START_MS = 180_000;
const TEST_MS = 600_000;
// Orders sent at once in the burst; the server is killed once KILL_AFTER of them are answered.
const BURST = 150;
const KILL_AFTER = 25;
const BURST_STOCK = 5000;
const BUYER_PHONE = '13700007788';
const ADDRESS = {
  name: '李四',
  phone: '13800138000',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  detail: '科技园 1 号',
  isDefault: true,
};

/** A SKU of the demo catalogue the test orders. */
interface Piece {
  productId: number;
  skuId: number;
}

/** `resData` of a 200 envelope; anything else fails with what came back. */
function resDataOf<T>(answer: Answer): T {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body).resData as T;
}

/**
 * A sandbox payment callback signed as its channel documents (modules/pay/sandbox/channel.ts): JSON
 * in a fixed key order, base64 HMAC-SHA256 of `timestamp\nnonce\nbody\n` under PAY_SANDBOX_KEY.
 */
function sandboxCallback(
  key: string,
  payment: { outTradeNo: string; amount: number; paidAt: Date },
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    event: 'payment',
    out_trade_no: payment.outTradeNo,
    transaction_id: `SB${payment.outTradeNo}`,
    amount: payment.amount,
    result: 'success',
    paid_at: payment.paidAt.toISOString(),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', Buffer.from(key, 'utf8'))
    .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
    .digest('base64');
  return {
    headers: {
      'content-type': 'application/json',
      'sandbox-timestamp': timestamp,
      'sandbox-nonce': nonce,
      'sandbox-signature': signature,
    },
    body,
  };
}

/**
 * Every order row has its lines and its first event (nothing can refer to an order that is not
 * there: foreign keys); answers the burst's orders (by their idempotency keys) with their lines and
 * events.
 */
async function wholeOrders(db: Db) {
  const all = await db.select({ orderNo: orders.orderNo }).from(orders);
  const withLines = new Set(
    (await db.selectDistinct({ orderNo: orderItems.orderNo }).from(orderItems)).map((row) => row.orderNo),
  );
  const withFirstEvent = new Set(
    (
      await db
        .selectDistinct({ orderNo: orderEvents.orderNo })
        .from(orderEvents)
        .where(eq(orderEvents.status, 'pending'))
    ).map((row) => row.orderNo),
  );
  expect(all.filter((order) => !withLines.has(order.orderNo))).toEqual([]);
  expect(all.filter((order) => !withFirstEvent.has(order.orderNo))).toEqual([]);
  const burst = await db.select().from(orders).where(like(orders.idempotencyKey, 'fault-burst-%'));
  const orderNos = burst.map((order) => order.orderNo);
  if (orderNos.length === 0) return { burst, lines: [], events: [] };
  const lines = await db.select().from(orderItems).where(inArray(orderItems.orderNo, orderNos));
  const events = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderNo, orderNos))
    .orderBy(asc(orderEvents.id));
  return { burst, lines, events };
}

function faultSuite(kind: 'pglite' | 'postgres') {
  const sandboxKey = randomBytes(32).toString('hex');
  let throwAway: TestPostgres | undefined;
  let dataDir = '';
  let env: Record<string, string> = {};
  let postgres: Database | undefined;
  let server: ServerProcess | undefined;
  let token = '';
  let addressId = 0;
  let first: Piece;
  let second: Piece;

  /** Starts a server on the database and data folder and waits until it serves. */
  async function start(): Promise<ServerProcess> {
    const started = await startServer(env);
    server = started;
    await waitHealthy(started, START_MS);
    return started;
  }

  /** The running server, or a new one. */
  function serving(): Promise<ServerProcess> {
    return server ? Promise.resolve(server) : start();
  }

  /** kill -9: no shutdown, no flush, connections cut wherever they are. */
  async function crash(): Promise<void> {
    const victim = server as ServerProcess;
    server = undefined;
    victim.child.kill('SIGKILL');
    await within(victim.exited, 15_000, 'the killed server to exit');
  }

  /**
   * Runs `work` on the database itself. The embedded data folder is one process's at a time, so for
   * PGlite the server is stopped first (the next step starts a new one).
   */
  async function inspect(work: (db: Db) => Promise<void>): Promise<void> {
    if (postgres) return work(postgres.db);
    if (server) {
      const running = server;
      server = undefined;
      expect(await stopServer(running)).toBe(0);
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      await work(database.db);
    } finally {
      await database.close();
    }
  }

  /** `npm run admin -- …` against the same database (through the running server, for PGlite). */
  async function admin(...args: string[]): Promise<string> {
    const { stdout } = await run(NODE, ['apps/api/src/cli/admin.ts', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, ...env },
    });
    return stdout;
  }

  const call = (app: ServerProcess, path: string, body?: unknown, timeoutMs = 60_000) =>
    request(
      app,
      path,
      body === undefined
        ? { headers: { token } }
        : {
            method: 'POST',
            headers: { token, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
      timeoutMs,
    );

  async function skuOf(app: ServerProcess, piece: Piece) {
    const product = resDataOf<ProductDetail>(await call(app, `/api/shop/products/${piece.productId}`));
    const sku = product.skus.find((row) => row.id === piece.skuId);
    if (!sku) throw new Error(`sku ${piece.skuId} is not on product ${piece.productId}`);
    return { stock: sku.stock, price: sku.price, sales: product.sales };
  }

  /** Every order of the buyer, newest first, through 我的订单's list. */
  async function allOrders(app: ServerProcess): Promise<OrderList['list']> {
    const list: OrderList['list'] = [];
    for (let page = 1; ; page++) {
      const answer = resDataOf<OrderList>(await call(app, `/api/shop/orders?page=${page}&size=50`));
      list.push(...answer.list);
      if (answer.list.length === 0 || list.length >= answer.total) return list;
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'xuanli-fault-'));
    // On PGlite the server starts on a copy of the seeded template (its first start has tests of its own).
    if (kind === 'pglite') seededDataFolder(dataDir);
    env = { DATA_DIR: dataDir, PAY_SANDBOX: 'on', PAY_SANDBOX_KEY: sandboxKey };
    if (kind === 'postgres') {
      throwAway = await createTestPostgres(SERVER_URL as string);
      const { url } = throwAway;
      postgres = await openDatabase({ kind: 'postgres', url });
      await postgres.migrate();
      env.DATABASE_URL = url;
    }
    const app = await start();

    // The buyer logs in as a customer does: a code from the SMS outbox, then a 收货地址.
    const visitor = await issueToken(app);
    const smsHeaders = { token: visitor, 'content-type': 'application/json' };
    const sms = await request(app, '/api/crm/member/sms', {
      method: 'POST',
      headers: smsHeaders,
      body: JSON.stringify({ phone: BUYER_PHONE }),
    });
    expect(sms.status).toBe(200);
    const outbox = readFileSync(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8')
      .trim()
      .split('\n');
    const { code } = JSON.parse(outbox.at(-1) as string) as { code: string };
    const login = await request(app, '/api/crm/member/login', {
      method: 'POST',
      headers: smsHeaders,
      body: JSON.stringify({ phone: BUYER_PHONE, code }),
    });
    token = resDataOf<{ jwt: string }>(login).jwt;
    addressId = resDataOf<{ id: number }>(await call(app, '/api/shop/addresses', ADDRESS)).id;

    // Two goods SKUs of the demo catalogue every install starts with.
    const goods = resDataOf<ProductList>(await call(app, '/api/shop/products?kind=goods&size=50')).list;
    const pieces = goods.flatMap((product) =>
      product.skus.map((sku) => ({ productId: product.id, skuId: sku.id })),
    );
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    [first, second] = pieces;
  }, START_MS + 60_000);

  afterAll(async () => {
    if (server) await stopServer(server).catch(() => {});
    await killServers();
    await postgres?.close();
    await throwAway?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(
    'keeps an order whose payment was started when the server was killed, and its late callback pays it once',
    async () => {
      let app = await serving();
      expect(await admin('product', 'stock', String(first.skuId), '50')).toContain('→ 50');
      const { sales: salesBefore } = await skuOf(app, first);
      const created = resDataOf<OrderCreated>(
        await call(app, '/api/shop/orders', {
          items: [{ skuId: first.skuId, qty: 2 }],
          addressId,
          idempotencyKey: 'fault-late-callback',
        } satisfies OrderCreate),
      );
      const { orderNo } = created;
      expect(created.status).toBe('pending');
      const before = resDataOf<OrderDetail>(await call(app, `/api/shop/orders/${orderNo}`));
      const started = resDataOf<{ outTradeNo: string; amount: number }>(
        await call(app, `/api/shop/orders/${orderNo}/pay`, { channel: 'sandbox' }),
      );
      expect(started.amount).toBe(created.total);
      expect((await skuOf(app, first)).stock).toBe(48);

      // The buyer is on the provider's cashier page when the server dies.
      await crash();
      app = await start();

      // The order is as it was: pending, the same lines, total, address and history; its pieces reserved.
      expect(resDataOf<OrderDetail>(await call(app, `/api/shop/orders/${orderNo}`))).toEqual(before);
      expect(before).toMatchObject({
        status: 'pending',
        total: created.total,
        timeline: [{ status: 'pending' }],
      });
      expect(before.items).toMatchObject([{ skuId: first.skuId, qty: 2 }]);
      expect((await skuOf(app, first)).stock).toBe(48);

      // The provider's callback arrives late, at the new server; then again (providers repeat until
      // answered), and the buyer's cashier page reports its 支付成功 too.
      const callback = sandboxCallback(sandboxKey, {
        outTradeNo: started.outTradeNo,
        amount: started.amount,
        paidAt: new Date(),
      });
      const notify = () =>
        request(app, '/api/pay/notify/sandbox', {
          method: 'POST',
          headers: callback.headers,
          body: callback.body,
        });
      for (const answer of [await notify(), await notify()]) {
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toEqual({ code: 'SUCCESS' });
      }
      const completed = await call(app, `/api/pay/sandbox/${orderNo}/complete`, {
        outTradeNo: started.outTradeNo,
        result: 'success',
      });
      expect(resDataOf(completed)).toEqual({ orderNo, status: 'paid' });

      const after = resDataOf<OrderDetail>(await call(app, `/api/shop/orders/${orderNo}`));
      expect(after).toMatchObject({
        status: 'paid',
        payChannel: 'sandbox',
        total: before.total,
        items: before.items,
      });
      expect(after.timeline.map((event) => event.status)).toEqual(['pending', 'paid']);
      const sku = await skuOf(app, first);
      expect(sku.stock).toBe(48);
      expect(sku.sales).toBe(salesBefore + 2);

      await inspect(async (db) => {
        const rows = await db.select().from(payments).where(eq(payments.orderNo, orderNo));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          outTradeNo: started.outTradeNo,
          status: 'succeeded',
          amount: created.total,
          transactionId: `SB${started.outTradeNo}`,
        });
        const notices = await db
          .select()
          .from(payNotifications)
          .where(eq(payNotifications.reference, started.outTradeNo));
        expect(notices.every((notice) => notice.verified)).toBe(true);
        expect(notices.map((notice) => notice.outcome).sort()).toEqual(['paid', 'repeat', 'repeat']);
        const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
        expect(order).toMatchObject({ status: 'paid', transactionId: `SB${started.outTradeNo}` });
      });
    },
    TEST_MS,
  );

  it(
    'leaves no half-made order when killed in the middle of a burst of orders, and a resent order is made once',
    async () => {
      let app = await serving();
      await admin('product', 'stock', String(first.skuId), String(BURST_STOCK));
      await admin('product', 'stock', String(second.skuId), String(BURST_STOCK));
      const earlier = new Set((await allOrders(app)).map((order) => order.orderNo));
      const prices = { first: (await skuOf(app, first)).price, second: (await skuOf(app, second)).price };
      const bodies: OrderCreate[] = Array.from({ length: BURST }, (_, i) => ({
        items: [
          { skuId: first.skuId, qty: 1 + (i % 3) },
          { skuId: second.skuId, qty: 1 + (i % 2) },
        ],
        addressId,
        idempotencyKey: `fault-burst-${i}`,
      }));

      // All at once; kill -9 once the server is in full swing (KILL_AFTER orders answered), with
      // transactions open on every database connection and the rest of the burst waiting.
      let killed: Promise<void> | undefined;
      let confirmed = 0;
      const target = app;
      const answers = await Promise.all(
        bodies.map(async (body) => {
          const answer = await call(target, '/api/shop/orders', body);
          if (answer.status === 200 && ++confirmed === KILL_AFTER) killed = crash();
          return answer;
        }),
      );
      await killed;
      const answered = answers.flatMap((answer, i) =>
        answer.status === 200 ? [{ i, ...resDataOf<OrderCreated>(answer) }] : [],
      );
      const unanswered = answers.flatMap((answer, i) => (answer.status === 0 ? [i] : []));
      // Cut in the middle: some orders were confirmed, some never were, and nothing else was said.
      expect(answered.length).toBeGreaterThan(0);
      expect(unanswered.length).toBeGreaterThan(0);
      expect(answered.length + unanswered.length).toBe(BURST);

      /**
       * The burst's orders as the new server shows them: each whole (both lines, as ordered; made and
       * nothing else in its history) and the stock taken exactly what they reserve.
       */
      const checkBurst = async (server: ServerProcess) => {
        const made = (await allOrders(server)).filter((order) => !earlier.has(order.orderNo));
        let takenFirst = 0;
        let takenSecond = 0;
        for (const order of made) {
          expect(order.status).toBe('pending');
          expect(order.items.map((line) => line.skuId)).toEqual([first.skuId, second.skuId]);
          const [a, b] = order.items;
          takenFirst += a.qty;
          takenSecond += b.qty;
          const detail = resDataOf<OrderDetail>(await call(server, `/api/shop/orders/${order.orderNo}`));
          expect(detail.goodsTotal).toBe(a.qty * prices.first + b.qty * prices.second);
          expect(detail.total).toBe(detail.goodsTotal + detail.shipping);
          expect(order.total).toBe(detail.total);
          expect(detail.timeline.map((event) => event.status)).toEqual(['pending']);
        }
        expect((await skuOf(server, first)).stock).toBe(BURST_STOCK - takenFirst);
        expect((await skuOf(server, second)).stock).toBe(BURST_STOCK - takenSecond);
        return made;
      };

      app = await start();
      const survived = await checkBurst(app);
      // Every order the buyer was told about is there, with the total they were told.
      const survivedByNo = new Map(survived.map((order) => [order.orderNo, order]));
      for (const { orderNo, total } of answered) expect(survivedByNo.get(orderNo)?.total).toBe(total);
      expect(survived.length).toBeGreaterThanOrEqual(answered.length);
      expect(survived.length).toBeLessThanOrEqual(BURST);

      const checkDatabase = (count: number) =>
        inspect(async (db) => {
          const { burst, lines, events } = await wholeOrders(db);
          expect(burst).toHaveLength(count);
          for (const order of burst) {
            const mine = lines.filter((line) => line.orderNo === order.orderNo);
            expect(mine.map((line) => line.line).sort()).toEqual([1, 2]);
            expect(order.goodsTotal).toBe(mine.reduce((sum, line) => sum + line.price * line.qty, 0));
            expect(
              events.filter((event) => event.orderNo === order.orderNo).map((event) => event.status),
            ).toEqual(['pending']);
          }
          const stock = await db
            .select({ id: skus.id, stock: skus.stock })
            .from(skus)
            .where(inArray(skus.id, [first.skuId, second.skuId]));
          for (const { id, stock: left } of stock) {
            const reserved = lines
              .filter((line) => line.skuId === id)
              .reduce((sum, line) => sum + line.qty, 0);
            expect(BURST_STOCK - left).toBe(reserved);
          }
        });
      await checkDatabase(survived.length);

      // The buyer's app sends each unanswered order again with its key: an order made before the
      // kill is answered as it stands, the others are made now; one order per key either way.
      app = await serving();
      const resent = await Promise.all(unanswered.map((i) => call(app, '/api/shop/orders', bodies[i])));
      const resentNos = resent.map((answer) => resDataOf<OrderCreated>(answer).orderNo);
      const final = await checkBurst(app);
      expect(final).toHaveLength(BURST);
      expect(new Set([...answered.map((order) => order.orderNo), ...resentNos])).toEqual(
        new Set(final.map((order) => order.orderNo)),
      );
      for (const order of survived) expect(final.map((row) => row.orderNo)).toContain(order.orderNo);
      await checkDatabase(BURST);
    },
    TEST_MS,
  );
}

describe.runIf(!SERVER_URL)('kill -9 around orders, the embedded PGlite data folder', () =>
  faultSuite('pglite'),
);
describe.runIf(SERVER_URL)('kill -9 around orders, PostgreSQL', () => faultSuite('postgres'));
