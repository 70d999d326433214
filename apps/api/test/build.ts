/**
 * Test helper: the real app on a fresh in-memory PGlite (no dataDir; migrated and seeded) with a clock
 * the test controls. Each call is an isolated world; close it in afterAll.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Clock } from '../src/shared/clock.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { TEMPLATE_ENV } from './global-setup.ts';

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

/** A complete configuration for tests; nothing from the environment, no files written. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/nonexistent/xuanli-test',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    logLevel: 'silent',
    webDist: '/nonexistent/xuanli-web-dist',
    rateLimitMax: 100_000,
    trustProxy: false,
    tokenTtlSeconds: 7 * 24 * 3600,
    ...overrides,
  };
}

/** What {@link buildTestApp} hands a test. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the app on an in-memory PGlite. Pass `ready: false` to add test-only routes before
 * `app.ready()`.
 */
export async function buildTestApp(
  options: {
    config?: Partial<Config>;
    clock?: TestClock;
    logger?: Parameters<typeof buildApp>[0]['logger'];
    ready?: boolean;
  } = {},
): Promise<TestApp> {
  const template = process.env[TEMPLATE_ENV];
  const database = await openDatabase({
    kind: 'pglite',
    loadDataDir: template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined,
  });
  // On the template these are no-ops (which is itself the idempotency the server relies on); without
  // it (a test file run outside the global setup) they build the database from scratch.
  await database.migrate();
  await seedDatabase(database.db);
  const clock = options.clock ?? fixedClock();
  const config = testConfig(options.config);
  const app = await buildApp({ db: database.db, config, clock, logger: options.logger ?? false });
  if (options.ready !== false) await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
