/**
 * The console's reconciliation words without TypeBox (对账异常 under 订单): what asking the payment
 * providers can find that their callbacks had not told us, with the Chinese the console shows. The
 * console's page imports them from here (its bundle takes no schema module); admin-pay.ts builds its
 * schemas from the same constants, and the API records findings of exactly these kinds.
 */

/**
 * What a finding says: money taken without a callback (booked now), money for an order already
 * closed (refunded automatically), an amount or record that does not match ours (not booked), money
 * the provider says it gave back without our refund, a provider that would not answer repeatedly.
 */
export const PAY_FINDING_KINDS = [
  'paid-without-callback',
  'paid-after-cancel',
  'amount-mismatch',
  'record-mismatch',
  'provider-refunded',
  'provider-unreachable',
] as const;

/** A kind of finding. */
export type PayFindingKind = (typeof PAY_FINDING_KINDS)[number];

/** The console's name of each kind. */
export const PAY_FINDING_KIND_LABELS: Record<PayFindingKind, string> = {
  'paid-without-callback': '已收款未收到通知',
  'paid-after-cancel': '关单后收款（已自动退款）',
  'amount-mismatch': '金额不符',
  'record-mismatch': '记录不符',
  'provider-refunded': '渠道已退款',
  'provider-unreachable': '渠道无法确认',
};

/** Whether an operator has marked a finding handled. */
export const PAY_FINDING_STATUSES = ['open', 'resolved'] as const;

/** A finding's state. */
export type PayFindingStatus = (typeof PAY_FINDING_STATUSES)[number];

/** The console's name of each state. */
export const PAY_FINDING_STATUS_LABELS: Record<PayFindingStatus, string> = {
  open: '待处理',
  resolved: '已处理',
};

/** Shortest and longest note an operator writes when marking a finding handled. */
export const PAY_FINDING_NOTE_MIN = 2;
export const PAY_FINDING_NOTE_MAX = 200;
