/**
 * What a cart line says when it cannot be checked out (the server's `available` is false: off the
 * shelf, or not enough stock for the line).
 */
import type { CartItem } from '@xuanli/contracts/shop';

/** Why a line cannot be checked out, as the cart shows it, or null for an available line. */
export function unavailableReason(item: Pick<CartItem, 'available' | 'stock' | 'qty'>): string | null {
  if (item.available) return null;
  if (item.stock <= 0) return '库存不足';
  if (item.stock < item.qty) return `库存不足，仅剩 ${item.stock} 件`;
  // In stock for the line, yet not on sale: the product has been taken off the shelf.
  return '已失效';
}

/** Whether lowering the line to the stock would make it available again (a line short of stock). */
export function canShrinkToStock(item: Pick<CartItem, 'available' | 'stock' | 'qty'>): boolean {
  return !item.available && item.stock > 0 && item.stock < item.qty;
}
