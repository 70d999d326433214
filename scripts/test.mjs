#!/usr/bin/env node
// README's test command. Runs every suite, then prints one closing line `N passed, N failed` that CI
// reads (Vitest's own summary is not a line CI understands). The domain suite runs under three time
// zones because nothing in the engine may depend on the machine's zone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { vitestRun } from './vitest-suites.mjs';

const root = new URL('..', import.meta.url).pathname;
const startedAt = Date.now();
const out = join(root, 'node_modules/.cache/xuanli-test');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = join(root, 'node_modules/.bin');
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };

const suites = vitestRun(out, env.PATH);
const totals = suites.totals;
let broken = false;
const isCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
/** Failures that are not a test's (a suite that could not run), repeated above the closing line. */
const failures = [];
/** Warnings repeated above the closing line, where they are seen. */
const warnings = [];

/** Runs a Vitest suite in `cwd` and adds its counts; `baseEnv` replaces the inherited environment. */
function vitest(label, cwd, extraEnv = {}, baseEnv = process.env) {
  if (!suites.vitest(label, cwd, extraEnv, baseEnv)) broken = true;
}

/**
 * Runs the e2e suite (`playwright test` in e2e/) and adds its counts, read from Playwright's JSON
 * report: expected outcomes pass, unexpected and flaky ones (there are no retries) fail.
 */
function playwrightSuite(label, cwd) {
  const report = join(out, 'e2e.json');
  console.log(`\n=== ${label} ===`);
  const run = spawnSync(join(bin, 'playwright'), ['test'], {
    cwd,
    env: { ...env, E2E_JSON: report },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stats = null;
  try {
    stats = JSON.parse(readFileSync(report, 'utf8')).stats;
  } catch {
    // No report: the run broke before any test (global setup, the config); counted below.
  }
  if (stats) {
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + stats.flaky;
    totals.skipped += stats.skipped;
  }
  // Global setup failing or the server dying leaves counts that say nothing went wrong.
  if (run.status !== 0 && !(stats && stats.unexpected + stats.flaky > 0)) {
    failures.push(`${label}: playwright test exited ${run.status ?? run.signal}`);
    broken = true;
  }
}

/** Runs `node script …args` in `cwd` and adds the counts of its last line `[name: ]N passed, N failed`. */
function nodeSuite(label, cwd, script, args = []) {
  console.log(`\n=== ${label} ===`);
  const run = spawnSync('node', [script, ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  process.stdout.write(run.stdout);
  const match = /^(?:\w+: )?(\d+) passed, (\d+) failed/m.exec(run.stdout.split('\n').reverse().join('\n'));
  if (match) {
    totals.passed += Number(match[1]);
    totals.failed += Number(match[2]);
  }
  if (run.status !== 0 && !(match && Number(match[2]) > 0)) broken = true;
}

// The whole API suite runs twice: on embedded PGlite, and on a real PostgreSQL (test/build.ts gives
// every test app its own database copied from a migrated template on that server). The script
// installs and starts PostgreSQL (apt never starts services here), or uses TEST_DATABASE_URL when
// given. In CI (CI set) a PostgreSQL that cannot be started is a failure; elsewhere a loud warning.
const { TEST_DATABASE_URL: givenDatabaseUrl, ...apiEnv } = process.env;
let databaseUrl = givenDatabaseUrl ?? '';
let postgresProblem = '';
let startedPostgres = false;
if (!databaseUrl) {
  const postgres = spawnSync('bash', [join(root, 'apps/api/scripts/start-test-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.stderr.write(postgres.stderr ?? '');
  databaseUrl = postgres.status === 0 ? postgres.stdout.trim() : '';
  // A server this run started is stopped when it ends; one that was already running is left as found.
  startedPostgres = /start-test-postgres: starting on /.test(postgres.stderr ?? '');
  if (!databaseUrl) {
    const said = (postgres.stderr ?? '').trim().split('\n').slice(-3).join(' / ');
    postgresProblem = `apps/api/scripts/start-test-postgres.sh exited with ${postgres.status ?? postgres.signal}${said ? `: ${said}` : ''}`;
  }
}
// The classroom's demo videos take minutes to make on a fresh machine and only the e2e suite needs them:
// they are made in the background, at a lower priority, while the unit suites run, and waited for
// before the e2e suite. (Their tools come from apt, so this starts after PostgreSQL's install.)
let media = null;
function startMedia() {
  if (!existsSync(join(root, 'e2e/playwright.config.ts'))) return;
  const log = join(out, 'ketang-media.log');
  const child = spawn('nice', ['-n', '10', process.execPath, '--input-type=module', '-e', MEDIA_SCRIPT], {
    cwd: root,
    env,
    stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
  });
  media = {
    log,
    done: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
  };
}
const MEDIA_SCRIPT = `import { ensureKetangMedia } from ${JSON.stringify(join(root, 'scripts/web-build.ts'))};
ensureKetangMedia(${JSON.stringify(root)}, { required: true });`;

startMedia();

const zones = ['Asia/Shanghai', 'UTC', 'America/New_York'];
for (const zone of zones) {
  vitest(`almanac TZ=${zone}`, join(root, 'packages/almanac'), {
    TZ: zone,
    // The day-by-day differential runs in full once; the other zones check a stride of it.
    XUANLI_DIFF_STRIDE: zone === 'Asia/Shanghai' ? '1' : '7',
  });
}
// The PGlite pass runs every file, but the OpenAPI fuzz and the authorisation matrices only sampled
// (apps/api/test/sampling.ts); the PostgreSQL pass runs those in full and leaves out the files that
// TEST_DATABASE_URL cannot change, which the PGlite pass ran (apps/api/test/passes.ts). Without a
// PostgreSQL, the PGlite pass is the only one and runs everything in full.
vitest(
  'apps/api (PGlite)',
  join(root, 'apps/api'),
  { XUANLI_TEST_PASS: 'pglite', XUANLI_TEST_FULL: databaseUrl ? '0' : '1' },
  apiEnv,
);
if (databaseUrl) {
  vitest(
    'apps/api (PostgreSQL)',
    join(root, 'apps/api'),
    { TEST_DATABASE_URL: databaseUrl, XUANLI_TEST_PASS: 'postgres', XUANLI_TEST_FULL: '1' },
    apiEnv,
  );
} else if (isCi) {
  console.log(
    `\n=== apps/api (PostgreSQL) ===\nFAILED: PostgreSQL could not be started (${postgresProblem})`,
  );
  failures.push(`apps/api (PostgreSQL): PostgreSQL could not be started (${postgresProblem})`);
  totals.failed += 1;
} else {
  const line = '!'.repeat(100);
  const warning = `${line}\nWARNING: PostgreSQL could not be started (${postgresProblem}).\nThe API suite ran on PGlite ONLY; its PostgreSQL run was SKIPPED. In CI (CI=true) this fails.\n${line}`;
  console.log(`\n${warning}`);
  warnings.push(warning);
}
vitest('packages/contracts', join(root, 'packages/contracts'));
vitest('packages/client', join(root, 'packages/client'));
vitest('apps/web', join(root, 'apps/web'));
vitest('apps/admin', join(root, 'apps/admin'));
if (media) {
  const made = await media.done;
  const said = readFileSync(media.log, 'utf8').trim().split('\n');
  console.log(`\n=== classroom demo media (made in the background) ===\n${said.slice(-3).join('\n')}`);
  if (made.code !== 0) {
    failures.push(`classroom demo media: exit ${made.code ?? made.signal}; see ${media.log}`);
    totals.failed += 1;
  }
}
if (existsSync(join(root, 'e2e/playwright.config.ts'))) playwrightSuite('e2e', join(root, 'e2e'));
// The cluster's configuration and verdicts, then the deployment's own proof in its short form: nginx,
// three API nodes, PgBouncer, a primary with its streaming replica and the object store under 30 s of
// mixed load with a node killed, PgBouncer restarted and the replica stopped (`npm run cluster:check`
// runs it for three minutes). The web and console builds are the ones e2e just used.
vitest('scripts/cluster', join(root, 'scripts/cluster'));
nodeSuite('cluster check (30 s of load)', root, 'scripts/cluster/main.ts', [
  '--check',
  '--seconds',
  '30',
  '--no-build',
]);
// The import zones and file names, each rule proven by a file that breaks it.
vitest('scripts/lint', join(root, 'scripts/lint'));
// No comment, test title or doc cites a document outside the repository or an issue number.
vitest('scripts/citations', join(root, 'scripts/citations'));

if (startedPostgres) {
  spawnSync('bash', [join(root, 'apps/api/scripts/start-test-postgres.sh'), '--stop'], { stdio: 'inherit' });
}

if (broken) totals.failed += 1;
suites.printSuites();
for (const warning of warnings) console.log(`\n${warning}`);
for (const failure of failures) console.log(`FAILED: ${failure}`);
// The whole run's wall time, against CI's budget (well under 20 minutes on two cores).
console.log(`\nnpm test took ${((Date.now() - startedAt) / 60_000).toFixed(1)} min`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
