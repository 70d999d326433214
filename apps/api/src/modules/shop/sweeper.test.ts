/**
 * Unpaid orders past ORDER_PAY_MINUTES and the settlement grace: the sweeper cancels them and gives
 * their stock back exactly once (also when two sweepers run at once), reading such an order shows it
 * cancelled even before any sweep, paid orders are never touched, and the app runs the sweeper as a
 * job. Within the grace an order stays pending for a callback still on its way, but no new payment
 * can start.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { addAddress, addOrderRow, addProduct, statusOf, stockOf } from '../../../test/shop-fixtures.ts';
import { orderEvents } from './schema.ts';
import { cancelExpiredOrders, SETTLEMENT_GRACE_MS, TIMEOUT_NOTE } from './sweeper.ts';

const MINUTE = 60;
/** The settlement grace in seconds, as the test clock moves. */
const GRACE = SETTLEMENT_GRACE_MS / 1000;

/** A buyer who has ordered `qty` pieces of a fresh SKU with `stock` pieces. */
async function pendingOrder(t: TestApp, stock: number, qty: number) {
  const { token, userId } = await signIn(t, 'user');
  const addressId = await addAddress(t.database.db, userId!);
  const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock }] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/orders',
    headers: { token },
    payload: {
      items: [{ skuId: product.skuId, qty }],
      addressId,
      idempotencyKey: `sweep-order-${product.skuId}`,
    },
  });
  if (res.statusCode !== 200) throw new Error(`order: ${res.body}`);
  return { token, userId: userId!, product, orderNo: res.json().resData.orderNo as string };
}

describe('the time-out sweeper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const deps = () => ({ db: t.database.db, clock: t.clock });

  it('leaves an order alone until its 15 minutes and the grace are up, then cancels it and releases its stock once', async () => {
    const start = t.clock.now();
    const { product, orderNo } = await pendingOrder(t, 10, 3);
    expect(await stockOf(t.database.db, product.skuId)).toBe(7);
    t.clock.advanceSeconds(15 * MINUTE - 1);
    expect(await cancelExpiredOrders(deps())).toBe(0);
    expect(await statusOf(t.database.db, orderNo)).toBe('pending');
    // Past the deadline, one second short of the grace: a late callback may still pay it.
    t.clock.advanceSeconds(GRACE);
    expect(await cancelExpiredOrders(deps())).toBe(0);
    expect(await statusOf(t.database.db, orderNo)).toBe('pending');
    expect(await stockOf(t.database.db, product.skuId)).toBe(7);

    t.clock.advanceSeconds(1);
    // Exactly the grace past the deadline. Two processes sweeping at the same moment: one of them
    // cancels, the stock comes back once.
    const swept = await Promise.all([cancelExpiredOrders(deps()), cancelExpiredOrders(deps())]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await statusOf(t.database.db, orderNo)).toBe('cancelled');
    expect(await stockOf(t.database.db, product.skuId)).toBe(10);
    expect(await cancelExpiredOrders(deps())).toBe(0);
    expect(await stockOf(t.database.db, product.skuId)).toBe(10);

    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderNo, orderNo));
    expect(events.map((event) => [event.status, event.note, event.actor])).toEqual([
      ['pending', '', 'buyer'],
      ['cancelled', TIMEOUT_NOTE, 'system'],
    ]);
    expect(events[1].at.getTime()).toBe(start + 15 * MINUTE * 1000 + SETTLEMENT_GRACE_MS);
  });

  it('sweeps many orders of many SKUs in one run, each SKU getting back exactly its pieces', async () => {
    const db = t.database.db;
    const shared = await addProduct(db, { skus: [{ price: 500, stock: 40 }] });
    const orders: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { token, userId } = await signIn(t, 'user');
      const addressId = await addAddress(db, userId!);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shop/orders',
        headers: { token },
        payload: {
          items: [{ skuId: shared.skuId, qty: i + 1 }],
          addressId,
          idempotencyKey: `many-${i}-${shared.skuId}`,
        },
      });
      orders.push(res.json().resData.orderNo);
    }
    expect(await stockOf(db, shared.skuId)).toBe(40 - 36);
    t.clock.advanceSeconds(15 * MINUTE + GRACE + MINUTE);
    expect(await cancelExpiredOrders(deps())).toBe(8);
    expect(await stockOf(db, shared.skuId)).toBe(40);
  });

  it('never touches a paid order, however old', async () => {
    const { userId } = await signIn(t, 'user');
    const product = await addProduct(t.database.db);
    const created = new Date(t.clock.now() - 60 * MINUTE * 1000);
    const paid = await addOrderRow(t.database.db, {
      userId: userId!,
      status: 'paid',
      product,
      createdAt: created,
    });
    expect(await cancelExpiredOrders(deps())).toBe(0);
    expect(await statusOf(t.database.db, paid)).toBe('paid');
  });

  it('shows an overdue order cancelled when it is read, with its stock back, before any sweep', async () => {
    const db = t.database.db;
    const one = await pendingOrder(t, 5, 2);
    t.clock.advanceSeconds(15 * MINUTE + GRACE);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/shop/orders/${one.orderNo}`,
      headers: { token: one.token },
    });
    expect(detail.json().resData.status).toBe('cancelled');
    expect(detail.json().resData.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: TIMEOUT_NOTE });
    expect(await stockOf(db, one.product.skuId)).toBe(5);

    const two = await pendingOrder(t, 5, 1);
    t.clock.advanceSeconds(20 * MINUTE);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/shop/orders',
      headers: { token: two.token },
    });
    expect(list.json().resData.list[0]).toMatchObject({ orderNo: two.orderNo, status: 'cancelled' });
    expect(await stockOf(db, two.product.skuId)).toBe(5);
    expect(await cancelExpiredOrders(deps())).toBe(0);
  });

  it('keeps an order past its deadline pending through the grace, but starts no new payment for it', async () => {
    const db = t.database.db;
    const { token, product, orderNo } = await pendingOrder(t, 5, 2);
    const deadline = t.clock.now() + 15 * MINUTE * 1000;
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/shop/orders/${orderNo}`, headers: { token } })).json()
        .resData;
    const startPaying = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/shop/orders/${orderNo}/pay`,
        headers: { token },
        payload: { channel: 'sandbox' },
      });
    // A second before the deadline a payment still starts.
    t.clock.advanceSeconds(15 * MINUTE - 1);
    expect((await startPaying()).statusCode).toBe(200);

    // A minute past the deadline: inside the grace.
    t.clock.advanceSeconds(1 + MINUTE);
    expect(await cancelExpiredOrders(deps())).toBe(0);
    const shown = await read();
    expect(shown).toMatchObject({ status: 'pending', payDeadline: new Date(deadline).toISOString() });
    expect(shown.timeline.map((event: { status: string }) => event.status)).toEqual(['pending']);
    const list = await t.app.inject({ method: 'GET', url: '/api/shop/orders', headers: { token } });
    expect(list.json().resData.list[0]).toMatchObject({ orderNo, status: 'pending' });
    const refused = await startPaying();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'OrderStateConflict', msg: 'order is past its pay deadline' });
    expect(await statusOf(db, orderNo)).toBe('pending');
    expect(await stockOf(db, product.skuId)).toBe(3);

    // The grace is over: the next read cancels it and gives its stock back, once.
    t.clock.advanceSeconds(GRACE - MINUTE);
    const cancelled = await read();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.timeline.at(-1)).toEqual({
      status: 'cancelled',
      at: new Date(deadline + SETTLEMENT_GRACE_MS).toISOString(),
      note: TIMEOUT_NOTE,
    });
    expect(await stockOf(db, product.skuId)).toBe(5);
    expect((await startPaying()).json()).toEqual({ code: 'OrderStateConflict', msg: 'order is cancelled' });
    expect(await cancelExpiredOrders(deps())).toBe(0);
    expect(await stockOf(db, product.skuId)).toBe(5);
  });
});

describe('the time-out job', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A one-second clean-up interval: the job runs every second or so.
    t = await buildTestApp({ config: { cleanupIntervalSeconds: 1 } });
  });
  afterAll(() => t.close());

  it('runs in the app and cancels overdue orders by itself', async () => {
    const { product, orderNo } = await pendingOrder(t, 3, 3);
    t.clock.advanceSeconds(15 * MINUTE + GRACE + MINUTE);
    const deadline = Date.now() + 20_000;
    while ((await statusOf(t.database.db, orderNo)) === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await statusOf(t.database.db, orderNo)).toBe('cancelled');
    expect(await stockOf(t.database.db, product.skuId)).toBe(3);
  });
});
