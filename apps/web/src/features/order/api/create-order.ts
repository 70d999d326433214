/**
 * Places an order (shop wire): `POST shop/orders` (OrderCreate) → `{orderNo, status, total}`. Stock is
 * reserved for ORDER_PAY_MINUTES. The same `idempotencyKey` from the same buyer answers the order it
 * made the first time, which is what makes a double tap or a reload safe (see checkout-key.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCreate, OrderCreated } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { ORDERS_KEY } from './get-orders';

/** Path of the call. */
export const CREATE_ORDER_PATH = '/shop/orders';

/** Creates (or, for a repeated key, finds) the order of `body`. */
export function createOrder(body: OrderCreate): Promise<OrderCreated> {
  return memberCall(APP_ROUTES.shop.postOrders, { body });
}

/**
 * The shop's cart queries (`['shop', 'cart', userId]`): an order made `fromCart` takes its lines out of
 * the server's cart, so a cart already in the cache is stale.
 */
const CART_KEY = ['shop', 'cart'] as const;

/** Mutation placing an order; my orders (and the cart, for an order from it) are fetched again afterwards. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (_created, body) => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      if (body.fromCart) void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
  });
}
