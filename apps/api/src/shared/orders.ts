/**
 * Where the shop's orders and the payment channels meet. The shop module owns orders and their state
 * machine; the pay module owns payment attempts, provider callbacks and refunds. Neither imports the
 * other: app.ts hands the shop's implementation of {@link OrderLedger} to the pay module, and the pay
 * module's {@link PaymentAttempts} to the shop's time-out.
 *
 * Every call that changes an order takes the caller's transaction, so that a callback's payment row
 * and the order it pays change together or not at all.
 */
import type { OrderStatus, PayChannel } from '@xuanli/contracts/shop';
import type { Db } from '../db/client.ts';

/** A transaction of {@link Db} (or the database itself, for reads outside one). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a payment needs to know about an order. */
export interface PayableOrder {
  orderNo: string;
  userId: number;
  status: OrderStatus;
  /** What the buyer pays, in 分. */
  total: number;
  /** One line for the provider's cashier page, e.g. '玄历商城-紫檀手串 等2件'. */
  subject: string;
  /** The last moment to pay: a payment started for it expires then (the order is cancelled shortly after). */
  payDeadline: Date;
  /** The numbers of its lines (1, 2 …), which a refund may name as the ones it gives back. */
  lines: number[];
}

/** A refund the provider has confirmed, as the order records it. */
export interface ConfirmedRefund {
  /** When the provider paid it back. */
  at: Date;
  /** 分 this refund gave back. */
  amount: number;
  /** The order lines it gives back (goods returned, courses withdrawn); [] for money only. */
  lines: readonly number[];
  /** Another refund of the order still waits for its provider: the order stays refunding until it settles. */
  othersPending: boolean;
}

/** What {@link OrderLedger.markPaid} did. */
export type MarkPaidOutcome =
  /** The order went pending → paid (and, for courses and services, on to done). */
  | 'paid'
  /** It was already paid by this very payment: a repeated callback, nothing changed. */
  | 'already-paid'
  /** It was cancelled (timed out) or otherwise past paying: the money must go back. */
  | 'not-payable';

/** The shop's side of payments. */
export interface OrderLedger {
  /** The order `orderNo`, or null; with `userId`, only that buyer's. Locks the row when given a transaction. */
  findForPayment(db: Db | Tx, orderNo: string, userId?: number): Promise<PayableOrder | null>;
  /**
   * Records a confirmed payment inside the callback's transaction: pending → paid, then the kind's
   * effect (a course is granted, a service opens its consultation, goods wait for shipping).
   */
  markPaid(
    tx: Tx,
    orderNo: string,
    payment: { channel: PayChannel; amount: number; transactionId: string; paidAt: Date },
  ): Promise<MarkPaidOutcome>;
  /**
   * Records a refund the provider confirmed: its amount, the lines it gives back (their pieces leave the
   * sales count, their courses are withdrawn) and, once no other refund of the order is pending,
   * refunding → refunded when all of the payment went back (every line with it) or partially_refunded.
   * False when the order is missing or was not refunding.
   */
  markRefunded(tx: Tx, orderNo: string, refund: ConfirmedRefund): Promise<boolean>;
}

/**
 * The pay module's side of the time-out (app.ts hands it to the shop's sweeper): before an unpaid
 * order is cancelled, the providers are asked about its payment attempts, because a buyer may have
 * paid while the callback that says so was lost.
 */
export interface PaymentAttempts {
  /**
   * Asks the providers about every unsettled attempt whose order's deadline has passed and settles
   * what they answer: paid → the order is paid (through `markPaid`); not paid → closed at the provider.
   * No database lock is held while a provider answers; an unanswered attempt stays unsettled.
   */
  settleOverdue(): Promise<unknown>;
  /** Which of `orderNos` still have an attempt that nobody has settled with its provider (read in `tx`). */
  unsettled(tx: Tx, orderNos: readonly string[]): Promise<Set<string>>;
}
