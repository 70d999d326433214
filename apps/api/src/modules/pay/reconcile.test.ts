/**
 * Reconciliation with the providers, through the shop's real orders: the app configured for WeChat
 * Pay and Alipay (fake providers on 127.0.0.1 that keep their own books of trades and answer 查询订单 /
 * 关闭订单 and alipay.trade.query / close as documented) and the sandbox (whose book is its own table).
 * A payment whose callback is lost is found by asking; a new attempt closes the earlier one at the
 * provider; the time-out asks before it cancels; the periodic job settles what is left and records
 * findings that operators read and mark handled in the console (audited). A second pay service over
 * the same database plays a second API process.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { signInOperator } from '../../../test/operators.ts';
import { type Buyer, buyerOrder, newBuyer, placeOrder, startPayment } from '../../../test/shop-buyer.ts';
import { addProduct, stockOf } from '../../../test/shop-fixtures.ts';
import { auditLog } from '../../shared/audit.ts';
import { cancelExpiredOrders, createOrderLedger } from '../shop/index.ts';
import { orderEvents } from '../shop/testing-tables.ts';
import { paymentAttempts, reconcilePayments, UNANSWERED_FINDING_AFTER } from './reconcile.ts';
import { payFindings, payments, paySandboxTrades, refunds } from './schema.ts';
import { createPayService, type PayService } from './service.ts';
import { usePayApp } from './testing-app.ts';

const { t, wechat, alipay } = usePayApp();

const MINUTE = 60;
/** Seconds from an order's creation to one minute past its deadline: inside the 2-minute grace. */
const PAST_DEADLINE = 16 * MINUTE;
/** Seconds from an order's creation to past its deadline and the grace. */
const PAST_GRACE = 18 * MINUTE;

/** A pending goods order of one piece at `price` 分, made through the API. */
async function newOrder(buyer: Buyer, price = 12_800) {
  const product = await addProduct(t.database.db, { skus: [{ price, stock: 5 }] });
  return { ...(await placeOrder(t, buyer, [{ skuId: product.skuId, qty: 1 }])), product };
}

function startPaying(
  buyer: Buyer,
  orderNo: string,
  channel: 'wechat' | 'alipay' | 'sandbox',
  scene?: 'mobile' | 'desktop',
) {
  return startPayment(t, buyer, orderNo, { channel, ...(scene ? { scene } : {}) });
}

/** A buyer, an order and a started attempt on `channel` (a phone's, or a desktop's product). */
async function started(
  channel: 'wechat' | 'alipay' | 'sandbox',
  price?: number,
  scene?: 'mobile' | 'desktop',
) {
  const buyer = await newBuyer(t);
  const order = await newOrder(buyer, price);
  const res = await startPaying(buyer, order.orderNo, channel, scene);
  expect(res.statusCode, res.body).toBe(200);
  const attempt = res.json().resData as { outTradeNo: string; amount: number; expiresAt: string };
  return { buyer, ...order, attempt };
}

async function orderStatus(buyer: Buyer, orderNo: string): Promise<string> {
  return (await buyerOrder(t, buyer, orderNo)).status;
}

async function attemptOf(outTradeNo: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
  return row;
}

async function findingsOf(orderNo: string) {
  return t.database.db.select().from(payFindings).where(eq(payFindings.orderNo, orderNo));
}

/** Another API process on the same database: its own pay service over the shop's real ledger. */
function otherProcess(): PayService {
  return createPayService({
    db: t.database.db,
    clock: t.clock,
    log: { info() {}, warn() {}, error() {} },
    config: t.config.pay,
    ledger: createOrderLedger({ clock: t.clock }),
  });
}

/** The time-out job as the app runs it, in a process of its own. */
async function sweep(process = otherProcess()): Promise<number> {
  const cancelled = await cancelExpiredOrders({
    db: t.database.db,
    clock: t.clock,
    payments: paymentAttempts(process.deps),
  });
  await process.idle();
  return cancelled;
}

/** Requests a fake received about `outTradeNo`, as 'METHOD path'. */
function callsAbout(requests: { method: string; url: string; body: string }[], outTradeNo: string): string[] {
  return requests
    .filter((request) => request.url.includes(outTradeNo) || request.body.includes(outTradeNo))
    .map((request) => `${request.method} ${request.url.split('?')[0]}`);
}

/** Runs `test` with the clock moved `seconds` on, and moves it back. */
async function later<T>(seconds: number, test: () => Promise<T>): Promise<T> {
  t.clock.advanceSeconds(seconds);
  try {
    return await test();
  } finally {
    t.clock.advanceSeconds(-seconds);
  }
}

describe('a new attempt closes the earlier one at the provider', () => {
  it('WeChat: the first trade is queried and closed (POST …/close, 204) before the second starts', async () => {
    const { buyer, orderNo, attempt: first } = await started('wechat');
    const second = await startPaying(buyer, orderNo, 'wechat');
    expect(second.statusCode, second.body).toBe(200);
    expect(callsAbout(wechat.requests, first.outTradeNo)).toEqual([
      'POST /v3/pay/transactions/h5',
      `GET /v3/pay/transactions/out-trade-no/${first.outTradeNo}`,
      `POST /v3/pay/transactions/out-trade-no/${first.outTradeNo}/close`,
    ]);
    expect(wechat.requests.every((request) => request.signatureValid)).toBe(true);
    expect(wechat.trades.get(first.outTradeNo)?.state).toBe('CLOSED');
    expect(await attemptOf(first.outTradeNo)).toMatchObject({ status: 'closed', checkingUntil: null });
    expect((await attemptOf(second.json().resData.outTradeNo)).status).toBe('created');
  });

  it('WeChat: an earlier attempt paid without a callback is applied, and the new one refused in Chinese', async () => {
    const { buyer, orderNo, attempt: first, product } = await started('wechat');
    wechat.pay(first.outTradeNo); // …and WeChat's callback never arrives.
    const again = await startPaying(buyer, orderNo, 'wechat');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'OrderStateConflict',
      msg: '这笔订单的上一次支付已经成功，无需再次支付，请刷新订单查看',
    });
    expect(await orderStatus(buyer, orderNo)).toBe('paid');
    expect(await attemptOf(first.outTradeNo)).toMatchObject({
      status: 'succeeded',
      transactionId: `4200001${first.outTradeNo.slice(-10)}`,
    });
    expect(await stockOf(t.database.db, product.skuId)).toBe(4);
    expect((await findingsOf(orderNo)).map((finding) => finding.kind)).toEqual(['paid-without-callback']);
    // No second attempt was made, and WeChat was never asked to close the paid one.
    expect(await t.database.db.select().from(payments).where(eq(payments.orderNo, orderNo))).toHaveLength(1);
    expect(callsAbout(wechat.requests, first.outTradeNo)).not.toContain(
      `POST /v3/pay/transactions/out-trade-no/${first.outTradeNo}/close`,
    );
  });

  it('Alipay: an opened cashier is closed; one never opened cannot be, and stays open until its deadline', async () => {
    const { buyer, orderNo, attempt: first, total } = await started('alipay');
    const second = await startPaying(buyer, orderNo, 'alipay');
    expect(second.statusCode, second.body).toBe(200);
    expect(callsAbout(alipay.requests, first.outTradeNo)).toEqual([
      'POST /v3/alipay/trade/query',
      'POST /v3/alipay/trade/close',
    ]);
    // Alipay answered ACQ.TRADE_NOT_EXIST: the first cashier URL could still pay it, so it stays open.
    expect((await attemptOf(first.outTradeNo)).status).toBe('created');
    const secondNo = second.json().resData.outTradeNo as string;
    alipay.openCashier(secondNo, total);
    expect((await startPaying(buyer, orderNo, 'alipay')).statusCode).toBe(200);
    expect(alipay.trades.get(secondNo)?.state).toBe('TRADE_CLOSED');
    expect((await attemptOf(secondNo)).status).toBe('closed');
    // Once the deadline has passed nobody can pay it: the time-out closes it here.
    await later(PAST_DEADLINE, () => sweep());
    expect((await attemptOf(first.outTradeNo)).status).toBe('closed');
  });

  it('neither queries nor closes an attempt whose registration at the provider is still on its way', async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await newOrder(buyer);
    // WeChat is slow to answer the first start: the buyer taps 去支付 again meanwhile.
    const release = wechat.hold('/v3/pay/transactions/h5');
    let first: Promise<Awaited<ReturnType<typeof startPaying>>> | undefined;
    try {
      first = startPaying(buyer, orderNo, 'wechat');
      await vi.waitFor(() =>
        expect(wechat.requests.some((request) => request.body.includes(orderNo))).toBe(true),
      );
      const again = await startPaying(buyer, orderNo, 'wechat');
      expect(again.json()).toEqual({ code: 'OrderStateConflict', msg: '上一次支付还在进行中，请稍后再试' });
      // Nor do the time-out or the job touch it.
      await reconcilePayments(otherProcess().deps);
    } finally {
      release();
    }
    const started = await first;
    expect(started.statusCode, started.body).toBe(200);
    const { outTradeNo } = started.json().resData as { outTradeNo: string };
    expect(await attemptOf(outTradeNo)).toMatchObject({ status: 'created', checkingUntil: null });
    expect(wechat.trades.get(outTradeNo)?.state).toBe('NOTPAY');
    expect(callsAbout(wechat.requests, outTradeNo)).toEqual(['POST /v3/pay/transactions/h5']);
    // Once registered, the next start closes it at WeChat as usual.
    expect((await startPaying(buyer, orderNo, 'wechat')).statusCode).toBe(200);
    expect(wechat.trades.get(outTradeNo)?.state).toBe('CLOSED');
    expect((await attemptOf(outTradeNo)).status).toBe('closed');
  });

  it('refuses the new attempt while the provider cannot say what became of the earlier one', async () => {
    const { buyer, orderNo, attempt: first } = await started('wechat');
    const path = `/v3/pay/transactions/out-trade-no/${first.outTradeNo}`;
    wechat.replies.set(path, () => ({
      status: 500,
      body: JSON.stringify({ code: 'SYSTEM_ERROR', message: '系统错误' }),
    }));
    try {
      const refused = await startPaying(buyer, orderNo, 'wechat');
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({
        code: 'PaymentChannelError',
        msg: '暂时无法确认上一次支付的结果，请稍后再试',
      });
      wechat.trades.get(first.outTradeNo)!.state = 'USERPAYING';
      wechat.replies.delete(path);
      const paying = await startPaying(buyer, orderNo, 'wechat');
      expect(paying.json()).toEqual({ code: 'OrderStateConflict', msg: '上一次支付还在进行中，请稍后再试' });
    } finally {
      wechat.replies.delete(path);
      wechat.trades.get(first.outTradeNo)!.state = 'NOTPAY';
    }
    expect(await attemptOf(first.outTradeNo)).toMatchObject({ status: 'created', checkingUntil: null });
    expect(await t.database.db.select().from(payments).where(eq(payments.orderNo, orderNo))).toHaveLength(1);
    expect((await startPaying(buyer, orderNo, 'wechat')).statusCode).toBe(200);
  });
});

describe('the time-out asks the provider before it cancels', () => {
  it('closes an unpaid WeChat attempt once its deadline has passed, then cancels the order after the grace', async () => {
    const { buyer, orderNo, attempt, product } = await started('wechat');
    await later(PAST_DEADLINE, async () => {
      expect(await sweep()).toBe(0);
      expect(callsAbout(wechat.requests, attempt.outTradeNo).slice(1)).toEqual([
        `GET /v3/pay/transactions/out-trade-no/${attempt.outTradeNo}`,
        `POST /v3/pay/transactions/out-trade-no/${attempt.outTradeNo}/close`,
      ]);
      expect(wechat.trades.get(attempt.outTradeNo)?.state).toBe('CLOSED');
      expect((await attemptOf(attempt.outTradeNo)).status).toBe('closed');
      expect(await orderStatus(buyer, orderNo)).toBe('pending');
    });
    await later(PAST_GRACE, async () => {
      await sweep();
      expect(await orderStatus(buyer, orderNo)).toBe('cancelled');
      expect(await stockOf(t.database.db, product.skuId)).toBe(5);
    });
    expect(await findingsOf(orderNo)).toEqual([]);
  });

  it('pays an Alipay order whose notification was lost instead of cancelling it', async () => {
    const { buyer, orderNo, attempt, total, product } = await started('alipay', 500);
    alipay.pay(attempt.outTradeNo, total); // …and the notification never arrives.
    await later(PAST_DEADLINE, () => sweep());
    await later(PAST_GRACE, () => sweep());
    expect(await orderStatus(buyer, orderNo)).toBe('paid');
    expect(await stockOf(t.database.db, product.skuId)).toBe(4);
    expect(await refundsOf(orderNo)).toEqual([]);
    expect(await findingsOf(orderNo)).toEqual([
      expect.objectContaining({
        kind: 'paid-without-callback',
        channel: 'alipay',
        outTradeNo: attempt.outTradeNo,
      }),
    ]);
  });

  it('does not cancel while the provider does not answer, tells the console after repeated runs, and goes on once it answers', async () => {
    const { buyer, orderNo, attempt, product } = await started('wechat');
    const path = `/v3/pay/transactions/out-trade-no/${attempt.outTradeNo}`;
    wechat.replies.set(path, () => ({
      status: 500,
      body: JSON.stringify({ code: 'SYSTEM_ERROR', message: '系统错误' }),
    }));
    try {
      await later(PAST_GRACE, async () => {
        for (let run = 1; run <= UNANSWERED_FINDING_AFTER; run++) {
          expect(await sweep()).toBe(0);
          expect((await attemptOf(attempt.outTradeNo)).checkFailures).toBe(run);
          expect(await findingsOf(orderNo)).toHaveLength(run < UNANSWERED_FINDING_AFTER ? 0 : 1);
        }
        expect(await stockOf(t.database.db, product.skuId)).toBe(4);
      });
    } finally {
      wechat.replies.delete(path);
    }
    expect(await findingsOf(orderNo)).toEqual([
      expect.objectContaining({ kind: 'provider-unreachable', resolvedAt: null }),
    ]);
    await later(PAST_GRACE, async () => {
      expect(await sweep()).toBeGreaterThanOrEqual(1);
      expect(await orderStatus(buyer, orderNo)).toBe('cancelled');
    });
    expect(await attemptOf(attempt.outTradeNo)).toMatchObject({ status: 'closed', checkFailures: 0 });
  });
});

describe('desktop attempts (WeChat Native, Alipay page.pay) are reconciled like the others', () => {
  it('WeChat Native: an unpaid QR code is closed at WeChat after its deadline; one paid without a callback pays', async () => {
    const unpaid = await started('wechat', undefined, 'desktop');
    expect(wechat.trades.get(unpaid.attempt.outTradeNo)?.tradeType).toBe('NATIVE');
    await later(PAST_DEADLINE, () => sweep());
    expect(callsAbout(wechat.requests, unpaid.attempt.outTradeNo)).toEqual([
      'POST /v3/pay/transactions/native',
      `GET /v3/pay/transactions/out-trade-no/${unpaid.attempt.outTradeNo}`,
      `POST /v3/pay/transactions/out-trade-no/${unpaid.attempt.outTradeNo}/close`,
    ]);
    expect(wechat.trades.get(unpaid.attempt.outTradeNo)?.state).toBe('CLOSED');
    expect((await attemptOf(unpaid.attempt.outTradeNo)).status).toBe('closed');

    const scanned = await started('wechat', 700, 'desktop');
    wechat.pay(scanned.attempt.outTradeNo); // …and the callback never arrives.
    await reconcilePayments(otherProcess().deps);
    expect(await orderStatus(scanned.buyer, scanned.orderNo)).toBe('paid');
    expect(await findingsOf(scanned.orderNo)).toEqual([
      expect.objectContaining({ kind: 'paid-without-callback', channel: 'wechat' }),
    ]);
  });

  it('Alipay page.pay: a cashier never opened stays open until its deadline; one paid without a notification pays', async () => {
    const unopened = await started('alipay', undefined, 'desktop');
    await reconcilePayments(otherProcess().deps);
    expect((await attemptOf(unopened.attempt.outTradeNo)).status).toBe('created');
    await later(PAST_DEADLINE, () => reconcilePayments(otherProcess().deps));
    expect((await attemptOf(unopened.attempt.outTradeNo)).status).toBe('closed');

    const paid = await started('alipay', 900, 'desktop');
    alipay.pay(paid.attempt.outTradeNo, paid.total);
    await reconcilePayments(otherProcess().deps);
    expect(await orderStatus(paid.buyer, paid.orderNo)).toBe('paid');
  });
});

async function refundsOf(orderNo: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.orderNo, orderNo));
}

describe('the reconciliation job', () => {
  it('finds money whose callback was lost, and the console lists it and marks it handled (audited)', async () => {
    const sandboxOrder = await started('sandbox');
    const wechatOrder = await started('wechat');
    const provider = otherProcess();
    // Paid at the sandbox's cashier and at WeChat's; neither callback is delivered.
    await provider.channels.sandbox!.pay({
      outTradeNo: sandboxOrder.attempt.outTradeNo,
      amount: sandboxOrder.attempt.amount,
      expiresAt: new Date(sandboxOrder.attempt.expiresAt),
      result: 'success',
    });
    wechat.pay(wechatOrder.attempt.outTradeNo);
    const report = await reconcilePayments(provider.deps);
    expect(report.paid).toBeGreaterThanOrEqual(2);
    for (const { buyer, orderNo } of [sandboxOrder, wechatOrder]) {
      expect(await orderStatus(buyer, orderNo)).toBe('paid');
    }

    const support = await signInOperator(t, 'support');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/pay-findings',
      headers: support.headers,
      query: { status: 'open', orderNo: sandboxOrder.orderNo },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const page = listed.json().resData;
    expect(page.total).toBe(1);
    expect(page.open).toBeGreaterThanOrEqual(2);
    const [finding] = page.list;
    expect(finding).toMatchObject({
      orderNo: sandboxOrder.orderNo,
      outTradeNo: sandboxOrder.attempt.outTradeNo,
      channel: 'sandbox',
      kind: 'paid-without-callback',
      resolvedAt: null,
    });
    expect(finding.detail).toContain(`¥128.00（交易号 SB${sandboxOrder.attempt.outTradeNo}）`);

    const resolve = (note: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/pay-findings/${finding.id}/resolve`,
        headers: support.headers,
        payload: { note },
      });
    const resolved = await resolve('已与买家确认收货信息');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().resData).toMatchObject({
      id: finding.id,
      resolvedBy: support.username,
      resolution: '已与买家确认收货信息',
      resolvedAt: new Date(t.clock.now()).toISOString(),
    });
    expect((await resolve('再点一次')).statusCode).toBe(409);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `pay-finding:${finding.id}`));
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'pay.finding.resolve',
        actor: support.username,
        operatorId: support.id,
        before: { resolved: false },
        after: {
          resolved: true,
          orderNo: sandboxOrder.orderNo,
          outTradeNo: sandboxOrder.attempt.outTradeNo,
          kind: 'paid-without-callback',
        },
        detail: '已与买家确认收货信息',
      }),
    ]);
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/admin/pay-findings',
      headers: support.headers,
      query: { status: 'open', orderNo: sandboxOrder.orderNo },
    });
    expect(open.json().resData.total).toBe(0);
  });

  it('refunds money taken for an order the buyer cancelled meanwhile, and says so', async () => {
    const { buyer, orderNo, attempt } = await started('wechat');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shop/orders/${orderNo}/cancel`,
      headers: { token: buyer.token },
    });
    expect(cancelled.json().resData.status).toBe('cancelled');
    wechat.pay(attempt.outTradeNo);
    const provider = otherProcess();
    await reconcilePayments(provider.deps);
    await provider.idle();
    expect(await orderStatus(buyer, orderNo)).toBe('cancelled');
    const [refund] = await refundsOf(orderNo);
    expect(refund).toMatchObject({ reason: 'not-payable', amount: attempt.amount, requestedBy: 'system' });
    expect(callsAbout(wechat.requests, attempt.outTradeNo)).toContain('POST /v3/refund/domestic/refunds');
    const [finding] = await findingsOf(orderNo);
    expect(finding).toMatchObject({ kind: 'paid-after-cancel' });
    expect(finding.detail).toContain(`退款单 ${refund.outRefundNo}`);
  });

  it('books nothing when the provider took another amount, closes the attempt and says so', async () => {
    const { buyer, orderNo, attempt } = await started('wechat');
    wechat.pay(attempt.outTradeNo);
    wechat.trades.get(attempt.outTradeNo)!.amount = attempt.amount - 100;
    await reconcilePayments(otherProcess().deps);
    expect(await orderStatus(buyer, orderNo)).toBe('pending');
    expect((await attemptOf(attempt.outTradeNo)).status).toBe('closed');
    const [finding] = await findingsOf(orderNo);
    expect(finding.kind).toBe('amount-mismatch');
    expect(finding.detail).toContain('¥127.00');
    expect(finding.detail).toContain('应收 ¥128.00');
  });

  it('leaves an unpaid attempt within its deadline open, and closes it once the deadline has passed', async () => {
    const { attempt } = await started('sandbox');
    await reconcilePayments(otherProcess().deps);
    expect((await attemptOf(attempt.outTradeNo)).status).toBe('created');
    await later(PAST_DEADLINE, () => reconcilePayments(otherProcess().deps));
    expect((await attemptOf(attempt.outTradeNo)).status).toBe('closed');
    const [trade] = await t.database.db
      .select()
      .from(paySandboxTrades)
      .where(eq(paySandboxTrades.outTradeNo, attempt.outTradeNo));
    expect(trade).toMatchObject({ state: 'closed' });
  });

  it('settles each attempt once when two processes run it at the same moment', async () => {
    const orders = [
      await started('sandbox'),
      await started('wechat'),
      await started('sandbox'),
      await started('wechat'),
    ];
    const [a, b] = [otherProcess(), otherProcess()];
    for (const order of orders) {
      if (order.attempt.outTradeNo && wechat.trades.has(order.attempt.outTradeNo)) {
        wechat.pay(order.attempt.outTradeNo);
      } else {
        await a.channels.sandbox!.pay({
          outTradeNo: order.attempt.outTradeNo,
          amount: order.attempt.amount,
          expiresAt: new Date(order.attempt.expiresAt),
          result: 'success',
        });
      }
    }
    // Each provider takes a little while to answer, so both runs are asking at the same time.
    const asked: string[] = [];
    for (const service of [a, b]) {
      for (const name of ['wechat', 'sandbox']) {
        const channel = service.channels.get(name)!;
        const query = channel.query.bind(channel);
        vi.spyOn(channel, 'query').mockImplementation(async (outTradeNo) => {
          asked.push(outTradeNo);
          await new Promise((resolve) => setTimeout(resolve, 30));
          return query(outTradeNo);
        });
      }
    }
    await Promise.all([reconcilePayments(a.deps), reconcilePayments(b.deps)]);
    for (const { buyer, orderNo, attempt } of orders) {
      expect(asked.filter((outTradeNo) => outTradeNo === attempt.outTradeNo)).toHaveLength(1);
      expect(await orderStatus(buyer, orderNo)).toBe('paid');
      const paidEvents = await t.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderNo, orderNo), eq(orderEvents.status, 'paid')));
      expect(paidEvents).toHaveLength(1);
      expect((await findingsOf(orderNo)).map((finding) => finding.kind)).toEqual(['paid-without-callback']);
      expect(await attemptOf(attempt.outTradeNo)).toMatchObject({ status: 'succeeded', checkingUntil: null });
    }
  });
});
