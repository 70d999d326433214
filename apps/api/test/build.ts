/**
 * Test helper: the real app on a fresh migrated and seeded database with a clock the test controls.
 * Each call is an isolated world; close it in afterAll. The database is a PGlite data folder copied
 * from the run's template (removed on close), or, when env TEST_DATABASE_URL is set, a throw-away
 * database on that PostgreSQL server (copied from the run's template, dropped on close): `npm test`
 * runs the whole suite both ways.
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { seedDatabase } from '../seed/index.ts';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig, parseSmsConfig } from '../src/config.ts';
import { type Database, type DatabaseTarget, openDatabase } from '../src/db/client.ts';
import { DATABASE_FOLDER } from '../src/db/data-folder.ts';
import type { Clock } from '../src/shared/clock.ts';
import { createFileStorage } from '../src/shared/storage.ts';
import { APP_TEMPLATE_DIR_ENV, COPIES_ENV, FILES_TEMPLATE_ENV } from './global-setup.ts';
import { fixtureMediaDir } from './ketang-fixtures.ts';
import { createTestPostgres } from './postgres-database.ts';

/** 2026-01-15 12:00:00 Beijing (04:00 UTC): the tests' "now". */
export const FIXED_NOW = Date.UTC(2026, 0, 15, 4, 0, 0);

/** A clock that stands still until the test moves it. */
export interface TestClock extends Clock {
  set(ms: number): void;
  advanceSeconds(seconds: number): void;
}

/** A {@link TestClock} starting at `start`. */
export function fixedClock(start = FIXED_NOW): TestClock {
  let now = start;
  return {
    now: () => now,
    set: (ms) => {
      now = ms;
    },
    advanceSeconds: (seconds) => {
      now += seconds * 1000;
    },
  };
}

/**
 * The environment {@link testConfig} parses: no files (the JWT secret is given), nothing from the
 * machine's environment, limits high enough that only the tests about limits meet them, and no
 * background clean-up jobs (a test that wants one sets `cleanupIntervalSeconds`).
 */
const TEST_ENV: NodeJS.ProcessEnv = {
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: '/nonexistent/xuanli-test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent/xuanli-web-dist',
  ADMIN_DIST: '/nonexistent/xuanli-admin-dist',
  RATE_LIMIT_MAX: '100000',
  // Operator passwords hashed at argon2's smallest cost: hundreds of test operators log in, and the
  // hashing itself is tested at the production cost in password.test.ts.
  ARGON2_MEMORY_KIB: '64',
  ARGON2_PASSES: '1',
  CLEANUP_INTERVAL_SECONDS: '0',
  // A test buyer makes many orders it never pays; the tests of the shop's unpaid limits set their own.
  SHOP_MAX_UNPAID_ORDERS: '1000',
  SHOP_MAX_UNPAID_UNITS_PER_SKU: '100000',
  // The console login's slow-down per username, like the rate budgets: only the tests about it meet it.
  ADMIN_LOGIN_SLOWDOWN_AFTER: '100000',
  // Tests change rows behind the app's back (a VIP that lapses, a revoked session) and expect the next
  // request to see it: no reuse of verified sessions here, except in the cache's own tests.
  AUTH_CACHE_SECONDS: '0',
  // Likewise no per-node answer caches (the catalogue, course lists, articles), except in the tests of
  // the caches and of several nodes.
  CACHE_SECONDS: '0',
};

/**
 * A complete configuration for tests: the server's own parser (so every setting has its production
 * default, and new settings need no change here) over {@link TEST_ENV}, every named rate budget
 * raised like the general one, then `overrides`.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig(TEST_ENV);
  const rateBudgets = Object.fromEntries(
    Object.entries(config.rateBudgets).map(([name, budget]) => [name, { ...budget, max: 100_000 }]),
  ) as Config['rateBudgets'];
  return { ...config, rateBudgets, ...overrides };
}

/** What {@link buildTestApp} hands a test. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl?: string;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

/** The database kind {@link buildTestApp} opens in this run: `postgres` when TEST_DATABASE_URL is set. */
export function testDatabaseKind(): DatabaseTarget['kind'] {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

/** An open database for one test app, and how to get rid of it. */
interface TestDatabase {
  database: Database;
  /** On PostgreSQL, the database's URL (other test nodes connect to it). */
  url?: string;
  /** A copy of the run's migrated and seeded template (test/global-setup.ts), not an empty database. */
  seeded: boolean;
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/**
 * `from`'s files hard-linked into `to` (copied where a link cannot be made): a tenth of the time of a
 * copy, and as safe, because the storage never writes into a stored file (it writes a new one and
 * renames it into place, shared/storage.ts) and a removal removes only this tree's link.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/**
 * A fresh PGlite database: a copy of the run's template folder, opened as the server opens its data
 * folder (lock, checks, PGlite on the folder), or, for a test file run outside the global setup, an
 * empty in-memory one that migrate and seed below then build. The copies go where the global setup
 * says ({@link COPIES_ENV}: in memory, on /dev/shm where there is one): PGlite reads and writes its
 * files through Node's fs, and a copy there with its start costs about half the CPU of loading the
 * template's dump into an in-memory PGlite (0.24 against 0.43 s measured), and a copy on disk more
 * than the dump.
 */
/**
 * A test app's PGlite holds a few hundred rows: 16 MB of shared buffers instead of PostgreSQL's
 * 128 MB, which PGlite's start sets up in its WebAssembly memory (0.13 against 0.23 s of CPU an open,
 * measured; the server keeps the default).
 */
const TEST_PGLITE_SETTINGS = { shared_buffers: '16MB' };

async function openPglite(): Promise<TestDatabase> {
  const template = process.env[APP_TEMPLATE_DIR_ENV];
  const copies = process.env[COPIES_ENV];
  if (!(template && copies && existsSync(template) && existsSync(copies))) {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, seeded: false, dispose: () => database.close() };
  }
  const home = mkdtempSync(join(copies, 'app-'));
  try {
    const dataDir = join(home, DATABASE_FOLDER);
    cpSync(template, dataDir, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir, settings: TEST_PGLITE_SETTINGS });
    return {
      database,
      seeded: true,
      async dispose() {
        try {
          await database.close();
        } finally {
          rmSync(home, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A fresh database on the TEST_DATABASE_URL server, copied from the run's template (or empty, for a
 * test file run outside the global setup; migrate and seed below then build it).
 */
async function openPostgres(serverUrl: string): Promise<TestDatabase> {
  const { url, seeded, drop } = await createTestPostgres(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    database,
    url,
    seeded,
    async dispose() {
      try {
        await database.close();
      } finally {
        await drop();
      }
    },
  };
}

/**
 * Builds the app on a fresh database of {@link testDatabaseKind}. Pass `ready: false` to add
 * test-only routes before `app.ready()`.
 */
export async function buildTestApp(
  options: {
    config?: Partial<Config>;
    clock?: TestClock;
    logger?: Parameters<typeof buildApp>[0]['logger'];
    ready?: boolean;
    /**
     * PAY_REFUSED_CALLBACK_FLUSH_SECONDS of this app, whatever its pay config says: 0 (each refused
     * callback written as it comes, so a test reads its tally at once) unless the test is about the
     * buffered writing.
     */
    refusedCallbackFlushSeconds?: number;
    /**
     * false: build the app without the database's node links — no change notices (its caches keep
     * their short time-to-live), reads and job locks on its own — as a process that cannot listen.
     */
    links?: false;
  } = {},
): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { database, dispose, url, seeded } = serverUrl ? await openPostgres(serverUrl) : await openPglite();
  const clock = options.clock ?? fixedClock();
  // Uploaded files and the SMS outbox go to a folder of this test app's own (removed on close) unless
  // the test names its own.
  const filesRoot = mkdtempSync(join(tmpdir(), 'xuanli-test-data-'));
  const config = testConfig({
    storage: { kind: 'local', root: join(filesRoot, 'files') },
    sms: parseSmsConfig({}, filesRoot),
    ...options.config,
  });
  config.pay = { ...config.pay, refusedCallbackFlushSeconds: options.refusedCallbackFlushSeconds ?? 0 };
  let app: FastifyInstance;
  try {
    // On the template these are no-ops (which is itself the idempotency the server relies on);
    // without it (a test file run outside the global setup) they build the database from scratch.
    await database.migrate();
    // The files the template's seed stored, so that this seed finds its pictures in place instead of
    // rendering them again (an S3 storage gets them rendered).
    const seededFiles = process.env[FILES_TEMPLATE_ENV];
    let filesCopied = false;
    if (seededFiles && existsSync(seededFiles) && config.storage.kind === 'local') {
      linkTree(seededFiles, config.storage.root);
      filesCopied = true;
    }
    // A copy of the template with the template's files has nothing left to seed: the seed would only
    // find every row and file in place (a tenth of an app's build). That a second seed adds nothing is
    // src/db/db.test.ts's to show, on both databases.
    if (!(seeded && filesCopied)) {
      const storage = createFileStorage(config.storage);
      try {
        await seedDatabase(database.db, storage, { ketangMediaDir: fixtureMediaDir() });
      } finally {
        await storage.close();
      }
    }
    const links = options.links === false ? undefined : await database.nodeLinks();
    app = await buildApp({ db: database.db, config, clock, logger: options.logger ?? false, links });
    if (options.ready !== false) await app.ready();
  } catch (error) {
    await dispose().catch(() => {});
    rmSync(filesRoot, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    databaseUrl: url,
    clock,
    config,
    async close() {
      try {
        await app.close();
      } finally {
        rmSync(filesRoot, { recursive: true, force: true });
        await dispose();
      }
    },
  };
}
