/**
 * The pay services against the `OrderLedger` port alone: a small ledger of the test's own (orders in
 * memory, keyed by number) over the real payment tables, with the sandbox channel signing callbacks.
 * Starting attempts, the callback rules (verify first, record everything, one transaction, repeats
 * harmless, mismatches refused, money for a cancelled order refunded), refunds and their refusal.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { auditLog } from '../../shared/audit.ts';
import type { MarkPaidOutcome, OrderLedger, PayableOrder } from '../../shared/orders.ts';
import type { RawNotification } from './channel.ts';
import { handleNotify } from './notify.ts';
import { refundOrder, rejectBuyerRefund, retryPendingRefunds, sendRefund } from './refund.ts';
import { completeSandboxPayment } from './sandbox-complete.ts';
import { payments, payNotifications, payRefusedCallbacks, paySecrets, refunds } from './schema.ts';
import { createPayService, type PayService } from './service.ts';
import { parsePayConfig } from './settings.ts';
import { startPayment } from './start.ts';

/** An order as the in-test ledger keeps it. */
interface LedgerOrder extends PayableOrder {
  transactionId: string | null;
}

/** The port implemented over a Map: enough to drive every path of the pay module. */
class MemoryLedger implements OrderLedger {
  readonly orders = new Map<string, LedgerOrder>();
  readonly calls: string[] = [];

  add(order: Partial<LedgerOrder> & { orderNo: string }): LedgerOrder {
    const full: LedgerOrder = {
      userId: 1,
      status: 'pending',
      total: 12_800,
      subject: '玄历商城-测试商品',
      payDeadline: new Date(Date.UTC(2026, 0, 15, 4, 15)),
      lines: [1],
      transactionId: null,
      ...order,
    };
    this.orders.set(order.orderNo, full);
    return full;
  }

  async findForPayment(_db: unknown, orderNo: string, userId?: number) {
    const order = this.orders.get(orderNo);
    if (!order || (userId !== undefined && order.userId !== userId)) return null;
    return { ...order };
  }

  async markPaid(
    _tx: unknown,
    orderNo: string,
    payment: { transactionId: string; amount: number },
  ): Promise<MarkPaidOutcome> {
    this.calls.push(`markPaid ${orderNo} ${payment.transactionId}`);
    const order = this.orders.get(orderNo);
    if (order?.status === 'pending' && payment.amount === order.total) {
      order.status = 'paid';
      order.transactionId = payment.transactionId;
      return 'paid';
    }
    return order?.status === 'paid' && order.transactionId === payment.transactionId
      ? 'already-paid'
      : 'not-payable';
  }

  async markRefunded(_tx: unknown, orderNo: string) {
    this.calls.push(`markRefunded ${orderNo}`);
    const order = this.orders.get(orderNo);
    if (order?.status !== 'refunding') return false;
    order.status = 'refunded';
    return true;
  }
}

let t: TestApp;
let ledger: MemoryLedger;
let pay: PayService;
let orderSeq = 0;

function newOrder(overrides: Partial<LedgerOrder> = {}): LedgerOrder {
  orderSeq += 1;
  return ledger.add({ orderNo: `2026011512000000${String(orderSeq).padStart(4, '0')}`, ...overrides });
}

async function start(orderNo: string, userId = 1) {
  return startPayment(pay.deps, { orderNo, userId, body: { channel: 'sandbox' }, clientIp: '127.0.0.1' });
}

async function paymentOf(outTradeNo: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
  return row;
}

async function lastNotification() {
  const rows = await t.database.db.select().from(payNotifications).orderBy(payNotifications.id);
  return rows.at(-1)!;
}

function notify(raw: RawNotification) {
  return handleNotify(pay.deps, pay.channels.sandbox!, raw);
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

beforeEach(() => {
  ledger = new MemoryLedger();
  pay = createPayService({
    db: t.database.db,
    clock: t.clock,
    log: { info() {}, warn() {}, error() {} },
    // Refused callbacks written as they come, so a test reads its tally at once.
    config: parsePayConfig({ PAY_SANDBOX: 'on', PAY_REFUSED_CALLBACK_FLUSH_SECONDS: '0' }),
    ledger,
  });
});

describe('starting a payment', () => {
  it('records an attempt for the order total and answers the sandbox cashier page', async () => {
    const order = newOrder();
    const started = await start(order.orderNo);
    expect(started).toEqual({
      channel: 'sandbox',
      mode: 'redirect',
      url: `/xuanli/#/pages/shop/pay?orderNo=${order.orderNo}&outTradeNo=${started.outTradeNo}`,
      jsapi: null,
      outTradeNo: expect.stringMatching(new RegExp(`^${order.orderNo}P\\d{6}$`)),
      amount: 12_800,
      expiresAt: '2026-01-15T04:15:00.000Z',
    });
    expect(await paymentOf(started.outTradeNo)).toMatchObject({
      status: 'created',
      amount: 12_800,
      channel: 'sandbox',
    });
  });

  it("closes the order's earlier unpaid attempts", async () => {
    const order = newOrder();
    const first = await start(order.orderNo);
    const second = await start(order.orderNo);
    expect((await paymentOf(first.outTradeNo)).status).toBe('closed');
    expect((await paymentOf(second.outTradeNo)).status).toBe('created');
  });

  it("refuses another buyer's order (404), an order past pending or its deadline (409), a closed channel (400)", async () => {
    const order = newOrder();
    await expect(start(order.orderNo, 2)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(start('20260115999999999999')).rejects.toMatchObject({ code: 'NotFound' });
    const paid = newOrder({ status: 'paid' });
    await expect(start(paid.orderNo)).rejects.toMatchObject({
      code: 'OrderStateConflict',
      message: 'order is paid',
    });
    const overdue = newOrder({ payDeadline: new Date(t.clock.now()) });
    await expect(start(overdue.orderNo)).rejects.toMatchObject({ code: 'OrderStateConflict' });
    await expect(
      startPayment(pay.deps, {
        orderNo: order.orderNo,
        userId: 1,
        body: { channel: 'wechat' },
        clientIp: '::1',
      }),
    ).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(
      startPayment(pay.deps, {
        orderNo: order.orderNo,
        userId: 1,
        body: { channel: 'sandbox', returnUrl: 'https://evil.example/' },
        clientIp: '::1',
      }),
    ).rejects.toMatchObject({ code: 'ValidationError' });
  });
});

describe('callbacks', () => {
  it('pays the order once: a replay changes nothing and is still answered with success', async () => {
    const order = newOrder();
    const { outTradeNo } = await start(order.orderNo);
    const raw = await pay.channels.sandbox!.paymentNotice({ outTradeNo, amount: 12_800, result: 'success' });
    expect(await notify(raw)).toMatchObject({ status: 200, body: '{"code":"SUCCESS"}' });
    expect(ledger.orders.get(order.orderNo)?.status).toBe('paid');
    expect(await paymentOf(outTradeNo)).toMatchObject({
      status: 'succeeded',
      transactionId: `SB${outTradeNo}`,
    });
    expect(await lastNotification()).toMatchObject({
      verified: true,
      outcome: 'paid',
      reference: outTradeNo,
    });

    expect((await notify(raw)).status).toBe(200);
    expect(await lastNotification()).toMatchObject({ verified: true, outcome: 'repeat' });
    expect(ledger.calls.filter((call) => call.startsWith('markPaid'))).toHaveLength(1);
  });

  it('applies two copies arriving together once', async () => {
    const order = newOrder();
    const { outTradeNo } = await start(order.orderNo);
    const raw = await pay.channels.sandbox!.paymentNotice({ outTradeNo, amount: 12_800, result: 'success' });
    const answers = await Promise.all([notify(raw), notify(raw), notify(raw)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(ledger.calls.filter((call) => call.startsWith('markPaid'))).toHaveLength(1);
  });

  it('refuses forged, altered and stale callbacks before touching anything, and only tallies them', async () => {
    const order = newOrder();
    const { outTradeNo } = await start(order.orderNo);
    const genuine = await pay.channels.sandbox!.paymentNotice({
      outTradeNo,
      amount: 12_800,
      result: 'success',
    });
    const forged = {
      ...genuine,
      headers: { ...genuine.headers, 'sandbox-signature': Buffer.alloc(32).toString('base64') },
    };
    const altered = { ...genuine, body: Buffer.from(genuine.body.toString().replace('12800', '1')) };
    const kept = await lastNotification();
    const tally = async (reason: string) =>
      (
        await t.database.db
          .select({ count: payRefusedCallbacks.count, source: payRefusedCallbacks.source })
          .from(payRefusedCallbacks)
          .where(and(eq(payRefusedCallbacks.channel, 'sandbox'), eq(payRefusedCallbacks.reason, reason)))
      )[0];
    const before = (await tally('bad signature'))?.count ?? 0;
    expect((await notify(forged)).status).toBe(400);
    expect((await notify(altered)).status).toBe(400);
    expect(await tally('bad signature')).toEqual({ count: before + 2, source: '*' });
    t.clock.advanceSeconds(301);
    try {
      expect((await notify(genuine)).status).toBe(400);
      expect((await tally('stale timestamp'))?.count).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.advanceSeconds(-301);
    }
    // Nothing of them is kept in full.
    expect(await lastNotification()).toEqual(kept);
    expect((await paymentOf(outTradeNo)).status).toBe('created');
    expect(ledger.orders.get(order.orderNo)?.status).toBe('pending');
    expect(ledger.calls).toEqual([]);
  });

  it('refuses a signed callback with another amount or an unknown out_trade_no, changing nothing', async () => {
    const order = newOrder();
    const { outTradeNo } = await start(order.orderNo);
    const short = await pay.channels.sandbox!.paymentNotice({ outTradeNo, amount: 1, result: 'success' });
    expect((await notify(short)).status).toBe(400);
    expect(await lastNotification()).toMatchObject({ verified: true, outcome: 'refused: amount mismatch' });
    const unknown = await pay.channels.sandbox!.paymentNotice({
      outTradeNo: `${order.orderNo}P999999`,
      amount: 12_800,
      result: 'success',
    });
    expect((await notify(unknown)).status).toBe(400);
    expect(await lastNotification()).toMatchObject({
      verified: true,
      outcome: 'refused: unknown out_trade_no',
    });
    expect((await paymentOf(outTradeNo)).status).toBe('created');
    expect(ledger.calls).toEqual([]);
  });

  it('records a failed attempt and leaves the order pending', async () => {
    const order = newOrder();
    const { outTradeNo } = await start(order.orderNo);
    const failed = await pay.channels.sandbox!.paymentNotice({ outTradeNo, amount: 12_800, result: 'fail' });
    expect((await notify(failed)).status).toBe(200);
    expect((await paymentOf(outTradeNo)).status).toBe('closed');
    expect(ledger.orders.get(order.orderNo)?.status).toBe('pending');
    expect(await lastNotification()).toMatchObject({ outcome: 'payment failed' });
  });

  it('honours money for an attempt a newer one closed', async () => {
    const order = newOrder();
    const first = await start(order.orderNo);
    await start(order.orderNo);
    const raw = await pay.channels.sandbox!.paymentNotice({
      outTradeNo: first.outTradeNo,
      amount: 12_800,
      result: 'success',
    });
    expect((await notify(raw)).status).toBe(200);
    expect((await paymentOf(first.outTradeNo)).status).toBe('succeeded');
    expect(ledger.orders.get(order.orderNo)?.status).toBe('paid');
  });

  it('refunds money that arrives for an order that can no longer be paid', async () => {
    const order = newOrder();
    const { outTradeNo } = await start(order.orderNo);
    order.status = 'cancelled';
    const raw = await pay.channels.sandbox!.pay({
      outTradeNo,
      amount: 12_800,
      expiresAt: order.payDeadline,
      result: 'success',
    });
    expect((await notify(raw)).status).toBe(200);
    await pay.idle();
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderNo, order.orderNo));
    expect(refund).toMatchObject({
      reason: 'not-payable',
      status: 'succeeded',
      amount: 12_800,
      requestedBy: 'system',
    });
    expect((await paymentOf(outTradeNo)).status).toBe('refunded');
    expect(ledger.orders.get(order.orderNo)?.status).toBe('cancelled');
    expect(ledger.calls.filter((call) => call.startsWith('markRefunded'))).toEqual([]);
    const outcomes = (
      await t.database.db
        .select()
        .from(payNotifications)
        .where(eq(payNotifications.reference, refund.outRefundNo))
    ).map((row) => row.outcome);
    expect(outcomes).toEqual(['refunded']);
  });
});

describe('the sandbox pay page', () => {
  it("completes only the caller's own attempt, through the signed callback path", async () => {
    const order = newOrder();
    const { outTradeNo } = await start(order.orderNo);
    const complete = (userId: number, body = { outTradeNo, result: 'success' as const }) =>
      completeSandboxPayment(pay.deps, pay.channels.sandbox, { orderNo: order.orderNo, userId, body });
    await expect(complete(2)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(complete(1, { outTradeNo: 'nope', result: 'success' })).rejects.toMatchObject({
      code: 'NotFound',
    });
    expect(await complete(1)).toEqual({ orderNo: order.orderNo, status: 'paid' });
    expect(await lastNotification()).toMatchObject({ channel: 'sandbox', verified: true, outcome: 'paid' });
  });
});

describe('refunds', () => {
  /** An order paid at the sandbox's cashier, its callback delivered. */
  async function paidOrder() {
    const order = newOrder();
    const { outTradeNo } = await start(order.orderNo);
    await notify(
      await pay.channels.sandbox!.pay({
        outTradeNo,
        amount: 12_800,
        expiresAt: order.payDeadline,
        result: 'success',
      }),
    );
    return { order, outTradeNo };
  }

  it("approves a buyer's refund: the sandbox confirms through its notice and the order is marked refunded", async () => {
    const { order, outTradeNo } = await paidOrder();
    await expect(refundOrder(pay.deps, order.orderNo, 'ops@host')).rejects.toMatchObject({
      code: 'OrderStateConflict',
    });
    order.status = 'refunding';
    const report = await refundOrder(pay.deps, order.orderNo, 'ops@host');
    expect(report).toMatchObject({ orderNo: order.orderNo, amount: 12_800, status: 'succeeded' });
    expect(ledger.orders.get(order.orderNo)?.status).toBe('refunded');
    expect((await paymentOf(outTradeNo)).status).toBe('refunded');
    const [row] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.outRefundNo, report.outRefundNo));
    expect(row).toMatchObject({
      reason: 'buyer',
      requestedBy: 'ops@host',
      providerRefundId: `SBR${report.outRefundNo}`,
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${order.orderNo}`));
    expect(audits.map(({ action, actor, before, after }) => ({ action, actor, before, after }))).toEqual([
      {
        action: 'order.refund',
        actor: 'ops@host',
        before: { status: 'refunding' },
        after: { refund: report.outRefundNo, amount: 12_800, channel: 'sandbox' },
      },
    ]);
  });

  it('keeps a refund pending when the provider cannot be reached, and the resend job finishes it', async () => {
    const { order } = await paidOrder();
    order.status = 'refunding';
    const sandbox = pay.channels.sandbox!;
    const refund = vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new Error('connection reset'));
    await expect(refundOrder(pay.deps, order.orderNo, 'ops')).rejects.toThrow('connection reset');
    const [pending] = await t.database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderNo, order.orderNo), eq(refunds.status, 'pending')));
    expect(pending.attempts).toBe(1);
    // Not yet due: tried just now.
    expect(await retryPendingRefunds(pay.deps, 60_000)).toBe(0);
    t.clock.advanceSeconds(120);
    try {
      expect(await retryPendingRefunds(pay.deps, 60_000)).toBe(1);
    } finally {
      t.clock.advanceSeconds(-120);
    }
    expect(refund).toHaveBeenCalledTimes(2);
    expect(ledger.orders.get(order.orderNo)?.status).toBe('refunded');
    expect(await sendRefund(pay.deps, pending.id)).toMatchObject({ status: 'succeeded' });
  });

  it('refuses to turn down a refund whose money is already on its way back', async () => {
    const { order } = await paidOrder();
    order.status = 'refunding';
    let rejected = 0;
    const reject = async () => {
      rejected += 1;
      return true;
    };
    vi.spyOn(pay.channels.sandbox!, 'refund').mockResolvedValueOnce({
      status: 'pending',
      providerRefundId: null,
    });
    await refundOrder(pay.deps, order.orderNo, 'ops');
    await expect(rejectBuyerRefund(pay.deps, order.orderNo, reject)).rejects.toMatchObject({
      code: 'Conflict',
    });
    expect(rejected).toBe(0);
    const other = await paidOrder();
    other.order.status = 'refunding';
    await rejectBuyerRefund(pay.deps, other.order.orderNo, reject);
    expect(rejected).toBe(1);
  });
});

describe('the sandbox key', () => {
  it('is generated once into the database and shared by every process on it, unless PAY_SANDBOX_KEY is set', async () => {
    const options = {
      db: t.database.db,
      clock: t.clock,
      log: { info() {}, warn() {}, error() {} },
      ledger,
    };
    const processA = createPayService({ ...options, config: parsePayConfig({ PAY_SANDBOX: 'on' }) });
    const processB = createPayService({ ...options, config: parsePayConfig({ PAY_SANDBOX: 'on' }) });
    const raw = await processA.channels.sandbox!.paymentNotice({
      outTradeNo: 'X1',
      amount: 100,
      result: 'success',
    });
    expect(await processB.channels.sandbox!.verify(raw, new Date(t.clock.now()))).toMatchObject({
      ok: true,
      notice: { kind: 'paid', outTradeNo: 'X1', transactionId: 'SBX1', amount: 100 },
    });
    const [{ n }] = await t.database.db.select({ n: count() }).from(paySecrets);
    expect(n).toBe(1);
    const configured = createPayService({
      ...options,
      config: parsePayConfig({ PAY_SANDBOX: 'on', PAY_SANDBOX_KEY: 'k'.repeat(40) }),
    });
    expect(await configured.channels.sandbox!.verify(raw, new Date(t.clock.now()))).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });
});
