/**
 * The numbers providers know our payments and refunds by: the order number, a letter (P for a
 * payment attempt, R for a refund) and 6 random digits, e.g. `20260115120000123456P042137`. 27
 * characters of [0-9PR], within WeChat's 32 and Alipay's 64; unique by the tables' unique indexes
 * (a collision fails the insert, never pays twice).
 */
import { randomInt } from 'node:crypto';

function suffix(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/** A new `out_trade_no` for an attempt to pay `orderNo`. */
export function newOutTradeNo(orderNo: string): string {
  return `${orderNo}P${suffix()}`;
}

/** A new `out_refund_no` for a refund of `orderNo`. */
export function newOutRefundNo(orderNo: string): string {
  return `${orderNo}R${suffix()}`;
}
