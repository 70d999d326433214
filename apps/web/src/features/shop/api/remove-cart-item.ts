/**
 * `DELETE shop/cart/items/{skuId}` (shop wire): takes a line out of the buyer's cart and answers the
 * whole cart.
 */
import type { Cart } from '@xuanli/contracts/shop';
import { memberRequest } from '@/stores/session';
import { CART_ITEMS_PATH } from './add-cart-item';
import { useCartMutation } from './get-cart';

/** Deletes the line of SKU `skuId`; resolves with the cart. */
export function removeCartItem(skuId: number): Promise<Cart> {
  return memberRequest<Cart>('DELETE', `${CART_ITEMS_PATH}/${skuId}`);
}

/** Mutation deleting a cart line; the answer becomes the cart query. */
export function useRemoveCartItem() {
  return useCartMutation(removeCartItem);
}
