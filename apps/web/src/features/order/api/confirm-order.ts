/**
 * 确认收货 (shop wire): `POST shop/orders/{orderNo}/confirm` → OrderDetail, shipped → done. Any other
 * status is 409 OrderStateConflict.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { storeOrder } from './get-order';

/** Confirms that order `orderNo` arrived. */
export function confirmOrder(orderNo: string): Promise<OrderDetail> {
  return memberCall(APP_ROUTES.shop.postOrdersByOrderNoConfirm, { params: { orderNo } });
}

/** Mutation confirming receipt; the answer replaces the cached order. */
export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmOrder, onSuccess: (detail) => storeOrder(queryClient, detail) });
}
