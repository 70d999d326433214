/**
 * The shop's side of payments (shared/orders.ts `OrderLedger`): what the pay module may read of an
 * order, and the order changes a confirmed payment or refund makes — each inside the pay module's
 * transaction, so that its payment row and the order change together or not at all.
 */
import { PAY_CHANNEL_LABELS } from '@xuanli/contracts/shop';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { grantCourse, withdrawCourse } from '../../shared/course-grants.ts';
import type { MarkPaidOutcome, OrderLedger, PayableOrder, Tx } from '../../shared/orders.ts';
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
  /** refunding → paid: see {@link rejectRefund}. */
  rejectRefund(tx: Tx, orderNo: string, rejection: RefundRejection): Promise<boolean>;
}

/** Statuses an order can be in once paid by a payment that has not been refunded in full yet. */
const PAID_STATUSES = new Set(['paid', 'shipped', 'done', 'refunding', 'refunded']);

/** The cashier line, e.g. '玄历商城-紫檀手串 等2件' (providers cap it: WeChat at 127 characters). */
function subjectOf(lines: readonly { title: string; qty: number }[]): string {
  const pieces = lines.reduce((sum, line) => sum + line.qty, 0);
  const first = lines[0]?.title ?? '订单';
  const title = first.length > 40 ? `${first.slice(0, 39)}…` : first;
  return `玄历商城-${title}${pieces > 1 ? ` 等${pieces}件` : ''}`;
}

/** Adds `sign` × each line's pieces to its product's sales, in product id order (no lock cycles). */
async function addSales(tx: Tx, orderNo: string, sign: 1 | -1): Promise<void> {
  const sold = await tx
    .select({ productId: orderItems.productId, qty: sql<number>`sum(${orderItems.qty})::int` })
    .from(orderItems)
    .where(eq(orderItems.orderNo, orderNo))
    .groupBy(orderItems.productId)
    .orderBy(asc(orderItems.productId));
  for (const { productId, qty } of sold) {
    await tx
      .update(products)
      .set({ sales: sql`${products.sales} + ${sign * qty}` })
      .where(eq(products.id, productId));
  }
}

/** The order row `orderNo`, locked until `tx` ends. */
async function lockOrder(tx: Tx, orderNo: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1).for('update');
  return order;
}

/**
 * refunding → paid: the refund was refused (by the operator, or the provider would not pay it back).
 * The buyer's reason stays in the timeline; the order no longer shows one. False when the order was
 * not refunding.
 */
export async function rejectRefund(tx: Tx, orderNo: string, rejection: RefundRejection): Promise<boolean> {
  const reason = rejection.reason?.trim();
  const moved = await moveOrder(tx, {
    orderNo,
    from: 'refunding',
    to: 'paid',
    at: rejection.at,
    actor: rejection.actor,
    note: reason ? `退款申请未通过：${reason}` : '退款申请未通过',
    fields: { refundReason: null },
  });
  return moved !== null;
}

/** The shop's {@link OrderLedger} for the pay module (app.ts hands it over). */
export function createOrderLedger(deps: LedgerDeps): ShopOrderLedger {
  return {
    async findForPayment(db, orderNo, userId) {
      const now = new Date(deps.clock.now());
      // In the caller's transaction this is a savepoint, so the row lock lasts until the caller ends.
      const run = (db as Db).transaction.bind(db) as Db['transaction'];
      return run(async (tx): Promise<PayableOrder | null> => {
        // Reading an overdue order cancels it, here as everywhere: it cannot be paid any more.
        await cancelOverdueOrders(tx, now, { orderNo, userId });
        const order = await lockOrder(tx, orderNo);
        if (!order || (userId !== undefined && order.userId !== userId)) return null;
        const lines = await tx
          .select({ title: orderItems.title, qty: orderItems.qty })
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
      await addSales(tx, orderNo, 1);
      const lines = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderNo, orderNo))
        .orderBy(asc(orderItems.line));
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

    async markRefunded(tx, orderNo, refundedAt) {
      const order = await lockOrder(tx, orderNo);
      if (!order) return false;
      const moved = await moveOrder(tx, {
        orderNo,
        from: 'refunding',
        to: 'refunded',
        at: refundedAt,
        actor: order.payChannel ? `pay:${order.payChannel}` : 'system',
        note: '退款已原路退回',
        fields: { refundedAt },
      });
      if (!moved) return false;
      await addSales(tx, orderNo, -1);
      await withdrawCourse(tx, orderNo, refundedAt);
      return true;
    },

    rejectRefund,
  };
}
