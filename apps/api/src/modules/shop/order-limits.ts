/** Whether any limit on unpaid orders is on (when none is, creation needs no buyer lock). */
export function limitsUnpaid(limits: ShopConfig): boolean {
  return limits.maxUnpaidOrders > 0 || limits.maxUnpaidUnitsPerSku > 0;
}

/**
 * What one order, and one buyer's unpaid orders, may hold. The size limits (pieces of a line, lines,
 * the total) are the contract's constants, checked here for checkout's preview and for creation alike,
 * so a basket the preview accepts is one creation accepts and the money columns (PostgreSQL integer)
 * never overflow. The unpaid limits (config SHOP_MAX_UNPAID_*) keep one buyer from holding the stock of
 * others with orders nobody pays; creation checks them under the buyer's advisory lock, so parallel
 * requests of one buyer are counted one after the other.
 */
import { MAX_LINE_QTY, MAX_ORDER_LINES, ORDER_TOTAL_MAX } from '@xuanli/contracts/shop';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ShopConfig } from '../../config.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { orderItems, orders } from './schema.ts';

const yuan = (fen: number) => `${(fen / 100).toFixed(2)} 元`;

/**
 * Refuses an order of more lines, more pieces of one line or a higher total than the shop takes
 * (400 OrderTooLarge, the limit named in Chinese). Totals are computed in JavaScript numbers, exact far
 * beyond any basket the request schema admits, before anything reaches the database.
 */
export function checkOrderSize(lines: readonly { qty: number; price: number }[], total: number): void {
  if (lines.length > MAX_ORDER_LINES) {
    throw new AppError('OrderTooLarge', `一笔订单最多 ${MAX_ORDER_LINES} 种商品，请分开下单`);
  }
  for (const line of lines) {
    if (!Number.isInteger(line.qty) || line.qty < 1 || line.qty > MAX_LINE_QTY) {
      throw new AppError('OrderTooLarge', `每种商品一次最多购买 ${MAX_LINE_QTY} 件`);
    }
  }
  if (!Number.isSafeInteger(total) || total > ORDER_TOTAL_MAX) {
    throw new AppError('OrderTooLarge', `订单金额超过 ${yuan(ORDER_TOTAL_MAX)} 的上限，请减少数量或分开下单`);
  }
}

/** A line of a new order as the unpaid limits count it. */
export interface CountedLine {
  skuId: number;
  qty: number;
  title: string;
}

/**
 * Refuses a new order when `userId` already has `maxUnpaidOrders` orders waiting for payment (409
 * UnpaidLimit; 0 = no limit). Call under the buyer's `orders` lock, before the new order is written.
 */
export async function checkUnpaidOrders(tx: Tx, userId: number, limits: ShopConfig): Promise<void> {
  if (limits.maxUnpaidOrders === 0) return;
  const [{ unpaid }] = await tx
    .select({ unpaid: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  if (unpaid >= limits.maxUnpaidOrders) {
    throw new AppError('UnpaidLimit', `您有 ${unpaid} 笔待支付订单，请先支付或取消后再下单`);
  }
}

/**
 * Refuses the new order `orderNo` of `lines` when it takes the buyer's unpaid pieces of a SKU, the new
 * order's included, past `maxUnpaidUnitsPerSku` (409 UnpaidLimit naming the product; 0 = no limit). Call under the
 * buyer's `orders` lock once the order's lines are written (their stock taken first, so a SKU short of
 * pieces is refused as OutOfStock, the truer reason); the caller's transaction then rolls back.
 */
export async function checkUnpaidPieces(
  tx: Tx,
  userId: number,
  lines: readonly CountedLine[],
  limits: ShopConfig,
): Promise<void> {
  if (limits.maxUnpaidUnitsPerSku === 0) return;
  const held = await tx
    .select({ skuId: orderItems.skuId, pieces: sql<number>`sum(${orderItems.qty})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderNo, orderItems.orderNo))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        inArray(
          orderItems.skuId,
          lines.map((line) => line.skuId),
        ),
      ),
    )
    .groupBy(orderItems.skuId);
  const heldOf = new Map(held.map((row) => [row.skuId, row.pieces]));
  for (const line of lines) {
    const pieces = heldOf.get(line.skuId) ?? line.qty;
    if (pieces > limits.maxUnpaidUnitsPerSku) {
      const before = pieces - line.qty;
      throw new AppError(
        'UnpaidLimit',
        `「${line.title}」每人待支付最多 ${limits.maxUnpaidUnitsPerSku} 件` +
          (before > 0 ? `，您的待支付订单中已有 ${before} 件，请先支付或取消后再下单` : '，请减少数量'),
      );
    }
  }
}
