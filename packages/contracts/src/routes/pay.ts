/**
 * The payment routes: channels, starting a payment, the sandbox's completion, the providers' callbacks, and the console's reconciliation findings.
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */

import {
  AdminPayFindingListSchema,
  AdminPayFindingParamsSchema,
  AdminPayFindingQuerySchema,
  AdminPayFindingResolveBodySchema,
  AdminPayFindingSchema,
} from '../admin-pay.ts';
import {
  PayChannelListSchema,
  PayNotifyParamsSchema,
  PayOrderParamsSchema,
  PayStartBodySchema,
  PayStartSchema,
  SandboxCompleteBodySchema,
  SandboxCompleteSchema,
} from '../pay.ts';
import { defineRoutes } from '../route.ts';

/** The app's pay routes. */
export const PAY_ROUTES = defineRoutes({
  getChannels: { method: 'GET', path: '/api/pay/channels', answer: PayChannelListSchema },
  postShopOrdersByOrderNoPay: {
    method: 'POST',
    path: '/api/shop/orders/:orderNo/pay',
    params: PayOrderParamsSchema,
    body: PayStartBodySchema,
    answer: PayStartSchema,
  },
  postSandboxByOrderNoComplete: {
    method: 'POST',
    path: '/api/pay/sandbox/:orderNo/complete',
    params: PayOrderParamsSchema,
    body: SandboxCompleteBodySchema,
    answer: SandboxCompleteSchema,
  },
  postNotifyByChannel: { method: 'POST', path: '/api/pay/notify/:channel', params: PayNotifyParamsSchema },
});

/** The console's pay routes, below `/api/admin/`. */
export const PAY_CONSOLE_ROUTES = defineRoutes({
  getPayFindings: {
    method: 'GET',
    path: '/api/admin/pay-findings',
    query: AdminPayFindingQuerySchema,
    answer: AdminPayFindingListSchema,
  },
  postPayFindingsByIdResolve: {
    method: 'POST',
    path: '/api/admin/pay-findings/:id/resolve',
    params: AdminPayFindingParamsSchema,
    body: AdminPayFindingResolveBodySchema,
    answer: AdminPayFindingSchema,
  },
});
