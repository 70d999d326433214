/**
 * Provider callbacks (`POST /api/pay/notify/{channel}`, and the sandbox's own) and the providers'
 * answers to our queries (reconcile.ts): the one path by which money becomes a paid order.
 *
 * 1. The channel verifies the callback (signature, freshness, our merchant/app/seller ids) before
 *    anything else. A verified callback is recorded in full in `pay_notifications`; a refused one
 *    only counts in its row of `pay_refused_callbacks` (refused-callbacks.ts), so unsigned posts
 *    cannot fill the disk.
 * 2. A verified notice is applied in ONE transaction: the order's row is locked first (through the
 *    ledger, the same order every other writer takes: order, then payment), then the payment row
 *    (FOR UPDATE); out_trade_no, channel, order and amount must match; the payment is marked
 *    succeeded and `ledger.markPaid` moves the order on.
 * 3. A repeat (same payment, same transaction) changes nothing and is answered with success; a forged,
 *    altered or mismatching callback changes nothing, is logged (no secrets) and answered with the
 *    provider's failure format. Money for an order that can no longer be paid (paid at or after its
 *    deadline, or for an order already cancelled or paid) is recorded and refunded automatically.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../shared/orders.ts';
import type { NotifyAnswer, PaymentChannel, PayNotice, RawNotification } from './channel.ts';
import type { PayDeps } from './deps.ts';
import { newOutRefundNo } from './ids.ts';
import { storable } from './refused-callbacks.ts';
import { payments, payNotifications, refunds } from './schema.ts';
import { settleRefund } from './settle-refund.ts';

/** Headers worth keeping with a callback: the signature headers and the content description. */
const KEPT_HEADER = /^(?:wechatpay-|sandbox-|content-type$|user-agent$|request-id$)/;

function keptHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && KEPT_HEADER.test(name)) kept[storable(name, 100)] = storable(value, 1000);
  }
  return kept;
}

/** How a verified notice was handled. */
export interface Handled {
  result: 'success' | 'refused';
  outcome: string;
  /** A refund this callback made due (sent after the commit). */
  refundId?: number;
}

function refused(outcome: string): Handled {
  return { result: 'refused', outcome: `refused: ${outcome}` };
}

/** A payment notice: the payment row and the order change together or not at all. */
async function applyPayment(
  deps: PayDeps,
  tx: Tx,
  channel: PaymentChannel,
  notice: Extract<PayNotice, { kind: 'paid' | 'failed' }>,
): Promise<Handled> {
  // The order number never changes, so reading it unlocked is safe; the locks come next, order first.
  const [known] = await tx
    .select({ orderNo: payments.orderNo })
    .from(payments)
    .where(eq(payments.outTradeNo, notice.outTradeNo))
    .limit(1);
  if (!known) return refused('unknown out_trade_no');
  const order = await deps.ledger.findForPayment(tx, known.orderNo);
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.outTradeNo, notice.outTradeNo))
    .for('update');
  if (payment.channel !== channel.name) return refused('channel mismatch');
  if (!order) return refused('order missing');

  if (notice.kind === 'failed') {
    if (payment.status !== 'created')
      return { result: 'success', outcome: `ignored: payment ${payment.status}` };
    await tx
      .update(payments)
      .set({ status: 'closed', closedAt: new Date(deps.clock.now()) })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
    return { result: 'success', outcome: 'payment failed' };
  }

  if (notice.amount !== payment.amount || payment.amount !== order.total) return refused('amount mismatch');
  if (payment.status === 'succeeded' || payment.status === 'refunded') {
    return payment.transactionId === notice.transactionId
      ? { result: 'success', outcome: 'repeat' }
      : refused('payment already confirmed by another transaction');
  }
  // created, or closed here because a newer attempt started: the provider took the money either way.
  await tx
    .update(payments)
    .set({ status: 'succeeded', transactionId: notice.transactionId, succeededAt: notice.paidAt })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, ['created', 'closed'])));
  const marked = await deps.ledger.markPaid(tx, payment.orderNo, {
    channel: channel.name,
    amount: payment.amount,
    transactionId: notice.transactionId,
    paidAt: notice.paidAt,
  });
  if (marked !== 'not-payable') return { result: 'success', outcome: marked === 'paid' ? 'paid' : 'repeat' };
  const [refund] = await tx
    .insert(refunds)
    .values({
      outRefundNo: newOutRefundNo(payment.orderNo),
      orderNo: payment.orderNo,
      paymentId: payment.id,
      amount: payment.amount,
      status: 'pending',
      reason: 'not-payable',
      requestedBy: 'system',
      createdAt: new Date(deps.clock.now()),
    })
    .returning({ id: refunds.id, outRefundNo: refunds.outRefundNo });
  deps.log.warn(
    { orderNo: payment.orderNo, outTradeNo: payment.outTradeNo, outRefundNo: refund.outRefundNo },
    'payment for an order that can no longer be paid: refunding',
  );
  return { result: 'success', outcome: `not payable: refund ${refund.outRefundNo}`, refundId: refund.id };
}

/** A refund notice: settles the pending refund it names. */
async function applyRefund(
  deps: PayDeps,
  tx: Tx,
  channel: PaymentChannel,
  notice: Extract<PayNotice, { kind: 'refund' }>,
): Promise<Handled> {
  const [known] = await tx
    .select({ orderNo: refunds.orderNo })
    .from(refunds)
    .where(eq(refunds.outRefundNo, notice.outRefundNo))
    .limit(1);
  if (!known) return refused('unknown out_refund_no');
  await deps.ledger.findForPayment(tx, known.orderNo);
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(eq(refunds.outRefundNo, notice.outRefundNo))
    .for('update');
  const [payment] = await tx
    .select({ channel: payments.channel, amount: payments.amount })
    .from(payments)
    .where(eq(payments.id, refund.paymentId));
  if (payment.channel !== channel.name) return refused('channel mismatch');
  // A refunded total (one of several partial refunds) covers this refund and at most the payment.
  const amountFits = notice.cumulative
    ? notice.amount >= refund.amount && notice.amount <= payment.amount
    : notice.amount === refund.amount;
  if (!amountFits) return refused('amount mismatch');
  const done = await settleRefund(
    deps,
    tx,
    refund,
    notice.status === 'succeeded'
      ? { status: 'succeeded', providerRefundId: notice.providerRefundId, at: notice.at }
      : {
          status: 'failed',
          reason: notice.failure ?? 'refund failed',
          providerRefundId: notice.providerRefundId,
        },
  );
  return { result: 'success', outcome: done };
}

function referenceOf(notice: PayNotice): string | null {
  if (notice.kind === 'refund') return notice.outRefundNo;
  if (notice.kind === 'ignored') return null;
  return notice.outTradeNo;
}

/**
 * Applies a verified notice — a callback's, or what a provider answered to our query — in one
 * transaction; with `recordId`, the callback's `pay_notifications` row gets the outcome in the same
 * transaction. A refund it makes due is the caller's to send once this has committed.
 */
export async function applyNotice(
  deps: PayDeps,
  channel: PaymentChannel,
  notice: PayNotice,
  recordId?: number,
): Promise<Handled> {
  return deps.db.transaction(async (tx) => {
    const result: Handled =
      notice.kind === 'ignored'
        ? { result: 'success', outcome: `ignored: ${notice.reason}` }
        : notice.kind === 'refund'
          ? await applyRefund(deps, tx, channel, notice)
          : await applyPayment(deps, tx, channel, notice);
    if (recordId !== undefined) {
      await tx
        .update(payNotifications)
        .set({ outcome: result.outcome })
        .where(eq(payNotifications.id, recordId));
    }
    return result;
  });
}

/** Tallies a callback that failed verification and answers the provider's refusal. */
async function refuse(
  deps: PayDeps,
  channel: PaymentChannel,
  raw: RawNotification,
  reason: string,
  now: Date,
): Promise<NotifyAnswer> {
  await deps.refusedCallbacks.note({
    channel: channel.name,
    reason,
    sourceIp: raw.sourceIp,
    body: raw.body,
    at: now,
  });
  deps.log.warn({ channel: channel.name, reason }, 'pay callback refused: verification failed');
  return channel.answer('refused', 'verification failed');
}

/**
 * Handles one callback for `channel` and answers in its provider's format. The caller
 * has made sure the channel is open (an unknown one is 404 before this).
 */
export async function handleNotify(
  deps: PayDeps,
  channel: PaymentChannel,
  raw: RawNotification,
): Promise<NotifyAnswer> {
  const now = new Date(deps.clock.now());
  let verdict: Awaited<ReturnType<PaymentChannel['verify']>>;
  try {
    verdict = await channel.verify(raw, now);
  } catch (error) {
    // Verification is written not to throw; if it does (e.g. the database of the sandbox key), try later.
    deps.log.error({ channel: channel.name, err: error }, 'pay callback verification failed');
    return channel.answer('retry', 'verification unavailable');
  }
  if (!verdict.ok) return refuse(deps, channel, raw, verdict.reason, now);
  const notice = verdict.notice;
  const reference = referenceOf(notice);
  const [record] = await deps.db
    .insert(payNotifications)
    .values({
      channel: channel.name,
      headers: keptHeaders(raw.headers),
      body: storable(raw.body.toString('utf8'), 64 * 1024),
      verified: true,
      outcome: 'received',
      reference: reference === null ? null : storable(reference, 100),
      receivedAt: now,
    })
    .returning({ id: payNotifications.id });

  let handled: Handled;
  try {
    handled = await applyNotice(deps, channel, notice, record.id);
  } catch (error) {
    deps.log.error({ channel: channel.name, notification: record.id, err: error }, 'pay callback failed');
    await deps.db
      .update(payNotifications)
      .set({ outcome: 'error: not applied, awaiting resend' })
      .where(eq(payNotifications.id, record.id))
      .catch(() => {});
    return channel.answer('retry', 'internal error');
  }
  if (handled.result === 'refused') {
    deps.log.warn(
      { channel: channel.name, reference, outcome: handled.outcome, notification: record.id },
      'pay callback refused',
    );
    return channel.answer('refused', handled.outcome);
  }
  if (handled.refundId !== undefined) deps.refundDue(handled.refundId);
  return channel.answer('success', handled.outcome);
}
