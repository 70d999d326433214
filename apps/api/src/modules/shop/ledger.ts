/**
 * The shop's side of payments (shared/orders.ts `OrderLedger`): what the pay module may read of an
 * order, and the order changes a confirmed payment or refund makes — each inside the pay module's
 * transaction, so that its payment row and the order change together or not at all.
 */
import { type OrderStatus, PAY_CHANNEL_LABELS } from '@xuanli/contracts/shop';
import { and, asc, eq, inArray, is, isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { grantCourse, withdrawCourse } from '../../shared/course-grants.ts';
import type {
  ConfirmedRefund,
  MarkPaidOutcome,
  OrderLedger,
  PayableOrder,
  PaymentAttempts,
  Tx,
} from '../../shared/orders.ts';
import { moveOrder } from './order-state.ts';
import { orderItems, orders, products } from './schema.ts';
import { cancelOverdueOrders, cancelPendingOrders, TIMEOUT_NOTE } from './sweeper.ts';

/**
 * What the ledger runs on: the clock decides when an unpaid order is cancelled as it is read (its
 * deadline plus the settlement grace) and dates that cancellation; whether money came in time is
 * decided by the provider's time of payment, not by the clock.
 */
export interface LedgerDeps {
  clock: Clock;
  /**
   * The pay module's attempts (late-bound: the pay service is built on this ledger), so that reading
   * an overdue order for a callback does not cancel it while an attempt of it is still unsettled.
   */
  payments?: () => PaymentAttempts | undefined;
}

/** An operator's or provider's refusal of a refund, as the timeline records it. */
export interface RefundRejection {
  at: Date;
  actor: string;
  /** Why, shown to the buyer after 退款申请未通过. */
  reason?: string;
}

/** {@link OrderLedger} plus the refusal of a refund, which the operators' refund flow needs. */
export interface ShopOrderLedger extends OrderLedger {
  /** refunding → where the order came from: see {@link rejectRefund}. */
  rejectRefund(tx: Tx, orderNo: string, rejection: RefundRejection): Promise<OrderStatus | null>;
}

/** Statuses an order can be in once paid. */
const PAID_STATUSES = new Set(['paid', 'shipped', 'done', 'refunding', 'partially_refunded', 'refunded']);

type OrderRow = typeof orders.$inferSelect;

/** The cashier line, e.g. '玄历商城-紫檀手串 等2件' (providers cap it: WeChat at 127 characters). */
function subjectOf(lines: readonly { title: string; qty: number }[]): string {
  const pieces = lines.reduce((sum, line) => sum + line.qty, 0);
  const first = lines[0]?.title ?? '订单';
  const title = first.length > 40 ? `${first.slice(0, 39)}…` : first;
  return `玄历商城-${title}${pieces > 1 ? ` 等${pieces}件` : ''}`;
}

/** Adds `sign` × the pieces of `lines` to their products' sales, in product id order (no lock cycles). */
async function addSales(
  tx: Tx,
  lines: readonly { productId: number; qty: number }[],
  sign: 1 | -1,
): Promise<void> {
  const pieces = new Map<number, number>();
  for (const line of lines) pieces.set(line.productId, (pieces.get(line.productId) ?? 0) + line.qty);
  for (const productId of [...pieces.keys()].sort((a, b) => a - b)) {
    await tx
      .update(products)
      .set({ sales: sql`${products.sales} + ${sign * (pieces.get(productId) ?? 0)}` })
      .where(eq(products.id, productId));
  }
}

/**
 * Marks `lines` of `orderNo` (every line when null) given back at `at`, each once: their pieces leave
 * the sales count and the courses they bought are withdrawn — unless a line of the order that was not
 * given back grants the same course, which then stays watchable.
 */
async function giveLinesBack(tx: Tx, orderNo: string, lines: readonly number[] | null, at: Date) {
  if (lines?.length === 0) return;
  const given = await tx
    .update(orderItems)
    .set({ refundedAt: at })
    .where(
      and(
        eq(orderItems.orderNo, orderNo),
        isNull(orderItems.refundedAt),
        lines ? inArray(orderItems.line, [...lines]) : undefined,
      ),
    )
    .returning({ productId: orderItems.productId, qty: orderItems.qty, courseId: orderItems.courseId });
  await addSales(tx, given, -1);
  const courses = [...new Set(given.flatMap((line) => (line.courseId ? [line.courseId] : [])))];
  if (courses.length === 0) return;
  const kept = await tx
    .select({ courseId: orderItems.courseId })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderNo, orderNo),
        isNull(orderItems.refundedAt),
        inArray(orderItems.courseId, courses),
      ),
    );
  const stillGranted = new Set(kept.map((line) => line.courseId));
  await withdrawCourse(
    tx,
    orderNo,
    at,
    courses.filter((courseId) => !stillGranted.has(courseId)),
  );
}

/**
 * Where a refunding order goes when its refund is refused: partially_refunded once some money went
 * back (it stays so until all of it has), else where it stood before — done, shipped or paid.
 */
function statusBeforeRefund(order: OrderRow): OrderStatus {
  if (order.refundedAmount > 0) return 'partially_refunded';
  if (order.doneAt) return 'done';
  if (order.shippedAt) return 'shipped';
  return 'paid';
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The order row `orderNo`, locked until `tx` ends. */
async function lockOrder(tx: Tx, orderNo: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1).for('update');
  return order;
}

/**
 * refunding → where the order came from (see {@link statusBeforeRefund}): the refund was refused (by
 * the operator, or the provider would not pay it back). The buyer's reason stays in the timeline; the
 * order no longer shows one. Answers the status it went back to, or null when it was not refunding.
 */
export async function rejectRefund(
  tx: Tx,
  orderNo: string,
  rejection: RefundRejection,
): Promise<OrderStatus | null> {
  const order = await lockOrder(tx, orderNo);
  if (order?.status !== 'refunding') return null;
  const back = statusBeforeRefund(order);
  const reason = rejection.reason?.trim();
  const moved = await moveOrder(tx, {
    orderNo,
    from: 'refunding',
    to: back,
    at: rejection.at,
    actor: rejection.actor,
    note: reason ? `退款申请未通过：${reason}` : '退款申请未通过',
    fields: { refundReason: null },
  });
  return moved ? back : null;
}

/**
 * Records the confirmed `refund` of `orderNo` (see {@link OrderLedger.markRefunded}): the amount on the
 * order, its lines given back — every line once the whole payment went back — and the status once no
 * other refund is pending.
 */
async function recordRefund(tx: Tx, orderNo: string, refund: ConfirmedRefund): Promise<boolean> {
  const order = await lockOrder(tx, orderNo);
  // Only an order refunding has a refund of it pending (refund.ts creates them so, and it stays so).
  if (order?.status !== 'refunding') return false;
  // The refunds of a payment never add up to more than it (refund.ts, and a trigger on refunds).
  const refunded = Math.min(order.total, order.refundedAmount + refund.amount);
  const whole = refunded === order.total;
  await tx.update(orders).set({ refundedAmount: refunded }).where(eq(orders.orderNo, orderNo));
  await giveLinesBack(tx, orderNo, whole ? null : refund.lines, refund.at);
  if (refund.othersPending) return true;
  const moved = await moveOrder(tx, {
    orderNo,
    from: 'refunding',
    to: whole ? 'refunded' : 'partially_refunded',
    at: refund.at,
    actor: order.payChannel ? `pay:${order.payChannel}` : 'system',
    note: whole ? '退款已原路退回' : `已退款 ${yuan(refunded)}，原路退回`,
    fields: whole ? { refundedAt: refund.at } : {},
  });
  return moved !== null;
}

/** The shop's {@link OrderLedger} for the pay module (app.ts hands it over). */
export function createOrderLedger(deps: LedgerDeps): ShopOrderLedger {
  return {
    async findForPayment(db, orderNo, userId) {
      const now = new Date(deps.clock.now());
      // In the caller's transaction the row lock lasts until the caller ends; alone, it is a transaction
      // of its own. (Not a savepoint inside the caller's: two more round trips on the callback's path
      // for nothing, as an error ends the caller's transaction anyway.)
      const run: (work: (tx: Tx) => Promise<PayableOrder | null>) => Promise<PayableOrder | null> = is(
        db,
        PgTransaction,
      )
        ? (work) => work(db as Tx)
        : (work) => (db as Db).transaction(work);
      return run(async (tx): Promise<PayableOrder | null> => {
        // Reading an overdue order cancels it, here as everywhere: it cannot be paid any more.
        await cancelOverdueOrders(tx, now, { orderNo, userId, payments: deps.payments?.() });
        const order = await lockOrder(tx, orderNo);
        if (!order || (userId !== undefined && order.userId !== userId)) return null;
        const lines = await tx
          .select({ line: orderItems.line, title: orderItems.title, qty: orderItems.qty })
          .from(orderItems)
          .where(eq(orderItems.orderNo, orderNo))
          .orderBy(asc(orderItems.line));
        return {
          orderNo: order.orderNo,
          userId: order.userId,
          status: order.status,
          total: order.total,
          subject: subjectOf(lines),
          payDeadline: order.payDeadline,
          lines: lines.map((line) => line.line),
        };
      });
    },

    async markPaid(tx, orderNo, payment): Promise<MarkPaidOutcome> {
      const order = await lockOrder(tx, orderNo);
      if (!order) return 'not-payable';
      if (order.status !== 'pending') {
        // The same payment again (a provider repeats its callback): nothing to do. Another payment
        // of an order already paid is money to give back.
        return PAID_STATUSES.has(order.status) && order.transactionId === payment.transactionId
          ? 'already-paid'
          : 'not-payable';
      }
      // The provider's time of payment decides, not the callback's arrival: money taken before the
      // deadline pays an order still pending. Later money had no stock promised: cancel, give it back.
      if (order.payDeadline.getTime() <= payment.paidAt.getTime()) {
        const now = new Date(deps.clock.now());
        await cancelPendingOrders(tx, [orderNo], { at: now, actor: 'system', note: TIMEOUT_NOTE });
        return 'not-payable';
      }
      if (payment.amount !== order.total) return 'not-payable';
      const actor = `pay:${payment.channel}`;
      await moveOrder(tx, {
        orderNo,
        from: 'pending',
        to: 'paid',
        at: payment.paidAt,
        actor,
        note: PAY_CHANNEL_LABELS[payment.channel],
        fields: { paidAt: payment.paidAt, payChannel: payment.channel, transactionId: payment.transactionId },
      });
      const lines = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderNo, orderNo))
        .orderBy(asc(orderItems.line));
      await addSales(tx, lines, 1);
      for (const line of lines) {
        if (line.kind !== 'course' || !line.courseId) continue;
        await grantCourse(tx, {
          userId: order.userId,
          courseId: line.courseId,
          orderNo,
          title: line.title,
          cover: line.cover,
          grantedAt: payment.paidAt,
        });
      }
      // Nothing ships: a course can be watched and a consultation booked at once, so the order is done.
      if (order.kind !== 'goods') {
        await moveOrder(tx, {
          orderNo,
          from: 'paid',
          to: 'done',
          at: payment.paidAt,
          actor,
          note: order.kind === 'course' ? '课程已开通，可在我的课程中学习' : '咨询已开通，请联系老师预约',
          fields: { doneAt: payment.paidAt },
        });
      }
      return 'paid';
    },

    markRefunded: recordRefund,

    rejectRefund,
  };
}
