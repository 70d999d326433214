/**
 * The ids of named rows, by name: how a seed finds the categories it has just inserted or found there
 * already (an insert that skips a conflicting name returns nothing for it).
 */
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** A table of rows with an integer `id` and a unique `name`. */
type NamedRows = PgTable & {
  id: AnyPgColumn<{ data: number; notNull: true }>;
  name: AnyPgColumn<{ data: string; notNull: true }>;
};

/** The ids of the rows of `table` named one of `names`, by name (a name without a row is absent). */
export async function idsByName(
  db: Db,
  table: NamedRows,
  names: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.name, [...names]));
  return new Map(rows.map((row) => [row.name, row.id]));
}
