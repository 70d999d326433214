/**
 * The `content` rows another module keeps its editable texts in (the bazi readings), each under a
 * `kind` of that module's own. The owner decides which keys exist and what they mean; this module
 * keeps the rows, and the rule that a seed never overwrites an editor's change: a seeded row
 * remembers the hash of the text it was given (`data.seedHash`, {@link seededTextHash}), and a later
 * seed replaces it only while its text still has that hash.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../shared/orders.ts';
import { content } from './schema.ts';

/** A kept text as stored: its key, title, body, `data` (the seed's hash) and when it last changed. */
export type KeptText = typeof content.$inferSelect;

/** A text as a seed hands it in. */
export interface TextSeed {
  key: string;
  title: string;
  body: string;
}

/** md5 (hex) of a text, as PostgreSQL's `md5(title || chr(10) || body)` computes it. */
export function seededTextHash(title: string, body: string): string {
  return createHash('md5').update(`${title}\n${body}`, 'utf8').digest('hex');
}

/** Every text of `kind` (whose key starts with `keyPrefix` when given), by key. */
export function keptTextsOfKind(db: Db, kind: string, keyPrefix?: string): Promise<KeptText[]> {
  const filters = [eq(content.kind, kind)];
  if (keyPrefix !== undefined) filters.push(like(content.key, `${keyPrefix}%`));
  return db
    .select()
    .from(content)
    .where(and(...filters))
    .orderBy(asc(content.key));
}

/** The title and body of each text of `kind` among `keys` that has a row, in one query. */
export function keptTextBodies(
  db: Db,
  kind: string,
  keys: readonly string[],
): Promise<{ key: string; title: string; body: string }[]> {
  return db
    .select({ key: content.key, title: content.title, body: content.body })
    .from(content)
    .where(and(eq(content.kind, kind), inArray(content.key, [...new Set(keys)])));
}

/**
 * Replaces the title and body of the text `key` of `kind`, inside the caller's transaction; the row
 * is locked first, so two editors' saves apply in turn. Undefined when there is no such text.
 */
export async function replaceKeptText(
  tx: Tx,
  kind: string,
  key: string,
  text: { title: string; body: string },
  now: Date,
): Promise<{ before: KeptText; after: KeptText } | undefined> {
  const [before] = await tx
    .select()
    .from(content)
    .where(and(eq(content.key, key), eq(content.kind, kind)))
    .for('update')
    .limit(1);
  if (!before) return undefined;
  const [after] = await tx
    .update(content)
    .set({ title: text.title, body: text.body, updatedAt: now })
    .where(eq(content.key, key))
    .returning();
  return { before, after: after as KeptText };
}

/**
 * Inserts the missing texts of `kind` and refreshes the unedited ones whose seed changed, in one
 * statement; returns the keys it wrote (none when the database already holds this seed).
 */
export async function seedKeptTexts(db: Db, kind: string, rows: readonly TextSeed[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insert(content)
    .values(
      rows.map((row) => ({
        key: row.key,
        kind,
        title: row.title,
        body: row.body,
        data: { seedHash: seededTextHash(row.title, row.body) },
      })),
    )
    .onConflictDoUpdate({
      target: content.key,
      set: {
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        data: sql`excluded.data`,
        updatedAt: sql`now()`,
      },
      // Only a text that still holds what it was seeded with, and only when the seed changed.
      setWhere: sql`${content.kind} = ${kind}
        and ${content.data}->>'seedHash' = md5(${content.title} || chr(10) || ${content.body})
        and ${content.data}->>'seedHash' <> excluded.data->>'seedHash'`,
    })
    .returning({ key: content.key });
  return written.map((row) => row.key);
}
