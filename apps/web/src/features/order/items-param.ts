/**
 * The `items` parameter of the checkout page: `12x2,13x1` = SKU 12 twice and SKU 13 once. The cart,
 * a product's 立即购买 and an order's 再次购买 all write it; checkout reads it.
 */
import type { OrderPreviewBody } from '@xuanli/contracts/shop';
import { MAX_LINE_QTY, MAX_ORDER_LINES } from '@xuanli/contracts/shop-labels';

/** One line to order: a SKU and how many pieces. */
export type OrderItem = OrderPreviewBody['items'][number];

const LINE = /^([1-9]\d{0,9})x([1-9]\d{0,1})$/;

/**
 * The lines of an `items` parameter, or null when it is missing or malformed: every line `<skuId>x<qty>`
 * with a positive SKU id and 1–99 pieces, at most 20 lines, no SKU twice.
 */
export function parseItems(text: string | null | undefined): OrderItem[] | null {
  if (!text) return null;
  const parts = text.split(',');
  if (parts.length > MAX_ORDER_LINES) return null;
  const items: OrderItem[] = [];
  const seen = new Set<number>();
  for (const part of parts) {
    const match = LINE.exec(part.trim());
    if (!match) return null;
    const skuId = Number(match[1]);
    const qty = Number(match[2]);
    if (!Number.isSafeInteger(skuId) || qty > MAX_LINE_QTY || seen.has(skuId)) return null;
    seen.add(skuId);
    items.push({ skuId, qty });
  }
  return items;
}

/** The `items` parameter of `items`, e.g. `12x2,13x1`. */
export function formatItems(items: readonly OrderItem[]): string {
  return items.map(({ skuId, qty }) => `${skuId}x${qty}`).join(',');
}
