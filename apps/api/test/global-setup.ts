/**
 * Runs once per `vitest run` and builds the one migrated and seeded database every test app copies,
 * on the database the run targets (test/build.ts `testDatabaseKind()`):
 *
 * - PGlite (default): a data folder; each app opens a copy of it (a fraction of a second) instead of
 *   running initdb (≈5–10 s on a busy machine), without the two template databases it never uses. The
 *   whole folder and its dump, for the tests of data folders, backups and servers, are kept beside it.
 * - PostgreSQL (env TEST_DATABASE_URL): a template database on that server; each app is
 *   `CREATE DATABASE … TEMPLATE` (tens of milliseconds) and drops its copy when closed. The template
 *   refuses connections once built, because PostgreSQL copies only a database nobody is connected to.
 *
 * Everything goes through src/db/client.ts (`openDatabase`, `migrate()`) and the seed, as the server
 * does, so the tests run on exactly what production starts from.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { seedDatabase } from '../seed/index.ts';
import { type DatabaseTarget, openDatabase } from '../src/db/client.ts';
import { localFileStorage } from '../src/shared/storage.ts';
import { fixtureMediaDir } from './ketang-fixtures.ts';

/** Env var through which workers find the PGlite template's dump (`dumpDataDir`). */
export const TEMPLATE_ENV = 'XUANLI_TEST_PGLITE_TEMPLATE';
/**
 * Env var through which workers find the PGlite template's data folder as a server's first start
 * leaves it (the process tests start servers on copies of it).
 */
export const TEMPLATE_DIR_ENV = 'XUANLI_TEST_PGLITE_TEMPLATE_DIR';
/**
 * Env var through which workers find the data folder test apps copy: the template without PostgreSQL's
 * own template databases (see {@link withoutTemplateDatabases}).
 */
export const APP_TEMPLATE_DIR_ENV = 'XUANLI_TEST_PGLITE_APP_TEMPLATE_DIR';
/** Env var naming the folder test apps put their copies of the PGlite template in. */
export const COPIES_ENV = 'XUANLI_TEST_PGLITE_COPIES';
/** Env var through which workers find the PostgreSQL template database's name. */
export const PG_TEMPLATE_ENV = 'XUANLI_TEST_PG_TEMPLATE';
/** Env var holding this run's id: every database a run creates is named `xuanli_t_<run id>_…`. */
export const RUN_ENV = 'XUANLI_TEST_RUN';
/** Prefix of every database the suite creates on a PostgreSQL server (and may drop). */
export const PG_DATABASE_PREFIX = 'xuanli_t_';
/**
 * Env var naming the folder of files the template's seed stored (the shop's demo pictures): each test
 * app starts its file storage as a copy of it, as a server's storage holds what its database names.
 */
export const FILES_TEMPLATE_ENV = 'XUANLI_TEST_FILES_TEMPLATE';

/** `url` with its database name replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** A quoted SQL identifier; our names are `[a-z0-9_]` anyway, this only makes that certain. */
export function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Runs `work` on one short-lived connection to the server's own database (the URL's). */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops a database even while connections linger (PostgreSQL ≥ 13) and even if it is a template. */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`alter database ${quoteIdent(name)} is_template false`).catch(() => {});
  await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Databases left behind by runs whose process is gone (a killed run cannot clean up after itself). */
async function dropStaleDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where datname like $1',
    [`${PG_DATABASE_PREFIX}%`],
  );
  for (const { datname } of rows) {
    const pid = Number(/^xuanli_t_(\d+)_/.exec(datname)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid))
      await dropDatabase(client, datname);
  }
}

/**
 * Builds the template on the database `target` names: migrated, seeded as the server does, then
 * seeded once more, which must add nothing: test apps copy the template and skip the seed
 * (test/build.ts), so the seed's idempotency with the classroom's media, which every server start
 * relies on, is checked here once per run. The files the seed stores go to `filesDir`, where test
 * apps find them ({@link FILES_TEMPLATE_ENV}).
 */
async function buildTemplate(target: DatabaseTarget, filesDir: string): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const storage = localFileStorage(filesDir);
    await seedDatabase(database.db, storage, { ketangMediaDir: fixtureMediaDir() });
    const again = await seedDatabase(database.db, storage, { ketangMediaDir: fixtureMediaDir() });
    if (again !== 0) throw new Error(`a second seed of the test template added ${again} rows`);
  } finally {
    await database.close();
  }
  process.env[FILES_TEMPLATE_ENV] = filesDir;
}

async function setupPostgres(url: string): Promise<() => Promise<void>> {
  const run = String(process.pid);
  const template = `${PG_DATABASE_PREFIX}${run}_template`;
  const filesDir = mkdtempSync(join(tmpdir(), 'xuanli-api-test-files-'));
  await withAdmin(url, async (client) => {
    await dropStaleDatabases(client);
    await dropDatabase(client, template);
    await client.query(`create database ${quoteIdent(template)}`);
  });
  await buildTemplate({ kind: 'postgres', url: databaseUrl(url, template) }, filesDir);
  await withAdmin(url, (client) =>
    client.query(`alter database ${quoteIdent(template)} with is_template true allow_connections false`),
  );
  process.env[RUN_ENV] = run;
  process.env[PG_TEMPLATE_ENV] = template;
  return async () => {
    // The template and any copy a failed test did not close.
    await withAdmin(url, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${PG_DATABASE_PREFIX}${run}\\_%`],
      );
      for (const { datname } of rows) await dropDatabase(client, datname);
    });
    rmSync(filesDir, { recursive: true, force: true });
  };
}

/**
 * Drops `template0` and `template1` from the PGlite data folder `dataDir`. A test app's database
 * copies them for nothing — nothing in the app creates a database — and they are 600 of the folder's
 * 970 files: a copy and its removal take 27 instead of 46 ms of CPU without them (measured on
 * /dev/shm), which hundreds of test apps a run pay.
 */
async function withoutTemplateDatabases(dataDir: string): Promise<void> {
  const client = await PGlite.create({ dataDir });
  try {
    for (const name of ['template0', 'template1']) {
      await client.exec(`alter database ${name} is_template false`);
      await client.exec(`drop database ${name}`);
    }
  } finally {
    await client.close();
  }
}

async function setupPglite(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-api-test-'));
  const dataDir = join(dir, 'pglite');
  // Built through openDatabase like the server's, then reopened raw for PGlite's own dump.
  await buildTemplate({ kind: 'pglite', dataDir }, join(dir, 'files'));
  const client = await PGlite.create({ dataDir });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  const appDataDir = join(dir, 'pglite-app');
  cpSync(dataDir, appDataDir, { recursive: true });
  await withoutTemplateDatabases(appDataDir);
  // Copies in memory where the machine has a tmpfs for it: on a disk they cost more than the dump.
  const copies = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'xuanli-api-test-'));
  process.env[TEMPLATE_ENV] = file;
  process.env[TEMPLATE_DIR_ENV] = dataDir;
  process.env[APP_TEMPLATE_DIR_ENV] = appDataDir;
  process.env[COPIES_ENV] = copies;
  return () => {
    rmSync(copies, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Creates the template for the run's database and returns its teardown. */
export default async function setup(): Promise<() => void | Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? setupPostgres(url) : setupPglite();
}
