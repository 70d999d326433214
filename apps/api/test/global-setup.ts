/**
 * Runs once per `vitest run`: builds one migrated and seeded PGlite and dumps it to a temp file, so
 * every test app starts from a copy (≈1 s) instead of running initdb (≈5–10 s on a busy machine).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedDatabase } from '../src/db/seed.ts';

/** Env var through which workers find the template dump. */
export const TEMPLATE_ENV = 'XUANLI_TEST_PGLITE_TEMPLATE';

/** Creates the template dump and returns its teardown. */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-api-test-'));
  const client = new PGlite();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await seedDatabase(db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
