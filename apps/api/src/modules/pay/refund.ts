/**
 * Refunds. Two causes: a buyer's request an operator approves (`npm run admin -- order refund
 * <orderNo>`: the order is `refunding`; once the provider confirms, the ledger marks it refunded), and
 * money that arrived for an order that could no longer be paid (late, cancelled or already paid;
 * notify.ts records the refund; it
 * is sent from here). A refund row is recorded first (pending; at most one live per payment), then
 * sent; the provider's answer is settled at once (Alipay), through its refund notice (WeChat), or
 * through the notice it hands back at once (the sandbox), which goes the same `handleNotify` path.
 * Pending refunds are sent again by a job until the provider settles them: providers refund each
 * out_refund_no once, however often it is sent.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import type { PayDeps } from './deps.ts';
import { notifyUrl } from './deps.ts';
import { newOutRefundNo } from './ids.ts';
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
  /** What goes back, in 分: 1 … the payment's amount; the payment in full when absent. */
  amount?: number;
  /**
   * Lets an operator refund a paid order no buyer asked about: called in the refund's transaction
   * (the order row locked) when the order is `paid`, it must move it to `refunding` and answer true.
   */
  open?: (tx: Tx) => Promise<boolean>;
}

/**
 * The operator's refund: refunds the payment that paid `orderNo` (which must be `refunding` — or
 * `paid`, when `options.open` moves it there), in full or by `options.amount`, recording `actor` as the
 * approver (on the refund and in the audit trail). Run again while the refund is pending, it sends the
 * same refund again.
 */
export async function refundOrder(
  deps: PayDeps,
  orderNo: string,
  actor: string,
  options: RefundOptions = {},
): Promise<RefundReport> {
  const refundId = await deps.db.transaction(async (tx) => {
    const order = await deps.ledger.findForPayment(tx, orderNo);
    if (!order) throw new AppError('NotFound', `order ${orderNo} not found`);
    const before = order.status;
    if (order.status === 'paid' && options.open) {
      if (!(await options.open(tx))) throw new AppError('OrderStateConflict', `order is ${order.status}`);
    } else if (order.status !== 'refunding') {
      throw new AppError('OrderStateConflict', `order is ${order.status}`);
    }
    const [pending] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderNo, orderNo), eq(refunds.reason, 'buyer'), eq(refunds.status, 'pending')))
      .limit(1);
    if (pending) return pending.id;
    // The payment that paid the order: the first confirmed one not already being refunded (a second
    // payment of the same order was refunded automatically).
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderNo, orderNo),
          eq(payments.status, 'succeeded'),
          sql`not exists (select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} <> 'failed')`,
        ),
      )
      .orderBy(asc(payments.succeededAt), asc(payments.id))
      .limit(1)
      .for('update');
    if (!payment) throw new AppError('OrderStateConflict', `order ${orderNo} has no payment to refund`);
    const amount = options.amount ?? payment.amount;
    if (!Number.isInteger(amount) || amount < 1 || amount > payment.amount) {
      throw new AppError('ValidationError', `refund must be 1–${payment.amount} 分`);
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        outRefundNo: newOutRefundNo(orderNo),
        orderNo,
        paymentId: payment.id,
        amount,
        status: 'pending',
        reason: 'buyer',
        requestedBy: actor,
        createdAt: new Date(deps.clock.now()),
      })
      .returning({ id: refunds.id, outRefundNo: refunds.outRefundNo });
    await writeAudit(tx, {
      at: new Date(deps.clock.now()),
      actor,
      operatorId: options.operatorId,
      action: 'order.refund',
      target: `order:${orderNo}`,
      before: { status: before },
      after: { refund: refund.outRefundNo, amount, channel: payment.channel },
      reason: options.reason,
    });
    return refund.id;
  });
  return sendRefund(deps, refundId);
}

/**
 * The operator's refusal of a buyer's refund: `reject` (the shop's refunding → paid) runs in the same
 * transaction as the check that no refund of the order is pending or done, under the order's row lock
 * (which `refundOrder` takes too), so money already on its way back is never "refused" afterwards.
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
    const [live] = await tx
      .select({ status: refunds.status })
      .from(refunds)
      .where(
        and(eq(refunds.orderNo, orderNo), eq(refunds.reason, 'buyer'), sql`${refunds.status} <> 'failed'`),
      )
      .limit(1);
    if (live) throw new AppError('Conflict', `a refund of order ${orderNo} is already ${live.status}`);
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
