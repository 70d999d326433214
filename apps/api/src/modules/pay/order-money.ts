/**
 * One order's money as the console's order page shows it: every payment attempt and every refund,
 * whatever their state, so an operator sees what was tried and what failed as well as what went
 * through.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, refunds } from './schema.ts';

/** A payment attempt as stored. */
export type PaymentRecord = typeof payments.$inferSelect;
/** A refund as stored. */
export type RefundRecord = typeof refunds.$inferSelect;

/** Every payment attempt of order `orderNo`, the first made first. */
export function paymentsOfOrder(db: Db, orderNo: string): Promise<PaymentRecord[]> {
  return db.select().from(payments).where(eq(payments.orderNo, orderNo)).orderBy(asc(payments.id));
}

/** Every refund of order `orderNo`, the first asked first. */
export function refundsOfOrder(db: Db, orderNo: string): Promise<RefundRecord[]> {
  return db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).orderBy(asc(refunds.id));
}
