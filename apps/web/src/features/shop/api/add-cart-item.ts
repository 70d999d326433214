/**
 * `POST shop/cart/items {skuId, qty}` (shop wire): adds pieces of a SKU to the buyer's cart (to its
 * line when there is one; the server caps the line at the stock) and answers the whole cart.
 * 409 OutOfStock when the SKU has none left or its product is off the shelf.
 */

import type { Cart, CartAdd } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { useCartMutation } from './get-cart';

/** Path of the call. */
export const CART_ITEMS_PATH = '/shop/cart/items';

/** Adds `body.qty` pieces of SKU `body.skuId`; resolves with the cart. */
export function addCartItem(body: CartAdd): Promise<Cart> {
  return memberCall(APP_ROUTES.shop.postCartItems, { body });
}

/** Mutation adding to the cart; the answered cart becomes the cart query (badge and cart page). */
export function useAddCartItem() {
  return useCartMutation(addCartItem);
}
