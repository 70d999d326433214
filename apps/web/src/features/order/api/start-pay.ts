/**
 * Starts a payment for a pending order (pay wire): `POST shop/orders/{orderNo}/pay {channel, inWechat,
 * returnUrl}` → PayStart, which says how the browser goes on (follow it with follow-pay-start.ts).
 * Each call is a new attempt with its own `outTradeNo`; an order that is no longer pending is 409
 * OrderStateConflict, a provider that refuses is 502 PaymentChannelError.
 */
import { useMutation } from '@tanstack/react-query';
import type { PayStart, PayStartBody } from '@xuanli/contracts/pay';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';

/** Starts paying order `orderNo` as `body` says. */
export function startPay({ orderNo, body }: { orderNo: string; body: PayStartBody }): Promise<PayStart> {
  return memberCall(APP_ROUTES.pay.postShopOrdersByOrderNoPay, { params: { orderNo }, body });
}

/** Mutation starting a payment. */
export const useStartPay = () => useMutation({ mutationFn: startPay });
