/**
 * Refunds. Two causes: an operator's refund (`npm run admin -- order refund <orderNo>` approving a
 * buyer's request in full, or the console's 退款 naming an amount and the lines it gives back, on a
 * buyer's request or the shop's own decision), and money that arrived for an order that could no longer
 * be paid (late, cancelled or already paid; notify.ts records the refund; it is sent from here).
 *
 * A payment may be refunded in several parts, each its own refund with its own number (WeChat's
 * out_refund_no, Alipay's out_request_no), as long as the parts pending or succeeded add up to no more
 * than the payment: the order's row and then the payment's are locked and the parts summed again inside
 * the transaction that records a new one, so two operators at once cannot exceed it (a trigger on
 * `refunds` refuses it too). A refund row is recorded first (pending), then sent; the provider's answer
 * is settled at once (Alipay), through its refund notice (WeChat), or through the notice it hands back
 * at once (the sandbox), which goes the same `handleNotify` path. Pending refunds are sent again by a job
 * until the provider settles them: providers refund each number once, however often it is sent.
 */
import type { OrderStatus } from '@xuanli/contracts/shop';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import type { PayDeps } from './deps.ts';
import { notifyUrl } from './deps.ts';
import { newOutRefundNo } from './ids.ts';
import { fenToYuan } from './money.ts';
import { handleNotify } from './notify.ts';
import { payments, refunds } from './schema.ts';
import { type RefundRow, settleRefund } from './settle-refund.ts';

/** Where a refund stands after sending it. */
export interface RefundReport {
  orderNo: string;
  outRefundNo: string;
  amount: number;
  status: RefundRow['status'];
  /** Why the provider refused, when it did. */
  failure: string | null;
}

async function reportOf(deps: PayDeps, refundId: number): Promise<RefundReport> {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  return {
    orderNo: row.orderNo,
    outRefundNo: row.outRefundNo,
    amount: row.amount,
    status: row.status,
    failure: row.failure,
  };
}

/** Settles `refundId` with `outcome` in a transaction of its own (order row first, then the refund's). */
async function settle(
  deps: PayDeps,
  refundId: number,
  orderNo: string,
  outcome: Parameters<typeof settleRefund>[3],
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await deps.ledger.findForPayment(tx, orderNo);
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    await settleRefund(deps, tx, refund, outcome);
  });
}

/**
 * Sends pending refund `refundId` to its payment's provider and settles what it answers. Throws
 * `PaymentChannelError` when the provider cannot be reached (the refund stays pending, for the retry
 * job or the operator).
 */
export async function sendRefund(deps: PayDeps, refundId: number): Promise<RefundReport> {
  const now = new Date(deps.clock.now());
  const [claimed] = await deps.db
    .update(refunds)
    .set({ lastTriedAt: now, attempts: sql`${refunds.attempts} + 1` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!claimed) return reportOf(deps, refundId);
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, claimed.paymentId));
  const channel = deps.channels.get(payment.channel);
  if (!channel) throw new AppError('PaymentChannelError', `pay channel ${payment.channel} is not open`);
  const result = await channel.refund({
    outTradeNo: payment.outTradeNo,
    transactionId: payment.transactionId ?? '',
    outRefundNo: claimed.outRefundNo,
    amount: claimed.amount,
    total: payment.amount,
    reason: claimed.reason === 'buyer' ? '买家申请退款' : '订单已关闭，退回款项',
    notifyUrl: notifyUrl(deps, channel.name),
  });
  if (result.status === 'pending') {
    if (result.providerRefundId) {
      await deps.db
        .update(refunds)
        .set({ providerRefundId: result.providerRefundId })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    }
    // The sandbox's notice, delivered at once through the same verification as any provider's.
    if (result.notice) await handleNotify(deps, channel, result.notice);
  } else {
    await settle(deps, refundId, claimed.orderNo, result);
  }
  return reportOf(deps, refundId);
}

/** How an operator's refund goes beyond the command line's full refund of a buyer's request. */
export interface RefundOptions {
  /** The console operator's id, for the audit row. */
  operatorId?: number | null;
  /** The operator's reason, kept in the audit row. */
  reason?: string;
  /**
   * What goes back, in 分: 1 … what is still refundable (the payment less its refunds pending or
   * succeeded). When absent, a refund of the order still pending is sent again, or else all that is
   * still refundable goes back.
   */
  amount?: number;
  /** The order's lines this refund gives back (none already covered by another refund); [] for money only. */
  lines?: readonly number[];
  /**
   * Lets an operator refund an order no buyer asked about: called in the refund's transaction (the
   * order row locked) when the order is not `refunding`, with its status; it must move the order to
   * `refunding` and answer true, or answer false when that status cannot be refunded.
   */
  open?: (tx: Tx, from: OrderStatus) => Promise<boolean>;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * The payment that paid `orderNo`, locked until `tx` ends: the first confirmed one that is not itself
 * being given back as money the order could not take (a second payment of the same order).
 */
async function payingPayment(tx: Tx, orderNo: string): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderNo, orderNo),
        inArray(payments.status, ['succeeded', 'refunded']),
        sql`not exists (select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.reason} = 'not-payable' and ${refunds.status} <> 'failed')`,
      ),
    )
    .orderBy(asc(payments.succeededAt), asc(payments.id))
    .limit(1)
    .for('update');
  return payment;
}

/** The refunds of `paymentId` pending or succeeded, read under its row lock. */
function liveRefundsOf(tx: Tx, paymentId: number) {
  return tx
    .select({ amount: refunds.amount, lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
}

/** Refuses `amount` unless it is a whole number of 分 from 1 to `remaining`. */
function checkAmount(amount: number, remaining: number): void {
  if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
    throw new AppError('ValidationError', `退款金额须在 ¥0.01 到可退金额 ¥${fenToYuan(remaining)} 之间`);
  }
}

/** Refuses lines the order does not have, or that another refund already gives back. */
function checkLines(lines: readonly number[], orderLines: readonly number[], covered: Set<number>): void {
  if (new Set(lines).size !== lines.length) throw new AppError('ValidationError', '退款商品行重复');
  for (const line of lines) {
    if (!orderLines.includes(line)) throw new AppError('ValidationError', `订单没有第 ${line} 行商品`);
    if (covered.has(line)) throw new AppError('Conflict', `第 ${line} 行商品已在其他退款中`);
  }
}

/**
 * The operator's refund of `orderNo`: a new refund of the payment that paid it, of `options.amount`
 * (or all that is still refundable) and the lines it gives back, recorded with `actor` as the approver
 * (on the refund and in the audit trail), then sent. The order must be `refunding` (a buyer's request)
 * or be moved there by `options.open`. Without an amount, a refund of the order still pending is sent
 * again instead (the command line run twice).
 */
export async function refundOrder(
  deps: PayDeps,
  orderNo: string,
  actor: string,
  options: RefundOptions = {},
): Promise<RefundReport> {
  const refundId = await deps.db.transaction(async (tx) => {
    // Locks, always in this order: the order's row, then the payment's (as every writer takes them).
    const order = await deps.ledger.findForPayment(tx, orderNo);
    if (!order) throw new AppError('NotFound', `order ${orderNo} not found`);
    if (options.amount === undefined) {
      const [pending] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.orderNo, orderNo), eq(refunds.reason, 'buyer'), eq(refunds.status, 'pending')))
        .orderBy(asc(refunds.id))
        .limit(1);
      if (pending) return pending.id;
    }
    const before = order.status;
    if (order.status !== 'refunding' && !(await options.open?.(tx, order.status))) {
      throw new AppError('OrderStateConflict', `order is ${order.status}`);
    }
    const payment = await payingPayment(tx, orderNo);
    if (!payment) throw new AppError('OrderStateConflict', `order ${orderNo} has no payment to refund`);
    const live = await liveRefundsOf(tx, payment.id);
    const remaining = payment.amount - live.reduce((sum, refund) => sum + refund.amount, 0);
    if (remaining <= 0) throw new AppError('OrderStateConflict', '订单已没有可退的金额');
    const amount = options.amount ?? remaining;
    checkAmount(amount, remaining);
    const lines = [...(options.lines ?? [])].sort((a, b) => a - b);
    checkLines(lines, order.lines, new Set(live.flatMap((refund) => refund.lines)));
    const now = new Date(deps.clock.now());
    const [refund] = await tx
      .insert(refunds)
      .values({
        outRefundNo: newOutRefundNo(orderNo),
        orderNo,
        paymentId: payment.id,
        amount,
        lines,
        status: 'pending',
        reason: 'buyer',
        requestedBy: actor,
        createdAt: now,
      })
      .returning({ id: refunds.id, outRefundNo: refunds.outRefundNo });
    await writeAudit(tx, {
      at: now,
      actor,
      operatorId: options.operatorId,
      action: 'order.refund',
      target: `order:${orderNo}`,
      before: { status: before },
      after: {
        refund: refund.outRefundNo,
        amount,
        channel: payment.channel,
        ...(lines.length ? { lines } : {}),
      },
      reason: options.reason,
    });
    return refund.id;
  });
  return sendRefund(deps, refundId);
}

/**
 * The operator's refusal of a buyer's refund: `reject` (the shop's refunding → where the order came
 * from) runs in the same transaction as the check that no refund of the order is pending, under the
 * order's row lock (which `refundOrder` takes too), so money already on its way back is never "refused"
 * afterwards. Refunds an earlier part of the order already received stay as they are.
 */
export async function rejectBuyerRefund(
  deps: Pick<PayDeps, 'db' | 'ledger'>,
  orderNo: string,
  reject: (tx: Tx) => Promise<boolean>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await deps.ledger.findForPayment(tx, orderNo);
    if (!order) throw new AppError('NotFound', `order ${orderNo} not found`);
    if (order.status !== 'refunding') throw new AppError('OrderStateConflict', `order is ${order.status}`);
    const [pending] = await tx
      .select({ outRefundNo: refunds.outRefundNo })
      .from(refunds)
      .where(and(eq(refunds.orderNo, orderNo), eq(refunds.reason, 'buyer'), eq(refunds.status, 'pending')))
      .limit(1);
    if (pending)
      throw new AppError('Conflict', `refund ${pending.outRefundNo} of order ${orderNo} is under way`);
    if (!(await reject(tx))) throw new AppError('OrderStateConflict', 'order is no longer refunding');
  });
}

/** Resends pending refunds last tried more than `olderThanMs` ago (the job of every process; claims are conditional). */
export async function retryPendingRefunds(deps: PayDeps, olderThanMs: number): Promise<number> {
  const cutoff = new Date(deps.clock.now() - olderThanMs);
  const due = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.createdAt, cutoff),
        or(isNull(refunds.lastTriedAt), lt(refunds.lastTriedAt, cutoff)),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(20);
  let sent = 0;
  for (const { id } of due) {
    // Claimed by moving last_tried_at: another process that read the same row finds it taken.
    const [claim] = await deps.db
      .update(refunds)
      .set({ lastTriedAt: new Date(deps.clock.now()) })
      .where(
        and(
          eq(refunds.id, id),
          eq(refunds.status, 'pending'),
          or(isNull(refunds.lastTriedAt), lt(refunds.lastTriedAt, cutoff)),
        ),
      )
      .returning({ id: refunds.id });
    if (!claim) continue;
    try {
      await sendRefund(deps, id);
      sent += 1;
    } catch (error) {
      deps.log.warn({ refund: id, err: (error as Error).message }, 'refund resend failed');
    }
  }
  return sent;
}
