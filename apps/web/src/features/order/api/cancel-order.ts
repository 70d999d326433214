/**
 * The buyer cancels an unpaid order (shop wire): `POST shop/orders/{orderNo}/cancel` → OrderDetail.
 * The reserved stock goes back on sale in the same transaction; an order that is no longer pending is
 * 409 OrderStateConflict.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { storeOrder } from './get-order';

/** Cancels order `orderNo`. */
export function cancelOrder(orderNo: string): Promise<OrderDetail> {
  // No body: the order number in the path says everything.
  return memberCall(APP_ROUTES.shop.postOrdersByOrderNoCancel, { params: { orderNo } });
}

/** Mutation cancelling an order; the answer replaces the cached order. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSuccess: (detail) => storeOrder(queryClient, detail) });
}
