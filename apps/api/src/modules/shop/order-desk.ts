/**
 * Orders as customer service sees them: search by status, order number, the buyer's phone and the
 * Beijing days they were made; one order in full with its payment attempts, refunds and timeline; and
 * the three things an operator does to an order — ship it (the shop's `shipOrder`, as `npm run admin
 * -- order ship` does), refund it through the channel that took the payment (the pay module's
 * `refundOrder`, as `order refund` does), or turn down the buyer's refund request (as `order
 * refund-reject` does). Each write carries its audit row in its own transaction.
 */
import type {
  AdminOrderDetail,
  AdminOrderLine,
  AdminOrderList,
  AdminOrderQuery,
  AdminOrderSummary,
  AdminPayment,
  AdminRefund,
  AdminRefundBody,
  AdminShipBody,
} from '@xuanli/contracts/admin-shop';
import { ORDER_TOTAL_MAX } from '@xuanli/contracts/shop';
import { and, asc, count, desc, eq, gte, inArray, like, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Auditor, writeAudit } from '../../shared/audit.ts';
import { beijingDayStart } from '../../shared/beijing-days.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import { reasonOf } from '../../shared/reason.ts';
import { integerIn, pageOf } from '../../shared/wire-numbers.ts';
import { accountCards } from '../member/index.ts';
import {
  type PaymentRecord,
  type PayService,
  paymentsOfOrder,
  type RefundRecord,
  refundOrder,
  refundsOfOrder,
  rejectBuyerRefund,
} from '../pay/index.ts';
import { rejectRefund } from './ledger.ts';
import { openShopRefund, shipOrder } from './order-admin.ts';
import { orderEvents, orderItems, orders } from './schema.ts';

/** What the console's changes here are built from. */
export interface OrderDeskDeps {
  db: Db;
  clock: Clock;
}

type OrderRow = typeof orders.$inferSelect;

/** The buyer of each order, joined by user id. */
const buyer = accountCards('buyer');

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The conditions of an order search. */
function conditionsOf(query: AdminOrderQuery): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(eq(orders.status, query.status));
  const orderNo = query.orderNo?.trim();
  if (orderNo) where.push(like(orders.orderNo, `${literal(orderNo)}%`));
  const phone = query.phone?.trim();
  if (phone) {
    if (!/^\d+$/.test(phone)) throw new AppError('ValidationError', 'phone must be digits');
    where.push(like(buyer.phone, `%${phone}%`));
  }
  if (query.from) where.push(gte(orders.createdAt, beijingDayStart(query.from, 'from')));
  if (query.to) where.push(lt(orders.createdAt, beijingDayStart(query.to, 'to', 1)));
  return where;
}

/** Title and pieces of each order of `orderNos`. */
async function linesOf(deps: OrderDeskDeps, orderNos: string[]) {
  const rows = orderNos.length
    ? await deps.db
        .select({ orderNo: orderItems.orderNo, title: orderItems.title, qty: orderItems.qty })
        .from(orderItems)
        .where(inArray(orderItems.orderNo, orderNos))
        .orderBy(asc(orderItems.orderNo), asc(orderItems.line))
    : [];
  const byOrder = new Map<string, { title: string; itemCount: number }>();
  for (const row of rows) {
    const seen = byOrder.get(row.orderNo);
    if (seen) seen.itemCount += row.qty;
    else byOrder.set(row.orderNo, { title: row.title, itemCount: row.qty });
  }
  return byOrder;
}

function summaryOf(
  order: OrderRow,
  buyer: { phone: string | null; nickname: string | null },
  lines: { title: string; itemCount: number } | undefined,
): AdminOrderSummary {
  return {
    orderNo: order.orderNo,
    status: order.status,
    kind: order.kind,
    title: lines?.title ?? '',
    itemCount: Math.max(1, lines?.itemCount ?? 1),
    total: order.total,
    buyer: { userId: order.userId, phone: buyer.phone, nickname: buyer.nickname ?? '' },
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    payChannel: (order.payChannel as AdminOrderSummary['payChannel']) ?? null,
  };
}

/** `GET admin/orders`: orders matching every given filter, newest first, a page at a time. */
export async function searchOrders(deps: OrderDeskDeps, query: AdminOrderQuery): Promise<AdminOrderList> {
  const { page, size } = pageOf(query);
  const conditions = conditionsOf(query);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ order: orders, phone: buyer.phone, nickname: buyer.nickname })
      .from(orders)
      .leftJoin(buyer, eq(buyer.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNo))
      .limit(size)
      .offset((page - 1) * size),
    deps.db.select({ total: count() }).from(orders).leftJoin(buyer, eq(buyer.id, orders.userId)).where(where),
  ]);
  const lines = await linesOf(
    deps,
    rows.map((row) => row.order.orderNo),
  );
  return {
    list: rows.map((row) => summaryOf(row.order, row, lines.get(row.order.orderNo))),
    total,
  };
}

/** Statuses from which an operator may refund (or approve a refund of) an order. */
const REFUNDABLE_STATUSES: ReadonlySet<OrderRow['status']> = new Set([
  'paid',
  'shipped',
  'done',
  'partially_refunded',
  'refunding',
]);

/**
 * What a new refund may give back now, as `refundOrder` would count it: of the payment that paid the
 * order (the first confirmed one that is not itself money given back as not payable), what its
 * refunds pending or succeeded have not taken yet; 0 when the order's status allows no refund.
 */
function refundableOf(order: OrderRow, paymentRows: PaymentRecord[], refundRows: RefundRecord[]): number {
  if (!REFUNDABLE_STATUSES.has(order.status)) return 0;
  const live = refundRows.filter((refund) => refund.status !== 'failed');
  const paying = paymentRows
    .filter((payment) => payment.status === 'succeeded' || payment.status === 'refunded')
    .filter(
      (payment) => !live.some((refund) => refund.paymentId === payment.id && refund.reason === 'not-payable'),
    )
    .sort((a, b) => (a.succeededAt?.getTime() ?? 0) - (b.succeededAt?.getTime() ?? 0) || a.id - b.id)[0];
  if (!paying) return 0;
  const taken = live
    .filter((refund) => refund.paymentId === paying.id)
    .reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, paying.amount - taken);
}

/** Whether a line was given back by a confirmed refund, is in one still pending, or in none. */
function lineRefundOf(
  item: typeof orderItems.$inferSelect,
  refundRows: RefundRecord[],
): AdminOrderLine['refund'] {
  if (item.refundedAt) return 'refunded';
  const pending = refundRows.some(
    (refund) => refund.status === 'pending' && refund.reason === 'buyer' && refund.lines.includes(item.line),
  );
  return pending ? 'pending' : 'none';
}

/** `GET admin/orders/{orderNo}`: the order with its lines, address, payments, refunds and timeline. */
export async function orderDetail(deps: OrderDeskDeps, orderNo: string): Promise<AdminOrderDetail> {
  const [row] = await deps.db
    .select({ order: orders, phone: buyer.phone, nickname: buyer.nickname })
    .from(orders)
    .leftJoin(buyer, eq(buyer.id, orders.userId))
    .where(eq(orders.orderNo, orderNo))
    .limit(1);
  if (!row) throw new AppError('NotFound', `no order ${orderNo}`);
  const [items, events, paymentRows, refundRows] = await Promise.all([
    deps.db.select().from(orderItems).where(eq(orderItems.orderNo, orderNo)).orderBy(asc(orderItems.line)),
    deps.db.select().from(orderEvents).where(eq(orderEvents.orderNo, orderNo)).orderBy(asc(orderEvents.id)),
    paymentsOfOrder(deps.db, orderNo),
    refundsOfOrder(deps.db, orderNo),
  ]);
  const order = row.order;
  const paymentList: AdminPayment[] = paymentRows.map((payment) => ({
    outTradeNo: payment.outTradeNo,
    channel: payment.channel,
    amount: payment.amount,
    status: payment.status,
    transactionId: payment.transactionId,
    createdAt: payment.createdAt.toISOString(),
    succeededAt: payment.succeededAt?.toISOString() ?? null,
  }));
  const refundList: AdminRefund[] = refundRows.map((refund) => ({
    outRefundNo: refund.outRefundNo,
    amount: refund.amount,
    status: refund.status,
    reason: refund.reason,
    requestedBy: refund.requestedBy,
    lines: refund.lines,
    providerRefundId: refund.providerRefundId,
    failure: refund.failure,
    createdAt: refund.createdAt.toISOString(),
    completedAt: refund.completedAt?.toISOString() ?? null,
  }));
  const pieces = items.reduce((sum, item) => sum + item.qty, 0);
  const address = order.address;
  return {
    ...summaryOf(order, row, items[0] ? { title: items[0].title, itemCount: pieces } : undefined),
    goodsTotal: order.goodsTotal,
    shipping: order.shipping,
    remark: order.remark,
    address: address
      ? {
          name: address.name ?? '',
          phone: address.phone ?? '',
          province: address.province ?? '',
          city: address.city ?? '',
          district: address.district ?? '',
          detail: address.detail ?? '',
        }
      : null,
    items: items.map((item) => ({
      line: item.line,
      skuId: item.skuId,
      productId: item.productId,
      kind: item.kind,
      title: item.title,
      skuTitle: item.skuTitle,
      cover: item.cover,
      price: item.price,
      qty: item.qty,
      refund: lineRefundOf(item, refundRows),
    })),
    transactionId: order.transactionId,
    tracking: order.tracking,
    refundReason: order.refundReason,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    timeline: events.map((event) => ({
      status: event.status,
      at: event.at.toISOString(),
      note: event.note,
      actor: event.actor,
    })),
    payments: paymentList,
    refunds: refundList,
    refundedAmount: order.refundedAmount,
    refundable: refundableOf(order, paymentRows, refundRows),
  };
}

/**
 * `POST admin/orders/{orderNo}/ship`: paid → shipped with '<carrier> <number>', which the buyer's
 * order page shows under 已发货 (audit row `order.ship`).
 */
export async function shipFromConsole(
  deps: OrderDeskDeps,
  orderNo: string,
  body: AdminShipBody,
  by: Required<Auditor>,
): Promise<AdminOrderDetail> {
  await shipOrder({ db: deps.db, clock: deps.clock, ...by }, orderNo, `${body.carrier} ${body.trackingNo}`);
  return orderDetail(deps, orderNo);
}

/**
 * `POST admin/orders/{orderNo}/refund`: a refund of `amount` 分 and the lines it gives back, sent
 * through the channel that took the payment — approving the buyer's request of a refunding order, or on
 * the shop's own decision for a paid, shipped, done or partly refunded one (→ refunding in the same
 * transaction). Several refunds of one order add up to at most its payment. Once the provider confirms
 * (at once for the sandbox and Alipay; through WeChat's refund notice) the order is 部分退款 or, when all
 * of the payment went back, 已退款. Audit row `order.refund` with the reason.
 */
export async function refundFromConsole(
  deps: OrderDeskDeps,
  pay: PayService,
  orderNo: string,
  body: AdminRefundBody,
  by: Required<Auditor>,
): Promise<AdminOrderDetail> {
  const reason = reasonOf(body.reason);
  // JSON's 1e400 arrives as Infinity, past the schema's maximum.
  integerIn('amount', body.amount, 1, ORDER_TOTAL_MAX);
  const at = new Date(deps.clock.now());
  await refundOrder(pay.deps, orderNo, by.actor, {
    operatorId: by.operatorId,
    reason,
    amount: body.amount,
    lines: body.lines ?? [],
    open: (tx, from) => openShopRefund(tx, orderNo, { from, at, actor: by.actor, reason }),
  });
  return orderDetail(deps, orderNo);
}

/**
 * `POST admin/orders/{orderNo}/refund-reject`: refunding → where the order came from (paid, shipped,
 * done, or partially_refunded when part of it was refunded before) with the reason, which the buyer reads
 * after 退款申请未通过; refused while a refund of the order is under way (audit row
 * `order.refund-reject`).
 */
export async function rejectRefundFromConsole(
  deps: OrderDeskDeps,
  pay: PayService,
  orderNo: string,
  body: { reason: string },
  by: Required<Auditor>,
): Promise<AdminOrderDetail> {
  const reason = reasonOf(body.reason);
  const at = new Date(deps.clock.now());
  await rejectBuyerRefund({ db: deps.db, ledger: pay.deps.ledger }, orderNo, async (tx) => {
    const back = await rejectRefund(tx, orderNo, { at, actor: by.actor, reason });
    if (!back) return false;
    await writeAudit(tx, {
      ...by,
      at,
      action: 'order.refund-reject',
      target: `order:${orderNo}`,
      before: { status: 'refunding' },
      after: { status: back },
      reason,
    });
    return true;
  });
  return orderDetail(deps, orderNo);
}
