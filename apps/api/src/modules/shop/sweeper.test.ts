/**
 * Unpaid orders past ORDER_PAY_MINUTES and the settlement grace: the sweeper cancels them and gives
 * their stock back exactly once (also when two sweepers run at once), reading such an order shows it
 * cancelled even before any sweep, paid orders are never touched, and the app runs the sweeper as a
 * job. Within the grace an order stays pending for a callback still on its way, but no new payment
 * can start. Before it cancels an order with a payment attempt, the sweeper has the pay module ask
 * the provider (here the sandbox, whose book of trades is its own): money whose callback was lost
 * pays the order, an unpaid attempt is closed at the provider first, and a provider that does not
 * answer keeps the order waiting.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { newBuyer, placeOrder } from '../../../test/shop-buyer.ts';
import { addOrderRow, addProduct, salesOf, statusOf, stockOf } from '../../../test/shop-fixtures.ts';
import { useTestApp } from '../../../test/suite.ts';
import { AppError } from '../../shared/errors.ts';
import type { PaymentAttempts } from '../../shared/orders.ts';
import { createPayService, type PayService, paymentAttempts } from '../pay/index.ts';
import { payments, paySandboxTrades } from '../pay/testing-tables.ts';
import { createOrderLedger } from './ledger.ts';
import { orderEvents } from './schema.ts';
import { cancelExpiredOrders, SETTLEMENT_GRACE_MS, TIMEOUT_NOTE } from './sweeper.ts';

const MINUTE = 60;
/** The settlement grace in seconds, as the test clock moves. */
const GRACE = SETTLEMENT_GRACE_MS / 1000;

/** A buyer who has ordered `qty` pieces of a fresh SKU with `stock` pieces. */
async function pendingOrder(t: TestApp, stock: number, qty: number) {
  const { token, userId, addressId } = await newBuyer(t);
  const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock }] });
  const { orderNo } = await placeOrder(t, { token, addressId }, [{ skuId: product.skuId, qty }]);
  return { token, userId, product, orderNo };
}

describe('the time-out sweeper', () => {
  const t = useTestApp();
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
      const buyer = await newBuyer(t);
      orders.push((await placeOrder(t, buyer, [{ skuId: shared.skuId, qty: i + 1 }])).orderNo);
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

    // A minute past the deadline: inside the grace. The time-out closes the unpaid attempt at the
    // provider (the order waits for the grace to end).
    t.clock.advanceSeconds(1 + MINUTE);
    expect(await cancelExpiredOrders({ ...deps(), payments: paymentAttempts(payProcess(t).deps) })).toBe(0);
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

/** A pay service over the app's database, as another API process has (the sandbox is its provider). */
function payProcess(t: TestApp): PayService {
  // Wired as app.ts wires it: the ledger asks the pay module's attempts before it cancels an order.
  let attempts: PaymentAttempts | undefined;
  const pay = createPayService({
    db: t.database.db,
    clock: t.clock,
    log: { info() {}, warn() {}, error() {} },
    config: t.config.pay,
    ledger: createOrderLedger({ clock: t.clock, payments: () => attempts }),
  });
  attempts = paymentAttempts(pay.deps);
  return pay;
}

/** A pending order of `qty` pieces with a sandbox payment attempt started through the API. */
async function orderWithAttempt(t: TestApp, stock: number, qty: number) {
  const order = await pendingOrder(t, stock, qty);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shop/orders/${order.orderNo}/pay`,
    headers: { token: order.token },
    payload: { channel: 'sandbox' },
  });
  if (res.statusCode !== 200) throw new Error(`pay: ${res.body}`);
  const attempt = res.json().resData as { outTradeNo: string; amount: number; expiresAt: string };
  return { ...order, attempt };
}

/** The buyer pays `attempt` at the sandbox's cashier, and the callback is lost on its way. */
async function paidWithoutCallback(
  pay: PayService,
  attempt: { outTradeNo: string; amount: number; expiresAt: string },
) {
  await pay.channels.sandbox!.pay({
    outTradeNo: attempt.outTradeNo,
    amount: attempt.amount,
    expiresAt: new Date(attempt.expiresAt),
    result: 'success',
  });
}

async function sandboxTrade(t: TestApp, outTradeNo: string) {
  const [trade] = await t.database.db
    .select()
    .from(paySandboxTrades)
    .where(eq(paySandboxTrades.outTradeNo, outTradeNo));
  return trade;
}

describe('the time-out asks the payment provider first', () => {
  let t: TestApp;
  let pay: PayService;
  beforeAll(async () => {
    t = await buildTestApp();
    pay = payProcess(t);
  });
  afterAll(() => t.close());
  const sweep = () =>
    cancelExpiredOrders({ db: t.database.db, clock: t.clock, payments: paymentAttempts(pay.deps) });

  it('pays an order whose sandbox payment lost its callback, instead of cancelling it', async () => {
    const { product, orderNo, attempt } = await orderWithAttempt(t, 5, 2);
    await paidWithoutCallback(pay, attempt);
    const sales = await salesOf(t.database.db, product.productId);
    // A minute past the deadline, the job's next run: the provider says it was paid.
    t.clock.advanceSeconds(16 * MINUTE);
    expect(await sweep()).toBe(0);
    expect(await statusOf(t.database.db, orderNo)).toBe('paid');
    // Past the grace it stays paid; its pieces stay sold.
    t.clock.advanceSeconds(GRACE + MINUTE);
    expect(await sweep()).toBe(0);
    expect(await statusOf(t.database.db, orderNo)).toBe('paid');
    expect(await stockOf(t.database.db, product.skuId)).toBe(3);
    expect(await salesOf(t.database.db, product.productId)).toBe(sales + 2);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.outTradeNo, attempt.outTradeNo));
    expect(row).toMatchObject({ status: 'succeeded', transactionId: `SB${attempt.outTradeNo}` });
  });

  it('closes an unpaid attempt at the provider, then cancels the order once the grace is over', async () => {
    const { product, orderNo, attempt } = await orderWithAttempt(t, 5, 2);
    const closed = vi.spyOn(pay.channels.sandbox!, 'close');
    t.clock.advanceSeconds(16 * MINUTE);
    expect(await sweep()).toBe(0);
    expect(closed).toHaveBeenCalledWith(attempt.outTradeNo, new Date(attempt.expiresAt));
    expect(await sandboxTrade(t, attempt.outTradeNo)).toMatchObject({ state: 'closed' });
    expect(await statusOf(t.database.db, orderNo)).toBe('pending');
    t.clock.advanceSeconds(GRACE);
    expect(await sweep()).toBe(1);
    expect(await statusOf(t.database.db, orderNo)).toBe('cancelled');
    expect(await stockOf(t.database.db, product.skuId)).toBe(5);
    // Closed at the provider: the cashier page the buyer may still hold can no longer pay it.
    await expect(paidWithoutCallback(pay, attempt)).rejects.toMatchObject({ code: 'OrderStateConflict' });
    closed.mockRestore();
  });

  it('keeps the order while the provider does not answer, and cancels it once it does', async () => {
    const { product, orderNo, attempt } = await orderWithAttempt(t, 5, 1);
    // As every channel reports a provider it cannot reach.
    const down = vi
      .spyOn(pay.channels.sandbox!, 'query')
      .mockRejectedValue(new AppError('PaymentChannelError', 'sandbox did not answer'));
    t.clock.advanceSeconds(15 * MINUTE + GRACE + MINUTE);
    try {
      expect(await sweep()).toBe(0);
      expect(await statusOf(t.database.db, orderNo)).toBe('pending');
      expect(await stockOf(t.database.db, product.skuId)).toBe(4);
    } finally {
      down.mockRestore();
    }
    expect(await sweep()).toBe(1);
    expect(await statusOf(t.database.db, orderNo)).toBe('cancelled');
    expect(await sandboxTrade(t, attempt.outTradeNo)).toMatchObject({ state: 'closed' });
  });

  it('does not cancel an order read past its grace while an attempt is unsettled: the money still books it', async () => {
    const { token, product, orderNo, attempt } = await orderWithAttempt(t, 5, 1);
    // Paid at the cashier in time; the callback is lost and no sweep ran within the grace.
    await paidWithoutCallback(pay, attempt);
    t.clock.advanceSeconds(15 * MINUTE + GRACE + MINUTE);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/shop/orders/${orderNo}`,
      headers: { token },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().resData.status).toBe('pending');
    expect(await stockOf(t.database.db, product.skuId)).toBe(4);
    // The next run of the time-out asks the provider and books the payment instead of refunding it.
    expect(await sweep()).toBe(0);
    expect(await statusOf(t.database.db, orderNo)).toBe('paid');
    expect(await stockOf(t.database.db, product.skuId)).toBe(4);
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

  it("asks the app's payment provider before it cancels: a payment whose callback was lost pays the order", async () => {
    const { orderNo, attempt } = await orderWithAttempt(t, 3, 1);
    await paidWithoutCallback(payProcess(t), attempt);
    t.clock.advanceSeconds(16 * MINUTE);
    await vi.waitFor(async () => expect(await statusOf(t.database.db, orderNo)).toBe('paid'), {
      timeout: 20_000,
      interval: 200,
    });
    t.clock.advanceSeconds(GRACE + MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await statusOf(t.database.db, orderNo)).toBe('paid');
  });
});
