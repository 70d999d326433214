/**
 * `DELETE shop/cart/items/{skuId}` (shop wire): takes a line out of the buyer's cart and answers the
 * whole cart.
 */

import type { Cart } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { useCartMutation } from './get-cart';

/** Deletes the line of SKU `skuId`; resolves with the cart. */
export function removeCartItem(skuId: number): Promise<Cart> {
  return memberCall(APP_ROUTES.shop.deleteCartItemsBySkuId, { params: { skuId } });
}

/** Mutation deleting a cart line; the answer becomes the cart query. */
export function useRemoveCartItem() {
  return useCartMutation(removeCartItem);
}
