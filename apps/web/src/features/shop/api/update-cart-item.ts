/**
 * `PATCH shop/cart/items/{skuId} {qty?, selected?}` (shop wire): changes a line's quantity or whether
 * it is ticked for checkout, and answers the whole cart (its `selectedTotal` is what the cart page's
 * 合计 shows). 409 OutOfStock when the new quantity is more than the stock; 404 when the line is gone.
 */

import type { Cart, CartUpdate } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { useCartMutation } from './get-cart';

/** What to change on which line. */
export interface CartLineChange extends CartUpdate {
  skuId: number;
}

/** Changes the line of SKU `skuId`; resolves with the cart. */
export function updateCartItem({ skuId, ...body }: CartLineChange): Promise<Cart> {
  return memberCall(APP_ROUTES.shop.patchCartItemsBySkuId, { params: { skuId }, body });
}

/**
 * Mutation changing a cart line. The answer becomes the cart query; a refusal reads the server's cart
 * again, so the stepper and the total fall back to what the server holds.
 */
export function useUpdateCartItem() {
  return useCartMutation(updateCartItem);
}
