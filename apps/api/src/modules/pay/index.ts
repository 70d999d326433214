/**
 * The pay module's public entry: payment attempts with WeChat Pay, Alipay and the sandbox, verified
 * provider callbacks, refunds, and the operators' refund decisions. It reaches orders only through the
 * shop's `OrderLedger` (shared/orders.ts), which app.ts hands it.
 */
export type { PaymentChannel } from './channel.ts';
export type { PayLog } from './channel-deps.ts';
export { fenToYuan, yuanToFen } from './money.ts';
export {
  type RefundOptions,
  type RefundReport,
  refundOrder,
  rejectBuyerRefund,
  retryPendingRefunds,
} from './refund.ts';
export { type PayRoutesOptions, payRoutes } from './routes.ts';
export { payments, payNotifications, paySecrets, refunds } from './schema.ts';
export { createPayService, type PayService, type PayServiceOptions } from './service.ts';
