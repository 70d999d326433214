/**
 * Counted limits that several API processes on one PostgreSQL must agree on: each take is one
 * conditional upsert that adds one only while the count is below the limit, so concurrent takes from
 * any process never overshoot and a refused take counts nothing.
 */
import { beijingDayAt, beijingDayStart } from '@xuanli/almanac/beijingTime';
import { lt, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberQuotas } from './schema.ts';

/** A time window `[start, end)` in epoch milliseconds. */
export interface Window {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;

/**
 * The Beijing calendar day (UTC+8, the product's one zone, PRODUCT.md#who) holding `now`: daily caps reset at
 * 00:00 there.
 */
export function beijingDay(now: number): Window {
  const start = beijingDayStart(beijingDayAt(now));
  return { start, end: start + DAY_MS };
}

/** The fixed window of `lengthMs` (aligned to the epoch, so every process agrees) holding `now`. */
export function fixedWindow(now: number, lengthMs: number): Window {
  const start = now - (now % lengthMs);
  return { start, end: start + lengthMs };
}

/** What a transaction or the database both offer: the query builder. */
type Queryable = Pick<Db, 'insert'>;

/** A statement's value, or its placeholder in a statement built once and run many times (db/prepared.ts). */
export type Bound<T> = T | Placeholder;

/**
 * The upsert that takes one unit of `key`'s quota in the window from `start` to `end` unless `max`
 * are taken already, returning a row only when it took one. A builder, so a caller can put it in a
 * larger statement; each value may be a placeholder, for a statement prepared once.
 */
export function quotaTake(
  db: Queryable,
  key: Bound<string>,
  window: { start: Bound<Date>; end: Bound<Date> },
  max: Bound<number>,
) {
  return db
    .insert(memberQuotas)
    .values({ key, windowStart: window.start, expiresAt: window.end, count: 1 })
    .onConflictDoUpdate({
      target: [memberQuotas.key, memberQuotas.windowStart],
      set: { count: sql`${memberQuotas.count} + 1` },
      setWhere: lt(memberQuotas.count, max),
    })
    .returning({ count: memberQuotas.count });
}

/**
 * Takes one unit of `key`'s quota in `window` unless `max` are taken already. True when taken. Inside
 * a transaction the row stays locked until it ends, so a rollback gives the unit back.
 */
export async function takeQuota(db: Queryable, key: string, window: Window, max: number): Promise<boolean> {
  const taken = await quotaTake(db, key, { start: new Date(window.start), end: new Date(window.end) }, max);
  return taken.length === 1;
}

/** Forgets windows that ended at or before `now`; idempotent and safe in several processes at once. */
export async function purgeQuotas(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(memberQuotas)
    .where(lt(memberQuotas.expiresAt, new Date(now + 1)))
    .returning({ key: memberQuotas.key });
  return gone.length;
}
