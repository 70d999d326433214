/**
 * The pay module's tables: one row per payment attempt, every provider callback as it arrived, the
 * refunds, and the few secrets several API processes must share (the sandbox signing key when
 * PAY_SANDBOX_KEY is not set). Orders are the shop's: rows refer to them by order number (modules do
 * not share foreign keys). Money columns are integer 分.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A payment attempt: each "去支付" makes one, with its own `out_trade_no` (the number the provider
 * knows it by). Starting a new attempt closes the order's earlier `created` ones here; a provider's
 * confirmation of a closed attempt is still honoured (the money was taken), see notify.ts.
 * `created` → `succeeded` (confirmed by a verified callback) → `refunded`; `created` → `closed`.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outTradeNo: text('out_trade_no').notNull().unique(),
    orderNo: text('order_no').notNull(),
    channel: text('channel', { enum: ['wechat', 'alipay', 'sandbox'] }).notNull(),
    // What the provider was asked to collect: the order's total when the attempt started.
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['created', 'succeeded', 'closed', 'refunded'] }).notNull(),
    // The provider's own number for the money movement (WeChat transaction_id, Alipay trade_no).
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // The order's pay deadline: the provider is told not to take money after it.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('payments_order_idx').on(t.orderNo), check('payments_amount_check', sql`${t.amount} > 0`)],
);

/**
 * Every callback that reached `POST /api/pay/notify/{channel}` (and the sandbox's own), verified or
 * not, with what was done about it: the audit trail when a provider and the shop disagree. Headers are
 * the provider's signature headers only (never cookies or tokens).
 */
export const payNotifications = pgTable(
  'pay_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
    verified: boolean('verified').notNull(),
    // 'paid', 'repeat', 'refused: amount mismatch', 'not payable: refund R…' …
    outcome: text('outcome').notNull(),
    // The payment or refund it was about, once the signature showed it is the provider's word.
    reference: text('reference'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pay_notifications_reference_idx').on(t.reference)],
);

/**
 * A refund of part or all of one payment. `reason` says who asked: an operator (`buyer`: a buyer's
 * request approved, or the shop's own decision; the ledger then records it on the order) or the shop
 * itself, for money that arrived after the order had been cancelled (`not-payable`: the whole payment,
 * the order stays cancelled). A payment may have several refunds, each with its own `out_refund_no`
 * (WeChat's out_refund_no, Alipay's out_request_no), as long as those pending or succeeded add up to
 * no more than the payment: refund.ts checks it under the order's and the payment's row locks, and a
 * trigger (migration `…_partial_refunds`) refuses any row that would break it. `lines` are the order
 * lines a refund gives back (goods returned, courses withdrawn); [] for money only.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outRefundNo: text('out_refund_no').notNull().unique(),
    orderNo: text('order_no').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    reason: text('reason', { enum: ['buyer', 'not-payable'] }).notNull(),
    // Line numbers of the order this refund gives back (order_items.line).
    lines: jsonb('lines').$type<number[]>().notNull().default([]),
    // The operator who approved a buyer's refund (`order refund`), or 'system' for an automatic one.
    requestedBy: text('requested_by').notNull(),
    // The provider's number for the refund (WeChat refund_id, Alipay trade_no of the refund).
    providerRefundId: text('provider_refund_id'),
    // Why the provider refused, for the operator.
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // When the request was last sent to the provider (the retry job resends pending ones).
    lastTriedAt: timestamp('last_tried_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderNo),
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Secrets generated on first use and shared by every API process on this database (name → value). */
export const paySecrets = pgTable('pay_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
