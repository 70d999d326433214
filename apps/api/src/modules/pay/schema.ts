/**
 * The pay module's tables: one row per payment attempt, every verified provider callback as it
 * arrived and a bounded tally of refused ones, the refunds, what reconciliation with the providers
 * found, the sandbox provider's own trades, and the few secrets several API processes must share (the
 * sandbox signing key when PAY_SANDBOX_KEY is not set). Orders are the shop's: rows refer to them by
 * order number (modules do not share foreign keys). Money columns are integer 分.
 */
import type { PayFindingKind } from '@xuanli/contracts/admin-pay-labels';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A payment attempt: each "去支付" makes one, with its own `out_trade_no` (the number the provider
 * knows it by). Starting a new attempt closes the order's earlier `created` ones, at the provider and
 * here; a provider's confirmation of a closed attempt is still honoured (the money was taken), see
 * notify.ts. `created` → `succeeded` (confirmed by a verified callback or the provider's answer to a
 * query) → `refunded`; `created` → `closed`. While one process asks the provider about a `created`
 * attempt it holds `checking_until` (a lease, so no transaction stays open during the provider's
 * answer and no two processes settle the same attempt); `check_failures` counts the asks in a row the
 * provider left unanswered.
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
    checkingUntil: timestamp('checking_until', { withTimezone: true }),
    checkFailures: integer('check_failures').notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderNo),
    // The attempts reconciliation and the time-out look at: the unsettled ones, by age.
    index('payments_open_idx').on(t.createdAt).where(sql`${t.status} = 'created'`),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Every verified callback that reached `POST /api/pay/notify/{channel}` (and the sandbox's own), in
 * full, with what was done about it: the audit trail when a provider and the shop disagree. Headers
 * are the provider's signature headers only (never cookies or tokens). Callbacks that fail
 * verification are only tallied, in {@link payRefusedCallbacks}.
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

/**
 * Callbacks refused by verification (unsigned, forged, stale, not ours), tallied instead of stored:
 * anyone can post them, so keeping each one would let a stranger fill the disk. One row per channel,
 * reason and source network (an IPv4 /24 or IPv6 /48), with how many came, when the first and the
 * last came and the first 200 characters of the first body; past PAY_REFUSED_CALLBACK_MAX_ROWS rows
 * a new source is counted under source `*`. Rows not seen for PAY_REFUSED_CALLBACK_RETENTION_DAYS
 * are purged by the clean-up job.
 */
export const payRefusedCallbacks = pgTable(
  'pay_refused_callbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    reason: text('reason').notNull(),
    source: text('source').notNull(),
    count: integer('count').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    sample: text('sample').notNull(),
  },
  (t) => [
    uniqueIndex('pay_refused_callbacks_key_idx').on(t.channel, t.reason, t.source),
    index('pay_refused_callbacks_last_seen_idx').on(t.lastSeenAt),
  ],
);

/**
 * What asking the providers found that the callbacks had not told us (对账异常): money taken without
 * a callback, money for an order already closed (refunded automatically), an amount or record that
 * does not match, money the provider says went back, a provider that would not answer. One row per
 * attempt and kind, so processes and runs that find the same thing record it once. An operator marks
 * it handled in the console (audited); it is never deleted.
 */
export const payFindings = pgTable(
  'pay_findings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    channel: text('channel', { enum: ['wechat', 'alipay', 'sandbox'] }).notNull(),
    kind: text('kind').$type<PayFindingKind>().notNull(),
    // What the provider said and what was done, for the operator (no personal data).
    detail: text('detail').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    // The operator's username who marked it handled, and their note.
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('pay_findings_attempt_kind_idx').on(t.outTradeNo, t.kind),
    index('pay_findings_found_idx').on(t.foundAt),
  ],
);

/**
 * The sandbox "provider"'s own book of trades, kept apart from our `payments` as a real provider
 * keeps its own: registered when an attempt starts, paid (or failed) at the in-app cashier, closed
 * when we close it, refunded when we refund it. Queries and closes of the sandbox channel read and
 * write this table only, so reconciliation meets the sandbox exactly as it meets WeChat Pay.
 */
export const paySandboxTrades = pgTable('pay_sandbox_trades', {
  outTradeNo: text('out_trade_no').primaryKey(),
  amount: integer('amount').notNull(),
  state: text('state', { enum: ['open', 'paid', 'closed', 'refunded'] }).notNull(),
  transactionId: text('transaction_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});
