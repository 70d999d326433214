/**
 * The order state machine: the one table of allowed status changes, and the one way to make one.
 * The migrations drizzle/0004_order_state_machine.sql and 0011_partial_refunds.sql install the
 * database trigger that refuses every change outside this table, so even a hand-written UPDATE cannot
 * skip a step; a test checks the two pair by pair.
 */
import type { OrderStatus } from '@xuanli/contracts/shop';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../shared/orders.ts';
import { orderEvents, orders } from './schema.ts';

/**
 * Every allowed `[from, to]`: goods go pending → paid → shipped → done; courses and services go paid →
 * done at payment; an unpaid order is cancelled by its buyer or its time-out.
 *
 * Refunds: while money is on its way back (a buyer asked, or an operator refunds a paid, shipped, done
 * or partly refunded order) the order is refunding. When no refund of it is pending any more it is
 * refunded (all of the payment went back) or partially_refunded (some of it, and it stays so until the
 * rest goes back too: shipping what is left of a partly refunded goods order is recorded on the order
 * and in its timeline without leaving that status). A refused request goes back where it came from.
 */
export const ORDER_TRANSITIONS = [
  ['pending', 'paid'],
  ['pending', 'cancelled'],
  ['paid', 'shipped'],
  ['paid', 'done'],
  ['shipped', 'done'],
  ['paid', 'refunding'],
  ['shipped', 'refunding'],
  ['done', 'refunding'],
  ['partially_refunded', 'refunding'],
  ['refunding', 'refunded'],
  ['refunding', 'partially_refunded'],
  ['refunding', 'paid'],
  ['refunding', 'shipped'],
  ['refunding', 'done'],
] as const satisfies readonly (readonly [OrderStatus, OrderStatus])[];

const ALLOWED = new Set<string>(ORDER_TRANSITIONS.map(([from, to]) => `${from}>${to}`));

/** True when an order may go from `from` to `to` (staying put is not a transition). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED.has(`${from}>${to}`);
}

/** Columns a transition may set besides the status (paid_at, tracking, cancelled_at …). */
export type OrderFields = Partial<Omit<typeof orders.$inferInsert, 'orderNo' | 'status' | 'userId'>>;

/** One status change as {@link moveOrder} makes it. */
export interface OrderMove {
  orderNo: string;
  from: OrderStatus;
  to: OrderStatus;
  /** When it happened (the event's time). */
  at: Date;
  /** 'buyer', 'system', 'pay:<channel>' or an operator's name. */
  actor: string;
  /** The timeline's note: a tracking number, a reason, or ''. */
  note?: string;
  /** Other columns to set in the same UPDATE. */
  fields?: OrderFields;
  /** Only this buyer's order moves (the buyer routes). */
  userId?: number;
}

/**
 * Moves an order from `from` to `to` inside `tx`: a conditional UPDATE (`WHERE order_no = … AND
 * status = from`, so of two racing changes only one finds the row still in `from`) and the event row
 * of the timeline. Answers the updated row, or null when the order was not in `from` (or not the
 * buyer's); the caller decides what that means.
 */
export async function moveOrder(tx: Tx, move: OrderMove): Promise<typeof orders.$inferSelect | null> {
  if (!canTransition(move.from, move.to)) {
    throw new Error(`order state machine has no ${move.from} → ${move.to}`);
  }
  const conditions = [eq(orders.orderNo, move.orderNo), eq(orders.status, move.from)];
  if (move.userId !== undefined) conditions.push(eq(orders.userId, move.userId));
  const [row] = await tx
    .update(orders)
    .set({ ...move.fields, status: move.to })
    .where(and(...conditions))
    .returning();
  if (!row) return null;
  await tx.insert(orderEvents).values({
    orderNo: move.orderNo,
    status: move.to,
    at: move.at,
    note: move.note ?? '',
    actor: move.actor,
  });
  return row;
}
