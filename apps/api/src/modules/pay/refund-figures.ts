/**
 * The refunds in the console's 概览: what buyers' refunds the providers confirmed gave back (分), in a
 * period and per Beijing day (by `completed_at`). Automatic refunds of a payment its order could not take
 * are not the shop's revenue and are left out.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fenSum, type Period, type Tally, tallyPerDay } from '../../shared/day-figures.ts';
import { refunds } from './schema.ts';

/** Buyers' refunds confirmed in [start, end). */
const confirmedBuyerRefunds = ({ start, end }: Period) =>
  and(
    eq(refunds.reason, 'buyer'),
    eq(refunds.status, 'succeeded'),
    gte(refunds.completedAt, start),
    lt(refunds.completedAt, end),
  );

/** What the buyers' refunds confirmed in `period` gave back (分). */
export async function buyerRefundTotal(db: Db, period: Period): Promise<number> {
  const [refunded] = await db
    .select({ amount: fenSum(refunds.amount) })
    .from(refunds)
    .where(confirmedBuyerRefunds(period));
  return refunded!.amount;
}

/** The buyers' refunds confirmed, per Beijing day number of `period`. */
export function buyerRefundsPerDay(db: Db, period: Period): Promise<Map<number, Tally>> {
  return tallyPerDay(db, refunds, refunds.completedAt, confirmedBuyerRefunds(period), refunds.amount);
}
