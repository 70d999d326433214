/**
 * 申请退款 (shop wire): `POST shop/orders/{orderNo}/refund {reason}` → OrderDetail, paid → refunding.
 * An operator then approves (the money goes back through the payment channel) or refuses (back to
 * paid). Only a paid order can ask; anything else is 409 OrderStateConflict.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, RefundRequest } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { storeOrder } from './get-order';

/** Asks for the refund of order `orderNo` with `body.reason`. */
export function refundOrder({
  orderNo,
  body,
}: {
  orderNo: string;
  body: RefundRequest;
}): Promise<OrderDetail> {
  return memberCall(APP_ROUTES.shop.postOrdersByOrderNoRefund, { params: { orderNo }, body });
}

/** Mutation asking for a refund; the answer replaces the cached order. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refundOrder, onSuccess: (detail) => storeOrder(queryClient, detail) });
}
