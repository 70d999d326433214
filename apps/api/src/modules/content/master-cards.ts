/**
 * The masters as other modules show them beside their own rows (the classroom's teachers): by sellid,
 * the nickname and picture, and the list a form offers.
 */
import { asc, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../shared/orders.ts';
import { masters } from './schema.ts';

/**
 * Every master's sellid, nickname and avatar as a subquery named `alias`, for a caller to left-join
 * to its own rows by sellid: a page of courses with their teachers stays one statement (PostgreSQL
 * flattens the subquery into a plain join).
 */
export function masterCards<Alias extends string>(alias: Alias) {
  return new QueryBuilder()
    .select({ sellid: masters.sellid, nickname: masters.nickname, avatar: masters.avatar })
    .from(masters)
    .as(alias);
}

/** Every master's sellid and nickname, in the order the masters' list shows them (sort, then sellid). */
export function masterChoices(db: Db): Promise<{ sellid: number; nickname: string }[]> {
  return db
    .select({ sellid: masters.sellid, nickname: masters.nickname })
    .from(masters)
    .orderBy(asc(masters.sort), asc(masters.sellid));
}

/** Whether a master of `sellid` exists (active or not). */
export async function isMaster(db: Db | Tx, sellid: number): Promise<boolean> {
  const [row] = await db.select({ sellid: masters.sellid }).from(masters).where(eq(masters.sellid, sellid));
  return row !== undefined;
}
