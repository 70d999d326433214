/**
 * Which API test files run in which pass. `npm test` runs the API suite twice, on PGlite
 * (XUANLI_TEST_PASS=pglite) and then on PostgreSQL (XUANLI_TEST_PASS=postgres), or, where no
 * PostgreSQL could be started outside CI, the second pass's cases on PGlite too
 * (XUANLI_TEST_PASS=pglite-rest); the PGlite pass's {@link BESIDE_THE_E2E_FILES} run later, beside
 * the e2e suite (XUANLI_TEST_PASS=beside-e2e). `npm run test:quick` runs the suite once on PGlite
 * (XUANLI_TEST_PASS=quick). vitest.config.ts runs what {@link includedFiles} and
 * {@link excludedFiles} say for the pass; a file run by name outside those passes always runs.
 */

/** Env var naming the pass of `npm test` or `npm run test:quick` this run of the suite is. */
export const PASS_ENV = 'XUANLI_TEST_PASS';

/**
 * Files whose outcome TEST_DATABASE_URL cannot change: they open PGlite data folders of their own, or
 * start server and CLI processes (with a clean environment) on such folders or on a PostgreSQL of
 * their own. Running them on the PostgreSQL pass would repeat the PGlite pass's run, so they run once,
 * in the PGlite pass. test/passes.test.ts keeps this list honest.
 */
export const DATABASE_FREE_FILES: readonly string[] = [
  'src/cli/admin.test.ts',
  'src/db/data-folder.test.ts',
  'test/process-backup.test.ts',
  'test/process-data-folder.test.ts',
  'test/process-postgres-outage.test.ts',
  'test/process-production.test.ts',
];

/**
 * Files that start real server or CLI processes and wait for them: minutes of the suite between them.
 * The quick run (`npm run test:quick`, for the edit–test loop) leaves them out; `npm test` runs them.
 */
export const PROCESS_FILES: readonly string[] = [
  'src/cli/admin.test.ts',
  'src/cli/operator-commands.test.ts',
  'test/process-backup.test.ts',
  'test/process-data-folder.test.ts',
  'test/process-postgres-outage.test.ts',
  'test/process-production.test.ts',
  'test/process-shop-fault.test.ts',
  'test/process-shop-orders.test.ts',
];

/**
 * Process files whose tests time nothing: they wait for a child's exit or answer, never against a
 * clock but a time limit for a hang.
 */
export const UNTIMED_PROCESS_FILES: readonly string[] = [
  'src/cli/admin.test.ts',
  'src/cli/operator-commands.test.ts',
  'test/process-backup.test.ts',
  'test/process-production.test.ts',
];

/**
 * Files of the PGlite pass that time nothing, which `npm test` runs at a lower priority beside the
 * e2e suite instead (still on PGlite, sampled alike): the e2e suite, one browser at a time, leaves a
 * core idle for part of its run, while the PGlite pass holds both. The untimed process files held
 * them for about a quarter of that pass; the PGlite share of the OpenAPI fuzz (every 4th request)
 * then filled what the e2e suite still left idle at its end.
 */
export const BESIDE_THE_E2E_FILES: readonly string[] = [
  ...UNTIMED_PROCESS_FILES,
  'test/openapi-fuzz.test.ts',
];

/** The files the pass named by {@link PASS_ENV} runs alone, or null for every file of the suite. */
export function includedFiles(env: NodeJS.ProcessEnv = process.env): readonly string[] | null {
  return env[PASS_ENV] === 'beside-e2e' ? BESIDE_THE_E2E_FILES : null;
}

/** The files the pass named by {@link PASS_ENV} leaves out (none outside `npm test` and the quick run). */
export function excludedFiles(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  switch (env[PASS_ENV]) {
    case 'pglite':
      return BESIDE_THE_E2E_FILES;
    case 'postgres':
    case 'pglite-rest':
      return DATABASE_FREE_FILES;
    case 'quick':
      return PROCESS_FILES;
    default:
      return [];
  }
}
