/**
 * Recording a provider's final word on a refund, inside the caller's transaction (a refund notice, or
 * a refund answered at once): the refund row, its payment (refunded once its refunds add up to all of
 * it) and, for an operator's refund, the order through the shop's ledger (the amount and lines given
 * back; refunded or partially_refunded once no other refund of it is pending). The order's row and then
 * the refund row must already be locked.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../shared/orders.ts';
import type { PayDeps } from './deps.ts';
import { payments, refunds } from './schema.ts';

/** A refund row. */
export type RefundRow = typeof refunds.$inferSelect;

/** What the provider said. */
export type RefundOutcome =
  | { status: 'succeeded'; providerRefundId: string; at: Date }
  | { status: 'failed'; reason: string; providerRefundId?: string | null };

/**
 * Applies `outcome` to the pending refund `refund`; answers what it did ('refunded', 'refund failed',
 * or 'repeat' when the refund had already been settled).
 */
export async function settleRefund(
  deps: Pick<PayDeps, 'ledger' | 'log' | 'clock'>,
  tx: Tx,
  refund: RefundRow,
  outcome: RefundOutcome,
): Promise<'refunded' | 'refund failed' | 'repeat'> {
  if (refund.status !== 'pending') return 'repeat';
  const now = new Date(deps.clock.now());
  if (outcome.status === 'failed') {
    await tx
      .update(refunds)
      .set({
        status: 'failed',
        failure: outcome.reason.slice(0, 200),
        providerRefundId: outcome.providerRefundId ?? refund.providerRefundId,
        completedAt: now,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    deps.log.warn(
      { orderNo: refund.orderNo, outRefundNo: refund.outRefundNo, reason: outcome.reason },
      'refund failed',
    );
    return 'refund failed';
  }
  await tx
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId: outcome.providerRefundId, completedAt: outcome.at })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
  // The payment is refunded once its confirmed refunds add up to all of it.
  await tx
    .update(payments)
    .set({ status: 'refunded' })
    .where(
      and(
        eq(payments.id, refund.paymentId),
        eq(payments.status, 'succeeded'),
        sql`${payments.amount} <= (select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'succeeded')`,
      ),
    );
  // Money that came in for a cancelled order leaves it cancelled; an operator's refund is the order's.
  if (refund.reason !== 'buyer') return 'refunded';
  const [otherPending] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderNo, refund.orderNo),
        eq(refunds.reason, 'buyer'),
        eq(refunds.status, 'pending'),
        ne(refunds.id, refund.id),
      ),
    )
    .limit(1);
  const recorded = await deps.ledger.markRefunded(tx, refund.orderNo, {
    at: outcome.at,
    amount: refund.amount,
    lines: refund.lines,
    othersPending: otherPending !== undefined,
  });
  if (!recorded) {
    deps.log.error(
      { orderNo: refund.orderNo, outRefundNo: refund.outRefundNo },
      'refund confirmed but the order was not refunding',
    );
  }
  return 'refunded';
}
