/**
 * A per-buyer lock for the few rules that span several rows of one buyer — at most 50 cart lines, at
 * most 20 addresses, exactly one default address, at most so many unpaid orders and unpaid pieces of a
 * SKU (config SHOP_MAX_UNPAID_*) — which no single conditional statement can keep
 * when two requests of the same buyer arrive at once (in one API process or in several). It is a
 * PostgreSQL transaction-level advisory lock: held until the transaction ends, released by a crash.
 */
import { sql } from 'drizzle-orm';
import { LOCK_CLASSES as LOCKS } from '../../shared/lock-classes.ts';
import type { Tx } from '../../shared/orders.ts';

/**
 * The first key of each lock (the buyer's id is the second), one per rule set. The two-key form of
 * the advisory locks is a key space of its own, apart from the migrations' one-key lock.
 */
const LOCK_CLASSES = {
  cart: LOCKS.buyerCart,
  addresses: LOCKS.buyerAddresses,
  orders: LOCKS.buyerOrders,
} as const;

/** Waits for and takes the `what` lock of `userId` until `tx` ends. */
export async function lockBuyer(tx: Tx, what: keyof typeof LOCK_CLASSES, userId: number): Promise<void> {
  await tx.execute(
    sql`select 1 from (select pg_advisory_xact_lock(${LOCK_CLASSES[what]}::int, ${userId}::int)) as taken`,
  );
}
