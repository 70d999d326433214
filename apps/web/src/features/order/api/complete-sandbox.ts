/**
 * The sandbox cashier's answer (pay wire): `POST pay/sandbox/{orderNo}/complete {outTradeNo, result}`
 * → `{orderNo, status}`. The server signs a callback as a real provider would and runs it through the
 * same verification and ledger as WeChat Pay or Alipay; `fail` leaves the order pending.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SandboxComplete, SandboxCompleteBody } from '@xuanli/contracts/pay';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { orderKey } from './get-order';
import { ORDERS_KEY } from './get-orders';

/** Completes the sandbox payment `body.outTradeNo` of order `orderNo`. */
export function completeSandbox({
  orderNo,
  body,
}: {
  orderNo: string;
  body: SandboxCompleteBody;
}): Promise<SandboxComplete> {
  return memberCall(APP_ROUTES.pay.postSandboxByOrderNoComplete, { params: { orderNo }, body });
}

/** Mutation completing a sandbox payment; the order and the lists are fetched again afterwards. */
export function useCompleteSandbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandbox,
    onSuccess: ({ orderNo }) => {
      void queryClient.invalidateQueries({ queryKey: orderKey(orderNo) });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
