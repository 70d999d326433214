/**
 * Seeds the texts of the miji readings: `content` rows of kind `reading` (keys from readings.ts). The
 * texts are handed in by the seed runner (apps/api/seed/bazi/readings.ts), not kept in this module.
 *
 * Re-seeding (every start-up) is an upsert that respects editors (the content module keeps the rows
 * and the rule): each seeded row remembers the hash of the text it was given (`data.seedHash` = md5
 * of title + '\n' + body). A later seed replaces a row only while its text still has that hash — i.e.
 * nobody edited it — so improved seed texts reach existing installs, and an editor's change is never
 * overwritten. Missing rows are inserted. To hand a row back to the seed, delete it: the next start
 * inserts the seed text afresh.
 */
import type { Db } from '../../db/client.ts';
import { seedKeptTexts } from '../content/index.ts';
import { READING_KIND } from './readings.ts';

/** One seeded reading. */
export interface ReadingSeed {
  key: string;
  title: string;
  body: string;
}

/**
 * Inserts missing readings and refreshes unedited ones (see the module comment); returns how many rows
 * it wrote — 0 when the database already holds this seed.
 */
export async function seedReadings(db: Db, rows: readonly ReadingSeed[]): Promise<number> {
  return (await seedKeptTexts(db, READING_KIND, rows)).length;
}
