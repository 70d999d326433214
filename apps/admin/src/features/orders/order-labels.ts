/** Chinese words of the order page: payment and refund states, and who made a step of the timeline. */
import type { AdminOrderLine, AdminPayment, AdminRefund } from '@xuanli/contracts/admin-shop';
import { PAY_CHANNEL_LABELS, type PayChannel } from '@xuanli/contracts/shop-labels';

/** A payment attempt's state. */
export const PAYMENT_STATUS_LABELS: Record<AdminPayment['status'], string> = {
  created: '待支付',
  succeeded: '支付成功',
  closed: '已关闭',
  refunded: '已退款',
};

/** A refund's state. */
export const REFUND_STATUS_LABELS: Record<AdminRefund['status'], string> = {
  pending: '退款中',
  succeeded: '退款成功',
  failed: '退款失败',
};

/** Whether a refund gave an order line back. */
export const LINE_REFUND_LABELS: Record<AdminOrderLine['refund'], string> = {
  none: '未退',
  pending: '退款中',
  refunded: '已退款',
};

/** The lines a refund gives back, as the refunds table says it: 第 1、2 行, or 仅退款 for money only. */
export function refundLinesLabel(lines: readonly number[]): string {
  return lines.length ? `第 ${lines.join('、')} 行` : '仅退款';
}

/** Why a refund was made. */
export const REFUND_REASON_LABELS: Record<AdminRefund['reason'], string> = {
  buyer: '售后退款',
  'not-payable': '订单已关闭，自动退回',
};

/** Who made a step of the timeline: the buyer, the system, a payment channel, or an operator's name. */
export function actorLabel(actor: string): string {
  if (actor === 'buyer') return '买家';
  if (actor === 'system') return '系统';
  if (actor.startsWith('pay:')) return PAY_CHANNEL_LABELS[actor.slice(4) as PayChannel] ?? '支付渠道';
  return `后台 ${actor}`;
}
