/**
 * Seeds the texts of the miji readings: `content` rows of kind `reading` (keys from readings.ts). The
 * texts are handed in by the seed runner (apps/api/seed/bazi/readings.ts), not kept in this module.
 *
 * Re-seeding (every start-up) is an upsert that respects editors: each seeded row remembers the hash
 * of the text it was given (`data.seedHash` = md5 of title + '\n' + body). A later seed replaces a row
 * only while its text still has that hash — i.e. nobody edited it — so improved seed texts reach
 * existing installs, and an editor's change is never overwritten. Missing rows are inserted. To hand a
 * row back to the seed, delete it: the next start inserts the seed text afresh.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { content } from '../content/index.ts';
import { READING_KIND } from './readings.ts';

/** One seeded reading. */
export interface ReadingSeed {
  key: string;
  title: string;
  body: string;
}

/** md5 (hex) of a row's text, as PostgreSQL's `md5(title || chr(10) || body)` computes it. */
export function seedHash(title: string, body: string): string {
  return createHash('md5').update(`${title}\n${body}`, 'utf8').digest('hex');
}

/**
 * Inserts missing readings and refreshes unedited ones (see the module comment); returns how many rows
 * it wrote — 0 when the database already holds this seed.
 */
export async function seedReadings(db: Db, rows: readonly ReadingSeed[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await db
    .insert(content)
    .values(
      rows.map((row) => ({
        key: row.key,
        kind: READING_KIND,
        title: row.title,
        body: row.body,
        data: { seedHash: seedHash(row.title, row.body) },
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
      // Only a reading that still holds the text it was seeded with, and only when the seed changed.
      setWhere: sql`${content.kind} = ${READING_KIND}
        and ${content.data}->>'seedHash' = md5(${content.title} || chr(10) || ${content.body})
        and ${content.data}->>'seedHash' <> excluded.data->>'seedHash'`,
    })
    .returning({ key: content.key });
  return written.length;
}
