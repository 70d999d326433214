/**
 * Counting rows for the console's figures, in Beijing days: how many rows (and the sum of an amount in
 * 分) fall on each Beijing day. Rows are grouped in SQL by arithmetic on the epoch (no time-zone
 * database needed, the same on PGlite and PostgreSQL). Each module counts its own table with these,
 * and the console's dashboard puts the figures side by side.
 */
import { BEIJING_OFFSET_SECONDS } from '@xuanli/almanac/beijingTime';
import { type AnyColumn, count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { Period } from './beijing-days.ts';

export type { Period };

/** How many rows and the sum of their amount (0 when none is counted). */
export interface Tally {
  n: number;
  amount: number;
}

/**
 * The Beijing day number (days since 1970-01-01 in UTC+8) of a timestamp column. The offset is a
 * literal, not a parameter, so the same expression can be selected and grouped by.
 */
const beijingDayOf = (column: AnyColumn) =>
  sql<number>`floor((extract(epoch from ${column}) + ${sql.raw(String(BEIJING_OFFSET_SECONDS))}) / 86400)::int`.mapWith(
    Number,
  );

/** A sum of 分 as a number (PostgreSQL sums integers to bigint, which the driver hands over as text). */
export const fenSum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Per Beijing day number: how many rows of `table` `column` falls on and, optionally, the sum of `amount`. */
export async function tallyPerDay(
  db: Db,
  table: PgTable,
  column: AnyColumn,
  where: SQL | undefined,
  amount?: AnyColumn,
): Promise<Map<number, Tally>> {
  const day = beijingDayOf(column);
  const rows = await db
    .select({ day, n: count(), amount: amount ? fenSum(amount) : sql<number>`0`.mapWith(Number) })
    .from(table)
    .where(where)
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, { n: row.n, amount: row.amount }]));
}
