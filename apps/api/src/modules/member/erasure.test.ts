/**
 * The account deletion's list of tables (erasure.ts) against the migrated database schema: every table
 * with a column that refers to users — a foreign key to `users`, or a name like `user_id`,
 * `*_user_id`, `buyer_id` — or that holds a phone number must be listed with what the deletion does to
 * it, and every listed table must exist. A table added later without its line here fails.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/suite.ts';
import type { Db } from '../../db/client.ts';
import { ACCOUNT_DATA_TABLES, type Erasure } from './erasure.ts';

/** A column that names a user or a phone, with why it counts. */
interface PersonalColumn {
  table: string;
  column: string;
  why: 'foreign key to users' | 'user column' | 'phone column';
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every column of the public schema that refers to an account or holds a phone number. */
async function personalColumns(db: Db): Promise<PersonalColumn[]> {
  const foreignKeys = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select c.conrelid::regclass::text as "table", a.attname as "column"
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'public.users'::regclass`,
  );
  const named = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column"
        from information_schema.columns
        where table_schema = 'public'
          and (column_name ~ '(^|_)(user|buyer|member|customer)_?id$' or column_name ~ 'phone|mobile')`,
  );
  return [
    ...foreignKeys.map((row) => ({ ...row, why: 'foreign key to users' as const })),
    ...named.map((row) => ({
      ...row,
      why: /phone|mobile/.test(row.column) ? ('phone column' as const) : ('user column' as const),
    })),
  ];
}

/** The tables {@link personalColumns} finds that `handled` does not list, each with its columns. */
async function unhandledTables(
  db: Db,
  handled: Readonly<Record<string, Erasure>>,
): Promise<Record<string, string[]>> {
  const missing: Record<string, string[]> = {};
  for (const { table, column, why } of await personalColumns(db)) {
    if (table in handled) continue;
    missing[table] = [...(missing[table] ?? []), `${column} (${why})`];
  }
  return missing;
}

describe('the account deletion covers every table that holds something of an account', () => {
  const t = useTestApp();

  it('lists every table that refers to users or holds a phone', async () => {
    expect(await unhandledTables(t.database.db, ACCOUNT_DATA_TABLES)).toEqual({});
    // What the check is made of finds the tables we know of, so an empty answer above means something.
    const found = new Set((await personalColumns(t.database.db)).map((column) => column.table));
    for (const table of ['users', 'sessions', 'feedback', 'addresses', 'orders', 'lesson_progress']) {
      expect(found, table).toContain(table);
    }
  });

  it('lists only tables that exist, and gives a reason for each it keeps', async () => {
    const tables = await rowsOf<{ table: string }>(
      t.database.db,
      sql`select table_name as "table" from information_schema.tables where table_schema = 'public'`,
    );
    const existing = new Set(tables.map((row) => row.table));
    for (const [table, erasure] of Object.entries(ACCOUNT_DATA_TABLES)) {
      expect(existing, table).toContain(table);
      if (erasure.startsWith('kept')) expect(erasure.length, table).toBeGreaterThan('kept: '.length + 10);
    }
  });

  it('fails for a table added later that refers to users or holds a phone, until it is listed', async () => {
    await t.database.db.execute(sql.raw('create table wishlists (buyer_id integer, note text)'));
    await t.database.db.execute(sql.raw('create table gift_cards (id integer, receiver_phone text)'));
    await t.database.db.execute(
      sql.raw('create table follows (follower integer references users (id), followee integer)'),
    );
    expect(await unhandledTables(t.database.db, ACCOUNT_DATA_TABLES)).toEqual({
      wishlists: ['buyer_id (user column)'],
      gift_cards: ['receiver_phone (phone column)'],
      follows: ['follower (foreign key to users)'],
    });
    expect(
      await unhandledTables(t.database.db, {
        ...ACCOUNT_DATA_TABLES,
        wishlists: 'deleted',
        gift_cards: 'anonymised',
        follows: 'deleted',
      }),
    ).toEqual({});
  });
});
