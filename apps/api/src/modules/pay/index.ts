/**
 * The pay module's public entry: payment attempts with WeChat Pay, Alipay and the sandbox, verified
 * provider callbacks (refused ones only tallied), reconciliation with the providers and its findings
 * for the console (对账异常), refunds, and the operators' refund decisions. It reaches orders only
 * through the shop's `OrderLedger` (shared/orders.ts), which app.ts hands it; the shop's time-out
 * reaches it through `PaymentAttempts`.
 */
export type { PaymentChannel, TradeState } from './channel.ts';
export type { PayLog } from './channel-deps.ts';
export { type PayConsoleRoutesOptions, payConsoleRoutes } from './console.routes.ts';
export { fenToYuan, yuanToFen } from './money.ts';
export {
  type PaymentRecord,
  paymentsOfOrder,
  type RefundRecord,
  refundsOfOrder,
} from './order-money.ts';
export {
  paymentAttempts,
  reconcilePayments,
  type SettleReport,
  settleOverdueAttempts,
  UNANSWERED_FINDING_AFTER,
} from './reconcile.ts';
export {
  type RefundOptions,
  type RefundReport,
  refundOrder,
  rejectBuyerRefund,
  retryPendingRefunds,
} from './refund.ts';
export { buyerRefundsPerDay, buyerRefundTotal } from './refund-figures.ts';
export { purgeRefusedCallbacks } from './refused-callbacks.ts';
export { type PayRoutesOptions, payRoutes } from './routes.ts';
export { createPayService, type PayService, type PayServiceOptions } from './service.ts';
export { type AlipayConfig, type PayConfig, parsePayConfig, type WechatPayConfig } from './settings.ts';
