/**
 * Operator actions on the shop (`npm run admin -- product stock …`, `order ship …`, `order show …`):
 * setting a SKU's stock after a delivery or a count, shipping a paid goods order with its tracking
 * number, and reading an order in full. Each change writes its audit row in the same transaction.
 */
import { SKU_STOCK_MAX } from '@xuanli/contracts/admin-shop-labels';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@xuanli/contracts/shop';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { isRowId } from '../../shared/wire-numbers.ts';
import type { AdminDeps } from '../member/index.ts';
import { moveOrder } from './order-state.ts';
import { orderEvents, orderItems, orders, products, skus } from './schema.ts';

/** Most pieces one SKU may hold in stock (far above any real count; keeps typos like 1000000 out). */
export const MAX_STOCK = SKU_STOCK_MAX;

/** A SKU's stock before and after an operator set it. */
export interface StockChange {
  skuId: number;
  title: string;
  before: number;
  after: number;
}

/**
 * Sets the stock of SKU `skuId` to `stock` pieces (what can still be ordered; pieces reserved by
 * pending orders are not in it). Audit row `sku.stock` with before and after.
 */
export async function setSkuStock(
  deps: AdminDeps,
  skuId: number,
  stock: number,
  reason?: string,
): Promise<StockChange> {
  if (!Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) {
    throw new AppError('ValidationError', `stock must be a whole number from 0 to ${MAX_STOCK}`);
  }
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const [sku] = isRowId(skuId)
      ? await tx
          .select({ stock: skus.stock, title: products.title, skuTitle: skus.title })
          .from(skus)
          .innerJoin(products, eq(products.id, skus.productId))
          .where(eq(skus.id, skuId))
          .limit(1)
          .for('update', { of: skus })
      : [];
    if (!sku) throw new AppError('NotFound', `no sku ${skuId}`);
    await tx.update(skus).set({ stock }).where(eq(skus.id, skuId));
    await writeAudit(tx, {
      at: now,
      actor: deps.actor,
      operatorId: deps.operatorId,
      action: 'sku.stock',
      target: `sku:${skuId}`,
      before: { stock: sku.stock },
      after: { stock },
      reason,
    });
    return { skuId, title: `${sku.title} ${sku.skuTitle}`, before: sku.stock, after: stock };
  });
}

/**
 * Ships the paid goods order `orderNo`: paid → shipped with `tracking` (carrier and number, e.g.
 * '顺丰 SF1234567890'), shown on the buyer's order page. A partly refunded order that has not shipped
 * yet ships what was not given back: it stays partially_refunded (until the rest of the money goes
 * back, that is what the buyer reads), with the tracking and a 已发货 step in its timeline. Audit row
 * `order.ship`. Any other order is refused with OrderStateConflict naming its status; a course or
 * service order ships nothing, nor does one whose goods were all given back.
 */
export async function shipOrder(deps: AdminDeps, orderNo: string, tracking: string): Promise<string> {
  const text = tracking.trim().replace(/\s+/g, ' ');
  if (!text || text.length > 100) throw new AppError('ValidationError', 'tracking must be 1–100 characters');
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1).for('update');
    if (!order) throw new AppError('NotFound', `no order ${orderNo}`);
    if (order.kind !== 'goods')
      throw new AppError('OrderStateConflict', `order is a ${order.kind} order: nothing ships`);
    const shipped =
      order.status === 'partially_refunded'
        ? await shipRestOf(tx, order, { at: now, actor: deps.actor, tracking: text })
        : await moveOrder(tx, {
            orderNo,
            from: 'paid',
            to: 'shipped',
            at: now,
            actor: deps.actor,
            note: text,
            fields: { shippedAt: now, tracking: text },
          });
    if (!shipped) throw new AppError('OrderStateConflict', `order is ${order.status}`);
    await writeAudit(tx, {
      at: now,
      actor: deps.actor,
      operatorId: deps.operatorId,
      action: 'order.ship',
      target: `order:${orderNo}`,
      before: { status: order.status },
      after: { status: shipped.status, tracking: text },
    });
    return text;
  });
}

/**
 * Ships the goods a partial refund did not give back, when nothing has shipped yet: tracking and time
 * on the order (a conditional update, so a second shipment finds nothing) and a 已发货 step in the
 * timeline. Null when the order has shipped already or has no goods line left to ship.
 */
async function shipRestOf(
  tx: Tx,
  order: typeof orders.$inferSelect,
  shipment: { at: Date; actor: string; tracking: string },
) {
  const [left] = await tx
    .select({ line: orderItems.line })
    .from(orderItems)
    .where(
      and(eq(orderItems.orderNo, order.orderNo), eq(orderItems.kind, 'goods'), isNull(orderItems.refundedAt)),
    )
    .limit(1);
  if (!left) return null;
  const [row] = await tx
    .update(orders)
    .set({ shippedAt: shipment.at, tracking: shipment.tracking })
    .where(
      and(
        eq(orders.orderNo, order.orderNo),
        eq(orders.status, 'partially_refunded'),
        isNull(orders.shippedAt),
      ),
    )
    .returning();
  if (!row) return null;
  await tx.insert(orderEvents).values({
    orderNo: order.orderNo,
    status: 'shipped',
    at: shipment.at,
    note: shipment.tracking,
    actor: shipment.actor,
  });
  return row;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The order `orderNo` in full as plain text for the operator: buyer, lines, money, address, history. */
export async function showOrder(deps: Pick<AdminDeps, 'db'>, orderNo: string): Promise<string> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!order) throw new AppError('NotFound', `no order ${orderNo}`);
  const items = await deps.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderNo, orderNo))
    .orderBy(asc(orderItems.line));
  const events = await deps.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderNo, orderNo))
    .orderBy(asc(orderEvents.id));
  const address = order.address;
  const lines = [
    `order ${order.orderNo} (${order.kind}) user ${order.userId}: ${order.status} ${ORDER_STATUS_LABELS[order.status]}`,
    `created ${order.createdAt.toISOString()}, pay by ${order.payDeadline.toISOString()}`,
    ...items.map(
      (item) =>
        `  #${item.line} sku ${item.skuId} ${item.title} ${item.skuTitle} × ${item.qty} @ ${yuan(item.price)}` +
        (item.courseId ? ` course ${item.courseId}` : '') +
        (item.sellid ? ` master ${item.sellid}` : ''),
    ),
    `goods ${yuan(order.goodsTotal)} + shipping ${yuan(order.shipping)} = ${yuan(order.total)}`,
    address
      ? `ship to ${address.name} ${address.phone}, ${address.province}${address.city}${address.district ?? ''}${address.detail}`
      : 'ship to: nothing ships',
  ];
  if (order.remark) lines.push(`remark: ${order.remark}`);
  if (order.paidAt)
    lines.push(
      `paid ${order.paidAt.toISOString()} via ${order.payChannel} (transaction ${order.transactionId})`,
    );
  if (order.tracking) lines.push(`tracking: ${order.tracking}`);
  if (order.refundReason) lines.push(`refund reason: ${order.refundReason}`);
  if (order.refundedAmount > 0) {
    const given = items.filter((item) => item.refundedAt).map((item) => `#${item.line}`);
    lines.push(`refunded ${yuan(order.refundedAmount)}${given.length ? ` (lines ${given.join(', ')})` : ''}`);
  }
  lines.push('timeline:');
  for (const event of events) {
    lines.push(
      `  ${event.at.toISOString()} ${event.status} by ${event.actor}${event.note ? `: ${event.note}` : ''}`,
    );
  }
  return lines.join('\n');
}

/** Statuses an operator may refund from without a buyer's request (money kept, nothing pending). */
const OPERATOR_REFUNDABLE: readonly OrderStatus[] = ['paid', 'shipped', 'done', 'partially_refunded'];

/**
 * → refunding for a refund the shop makes itself (the buyer did not ask): from `from`, which must be
 * paid, shipped (goods sent back), done (a course or service refunded, or goods returned after
 * receipt) or partially_refunded (more of the money goes back). Inside the refund's transaction, so the
 * order only shows 退款中 when the refund row exists too. The reason is shown to the buyer on the
 * order. False when the order was not in `from`, or `from` is none of those.
 */
export async function openShopRefund(
  tx: Tx,
  orderNo: string,
  refund: { from: OrderStatus; at: Date; actor: string; reason: string },
): Promise<boolean> {
  if (!OPERATOR_REFUNDABLE.includes(refund.from)) return false;
  const moved = await moveOrder(tx, {
    orderNo,
    from: refund.from,
    to: 'refunding',
    at: refund.at,
    actor: refund.actor,
    note: `商家发起退款：${refund.reason}`,
    fields: { refundReason: refund.reason },
  });
  return moved !== null;
}
