/**
 * A step the modules' shares of an account merge (member module's merge) have in common: an account's
 * rows that hold one thing each (a lesson's progress, a course's review, a SKU's cart line) move to
 * the surviving account, except where the survivor holds that thing too.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from './orders.ts';

/**
 * Moves account `from`'s rows of `table` to account `into`, inside the merge's transaction; a row of
 * `from` whose `key` column matches one of `into`'s rows is deleted instead, so the survivor's row
 * stays (fold what `from`'s row adds into it first, where anything should be kept).
 */
export async function moveRowsKeepingSurvivors(
  tx: Tx,
  rows: { table: string; key: string },
  from: number,
  into: number,
): Promise<void> {
  const table = sql.identifier(rows.table);
  const key = sql.identifier(rows.key);
  await tx.execute(sql`
    delete from ${table} where user_id = ${from}
      and ${key} in (select ${key} from ${table} where user_id = ${into})`);
  await tx.execute(sql`update ${table} set user_id = ${into} where user_id = ${from}`);
}
