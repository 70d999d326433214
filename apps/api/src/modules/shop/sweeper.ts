/**
 * Cancelling unpaid orders and giving their stock back: by the buyer, and once ORDER_PAY_MINUTES and
 * then {@link SETTLEMENT_GRACE_MS} have passed without payment — by the time-out job that runs in
 * every API process, and whenever such an order is read (so a buyer never sees a pending order past
 * its grace, however long ago the job last ran). The job first has the pay module ask the providers
 * about the payment attempts of orders past their deadline ({@link PaymentAttempts}): a payment whose
 * callback was lost pays its order instead of being cancelled, an unpaid attempt is closed at the
 * provider before its order is cancelled, and an order whose provider did not answer waits.
 */
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { PaymentAttempts, Tx } from '../../shared/orders.ts';
import { moveOrder } from './order-state.ts';
import { orderItems, orders, skus } from './schema.ts';

/** The timeline's note on an order the time-out cancelled. */
export const TIMEOUT_NOTE = '超时未支付，已自动取消';

/**
 * How long past its deadline a pending order waits before it is cancelled. The providers refuse a
 * payment after the deadline (`time_expire`), but the callback of one made in the last seconds arrives
 * a little later: meanwhile the order must still be there to be paid, not cancelled with its stock
 * released. Paying is judged by the provider's time of payment (ledger.ts), starting one by the
 * deadline itself (pay module).
 */
export const SETTLEMENT_GRACE_MS = 2 * 60_000;

/** Orders one sweeper transaction cancels at most: bounds its locks and its time. */
const SWEEP_BATCH = 200;

/** Who cancels and why, as the timeline records it. */
export interface Cancellation {
  at: Date;
  actor: string;
  note: string;
  /** Only this buyer's orders. */
  userId?: number;
}

/**
 * Moves each of `orderNos` that is still pending to cancelled and puts the pieces of those orders
 * back in stock, all inside `tx`. Stock goes back once per order, because only the transaction whose
 * conditional update moved the order releases it; the SKUs are updated in id order (the order in
 * which creation takes them), so a release and a reservation never deadlock. Answers the orders
 * this call cancelled.
 */
export async function cancelPendingOrders(
  tx: Tx,
  orderNos: readonly string[],
  cancellation: Cancellation,
): Promise<string[]> {
  const cancelled: string[] = [];
  for (const orderNo of orderNos) {
    const row = await moveOrder(tx, {
      orderNo,
      from: 'pending',
      to: 'cancelled',
      at: cancellation.at,
      actor: cancellation.actor,
      note: cancellation.note,
      fields: { cancelledAt: cancellation.at },
      userId: cancellation.userId,
    });
    if (row) cancelled.push(orderNo);
  }
  if (cancelled.length === 0) return cancelled;
  const released = await tx
    .select({ skuId: orderItems.skuId, qty: sql<number>`sum(${orderItems.qty})::int` })
    .from(orderItems)
    .where(inArray(orderItems.orderNo, cancelled))
    .groupBy(orderItems.skuId)
    .orderBy(asc(orderItems.skuId));
  for (const { skuId, qty } of released) {
    await tx
      .update(skus)
      .set({ stock: sql`${skus.stock} + ${qty}` })
      .where(eq(skus.id, skuId));
  }
  return cancelled;
}

/** Which overdue orders {@link cancelOverdueOrders} looks at: all, one buyer's, or one order. */
export interface OverdueScope {
  userId?: number;
  orderNo?: string;
  /**
   * The pay module's attempts: an order with an attempt nobody has settled with its provider yet is
   * left pending (the buyer may have paid in time while the callback is late); the time-out job settles
   * it and cancels it afterwards.
   */
  payments?: PaymentAttempts;
}

/**
 * Cancels, inside `tx`, up to `limit` pending orders whose pay deadline is {@link SETTLEMENT_GRACE_MS}
 * or more before `now` (those with an unsettled payment attempt excepted, when `scope.payments` is given).
 * Rows another transaction holds (a payment being recorded, another sweeper) are skipped rather than
 * waited for: whoever holds them decides their fate, and the next sweep sees them again.
 */
export async function cancelOverdueOrders(
  tx: Tx,
  now: Date,
  scope: OverdueScope = {},
  limit = SWEEP_BATCH,
): Promise<string[]> {
  const settled = new Date(now.getTime() - SETTLEMENT_GRACE_MS);
  const conditions = [eq(orders.status, 'pending'), lte(orders.payDeadline, settled)];
  if (scope.userId !== undefined) conditions.push(eq(orders.userId, scope.userId));
  if (scope.orderNo !== undefined) conditions.push(eq(orders.orderNo, scope.orderNo));
  const due = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.payDeadline))
    .limit(limit)
    .for('update', { skipLocked: true });
  const orderNos = due.map((row) => row.orderNo);
  const waiting = scope.payments ? await scope.payments.unsettled(tx, orderNos) : new Set<string>();
  return cancelPendingOrders(
    tx,
    orderNos.filter((orderNo) => !waiting.has(orderNo)),
    { at: now, actor: 'system', note: TIMEOUT_NOTE },
  );
}

/** Where a sweep has got to: the last order of the previous batch, in (deadline, number) order. */
interface SweepCursor {
  payDeadline: Date;
  orderNo: string;
}

/**
 * One batch of the time-out inside `tx`: pending orders {@link SETTLEMENT_GRACE_MS} past their
 * deadline after `after`, locked (rows another transaction holds are skipped), cancelled unless the
 * pay module still has an attempt of theirs unsettled. Answers the batch and what it cancelled.
 */
async function sweepBatch(
  tx: Tx,
  now: Date,
  payments: PaymentAttempts | undefined,
  after: SweepCursor | undefined,
): Promise<{ due: SweepCursor[]; cancelled: string[] }> {
  const settled = new Date(now.getTime() - SETTLEMENT_GRACE_MS);
  const due = await tx
    .select({ payDeadline: orders.payDeadline, orderNo: orders.orderNo })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.payDeadline, settled),
        after
          ? or(
              gt(orders.payDeadline, after.payDeadline),
              and(eq(orders.payDeadline, after.payDeadline), gt(orders.orderNo, after.orderNo)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(orders.payDeadline), asc(orders.orderNo))
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  const waiting = payments
    ? await payments.unsettled(
        tx,
        due.map((row) => row.orderNo),
      )
    : new Set();
  const cancelled = await cancelPendingOrders(
    tx,
    due.map((row) => row.orderNo).filter((orderNo) => !waiting.has(orderNo)),
    { at: now, actor: 'system', note: TIMEOUT_NOTE },
  );
  return { due, cancelled };
}

/**
 * The time-out job: has `payments` settle the attempts of orders past their deadline with their
 * providers (outside any transaction: no lock is held while a provider answers), then cancels every
 * pending order {@link SETTLEMENT_GRACE_MS} or more past its deadline that has no unsettled attempt
 * left and releases its stock, one batch per transaction. Safe in every process at once (`FOR UPDATE
 * SKIP LOCKED` splits the work, the conditional update moves each order once, and the pay module
 * settles each attempt once). Answers how many orders this call cancelled.
 */
export async function cancelExpiredOrders(deps: {
  db: Db;
  clock: Clock;
  payments?: PaymentAttempts;
}): Promise<number> {
  await deps.payments?.settleOverdue();
  const now = new Date(deps.clock.now());
  let total = 0;
  let after: SweepCursor | undefined;
  for (;;) {
    const batch = await deps.db.transaction((tx) => sweepBatch(tx, now, deps.payments, after));
    total += batch.cancelled.length;
    if (batch.due.length < SWEEP_BATCH) return total;
    after = batch.due[batch.due.length - 1];
  }
}
