/**
 * One account's orders as the console's customer service sees them: how many each account has made,
 * and the newest few with what they hold.
 */
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from './schema.ts';

/** How many orders each of `userIds` has made (accounts without any are absent). */
export async function orderCountsOf(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: orders.userId, n: count() })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.map((row) => [row.userId, row.n]));
}

/** An order as a buyer's page lists it, with the title and pieces of each of its lines in order. */
export interface BuyerOrder {
  orderNo: string;
  status: (typeof orders.$inferSelect)['status'];
  kind: (typeof orders.$inferSelect)['kind'];
  total: number;
  createdAt: Date;
  paidAt: Date | null;
  lines: { title: string; qty: number }[];
}

/** The newest `limit` orders of `userId`, newest first. */
export async function recentOrdersOf(db: Db, userId: number, limit: number): Promise<BuyerOrder[]> {
  const orderRows = await db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      kind: orders.kind,
      total: orders.total,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  const lines = orderRows.length
    ? await db
        .select({ orderNo: orderItems.orderNo, title: orderItems.title, qty: orderItems.qty })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderNo,
            orderRows.map((row) => row.orderNo),
          ),
        )
        .orderBy(asc(orderItems.orderNo), asc(orderItems.line))
    : [];
  return orderRows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.orderNo === row.orderNo).map(({ title, qty }) => ({ title, qty })),
  }));
}
