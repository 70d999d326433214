import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READING_SEED } from '../../../seed/bazi/readings.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { seededTextHash } from '../content/index.ts';
import { content } from '../content/testing-tables.ts';
import { READING_KEY_ORDER } from './readings.ts';
import { seedReadings } from './seed-readings.ts';

describe('seedReadings', () => {
  let database: Database;
  beforeAll(async () => {
    // A fresh, unseeded database: the count of the first run is the whole seed.
    database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
  });
  afterAll(() => database.close());

  const row = async (key: string) =>
    (await database.db.select().from(content).where(eq(content.key, key)).limit(1))[0];

  it('inserts every reading once, with the hash of its text', async () => {
    expect(await seedReadings(database.db, READING_SEED)).toBe(READING_SEED.length);
    expect(await seedReadings(database.db, READING_SEED)).toBe(0);
    const first = READING_SEED[0];
    expect(await row(first.key)).toMatchObject({
      kind: 'reading',
      title: first.title,
      body: first.body,
      data: { seedHash: seededTextHash(first.title, first.body) },
    });
  });

  it('agrees with PostgreSQL md5 on the hash of Chinese text', async () => {
    const [{ hash }] = await database.db
      .select({ hash: sql<string>`md5(${content.title} || chr(10) || ${content.body})` })
      .from(content)
      .where(eq(content.key, 'daymaster:甲'));
    const seeded = READING_SEED.find((r) => r.key === 'daymaster:甲')!;
    expect(hash).toBe(seededTextHash(seeded.title, seeded.body));
  });

  it('refreshes an unedited reading when the seed text changes, but never an edited one', async () => {
    const [a, b] = READING_SEED;
    await database.db.update(content).set({ body: '编辑写的文字。' }).where(eq(content.key, b.key));
    const newer = [
      { ...a, body: `${a.body}（修订）` },
      { ...b, body: `${b.body}（修订）` },
    ];
    expect(await seedReadings(database.db, newer)).toBe(1);
    expect((await row(a.key)).body).toBe(`${a.body}（修订）`);
    expect((await row(a.key)).data).toEqual({ seedHash: seededTextHash(a.title, `${a.body}（修订）`) });
    expect((await row(b.key)).body).toBe('编辑写的文字。');
    // Stable on re-run.
    expect(await seedReadings(database.db, newer)).toBe(0);
  });

  it('re-inserts a reading an editor deleted, and leaves rows of other kinds alone', async () => {
    const c = READING_SEED[2];
    await database.db.delete(content).where(eq(content.key, c.key));
    await database.db.insert(content).values({ key: 'note:x', kind: 'text', title: 't', body: 'b' });
    expect(await seedReadings(database.db, [c, { key: 'note:x', title: 'seed', body: 'seed' }])).toBe(1);
    expect((await row(c.key)).body).toBe(c.body);
    expect(await row('note:x')).toMatchObject({ kind: 'text', title: 't', body: 'b' });
  });

  it('holds one text for every reading, in the readings’ own order (the console’s)', () => {
    expect(READING_SEED.map((reading) => reading.key)).toEqual(READING_KEY_ORDER);
  });
});
