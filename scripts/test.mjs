#!/usr/bin/env node
// README's test command. Runs every suite, then prints one closing line `N passed, N failed` that CI
// reads (Vitest's own summary is not a line CI understands). The domain suite runs under three time
// zones because nothing in the engine may depend on the machine's zone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { API_WORKERS, vitestRun } from './vitest-suites.mjs';

const root = new URL('..', import.meta.url).pathname;
const startedAt = Date.now();
const out = join(root, 'node_modules/.cache/xuanli-test');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Node's compile cache for every process the run starts (Vitest and its workers, the e2e server, the
// commands the tests run, the cluster's nodes): the code V8 compiled for each module is kept on disk, so
// a process that loads the app's 2,100 modules starts with about a quarter less CPU. Node checks every
// entry against its source, so a changed file is compiled afresh.
process.env.NODE_COMPILE_CACHE ??= join(root, 'node_modules/.cache/node-compile-cache');
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

/**
 * Runs a Vitest suite in `cwd` (with `workers` workers, one per core unless said) and adds its counts;
 * `baseEnv` replaces the inherited environment.
 */
function vitest(label, cwd, extraEnv = {}, baseEnv = process.env, workers = undefined) {
  if (!suites.vitest(label, cwd, extraEnv, baseEnv, workers)) broken = true;
}

/**
 * Runs the e2e suite (`playwright test` in e2e/) and adds its counts, read from Playwright's JSON
 * report: expected outcomes pass, unexpected and flaky ones (there are no retries) fail. Asynchronous,
 * so that the suites running beside it ({@link vitestBehind}) go on one after the other meanwhile.
 */
async function playwrightSuite(label, cwd) {
  const report = join(out, 'e2e.json');
  console.log(`\n=== ${label} ===`);
  const run = await new Promise((resolve) => {
    const child = spawn(join(bin, 'playwright'), ['test'], {
      cwd,
      env: { ...env, E2E_JSON: report },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', () => resolve({ status: null, signal: 'spawn error' }));
    child.once('exit', (status, signal) => resolve({ status, signal }));
  });
  let json = null;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // No report: the run broke before any test (global setup, the config); counted below.
  }
  const stats = json?.stats;
  if (stats)
    suites.add({
      label,
      files: new Set(playwrightSpecs(json.suites).map(({ file }) => file)).size,
      passed: stats.expected,
      failed: stats.unexpected + stats.flaky,
      skipped: stats.skipped,
      failedTests: playwrightSpecs(json.suites)
        .filter(({ spec }) => !spec.ok)
        .map(({ file, titles, spec }) => {
          const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
          const firstLine = error?.message && stripVTControlCharacters(error.message).split('\n')[0];
          return `${file} › ${[...titles, spec.title].join(' › ')}${firstLine ? ` — ${firstLine}` : ''}`;
        }),
      seconds: stats.duration / 1000,
    });
  // Global setup failing or the server dying leaves counts that say nothing went wrong.
  if (run.status !== 0 && !(stats && stats.unexpected + stats.flaky > 0)) {
    failures.push(`${label}: playwright test exited ${run.status ?? run.signal}`);
    broken = true;
  }
}

/** Every spec of a Playwright JSON report with its file and the titles of the describe blocks around it. */
function playwrightSpecs(list, file = null, titles = []) {
  return (list ?? []).flatMap((suite) => {
    const here = file ?? suite.file;
    const inner = file ? [...titles, suite.title] : titles;
    return [
      ...(suite.specs ?? []).map((spec) => ({ file: here, titles: inner, spec })),
      ...playwrightSpecs(suite.suites, here, inner),
    ];
  });
}

/** Runs `node script …args` in `cwd` and adds the counts of its last line `[name: ]N passed, N failed`. */
function nodeSuite(label, cwd, script, args = []) {
  console.log(`\n=== ${label} ===`);
  const began = Date.now();
  const run = spawnSync('node', [script, ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  process.stdout.write(run.stdout);
  const match = /^(?:\w+: )?(\d+) passed, (\d+) failed/m.exec(run.stdout.split('\n').reverse().join('\n'));
  if (match)
    suites.add({
      label,
      files: 1,
      passed: Number(match[1]),
      failed: Number(match[2]),
      skipped: 0,
      // The check prints each failed case on a line of its own, beginning FAIL.
      failedTests: run.stdout
        .split('\n')
        .filter((line) => /^\s*FAIL\b/.test(line))
        .map((line) => line.trim()),
      seconds: (Date.now() - began) / 1000,
    });
  if (run.status !== 0 && !(match && Number(match[2]) > 0)) broken = true;
}

// What the later suites need beyond Node is made ready beside the first ones (scripts/test-prepare.sh):
// PostgreSQL for the API suite's second pass, the classroom's demo videos for the e2e suite (minutes of
// ffmpeg on a fresh machine, at a lower priority), the browser and its fonts, nginx and PgBouncer. Each
// part is waited for where it is needed.
const { TEST_DATABASE_URL: givenDatabaseUrl, ...apiEnv } = process.env;
const preparing = spawn(
  'bash',
  [join(root, 'scripts/test-prepare.sh'), out, givenDatabaseUrl ? '' : 'postgres'],
  {
    env,
    stdio: 'ignore',
  },
);
preparing.once('error', (error) => failures.push(`scripts/test-prepare.sh: ${error.message}`));

/** Waits for a part of the preparation to be done; answers its exit status. */
async function prepared(part) {
  const file = join(out, `${part}.status`);
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 500));
  return Number(readFileSync(file, 'utf8').trim());
}

/**
 * The engine's suite in time zone `zone`. Nothing in the engine may depend on the machine's zone, so it
 * runs in Beijing's, in UTC and in New York's; the day-by-day differential runs in full in the first
 * and checks a stride of it in the others.
 */
const almanacIn = (zone) => ({
  label: `almanac TZ=${zone}`,
  cwd: join(root, 'packages/almanac'),
  env: { TZ: zone, XUANLI_DIFF_STRIDE: zone === 'Asia/Shanghai' ? '1' : '7' },
});
// The whole API suite runs twice: on embedded PGlite, and on a real PostgreSQL (test/build.ts gives
// every test app its own database copied from a migrated template on that server). The preparation
// installs and starts PostgreSQL (apt never starts services here), unless TEST_DATABASE_URL is given,
// while the PGlite pass runs. In CI (CI set) a PostgreSQL that cannot be started is a failure;
// elsewhere a loud warning, and the PGlite pass then also runs what the PostgreSQL pass would have.
//
// The PGlite pass runs every file but the process tests that time nothing (run beside the e2e suite
// below), and the OpenAPI fuzz and the authorisation matrices only sampled (apps/api/test/sampling.ts);
// the PostgreSQL pass runs the rest of their cases, so that each case runs once, and leaves out the
// files that TEST_DATABASE_URL cannot change, which run on PGlite (apps/api/test/passes.ts).
vitest(
  'apps/api (PGlite)',
  join(root, 'apps/api'),
  { XUANLI_TEST_PASS: 'pglite', XUANLI_TEST_FULL: '0' },
  apiEnv,
  API_WORKERS,
);
let databaseUrl = givenDatabaseUrl ?? '';
let postgresProblem = '';
let startedPostgres = false;
if (!databaseUrl) {
  const status = await prepared('postgres');
  const said = readFileSync(join(out, 'postgres.log'), 'utf8');
  process.stderr.write(said);
  databaseUrl = status === 0 ? readFileSync(join(out, 'postgres.url'), 'utf8').trim() : '';
  // A server this run started is stopped when it ends; one that was already running is left as found.
  startedPostgres = /start-test-postgres: starting on /.test(said);
  if (!databaseUrl) {
    const last = said.trim().split('\n').slice(-3).join(' / ');
    postgresProblem = `apps/api/scripts/start-test-postgres.sh exited with ${status}${last ? `: ${last}` : ''}`;
  }
}
if (databaseUrl) {
  vitest(
    'apps/api (PostgreSQL)',
    join(root, 'apps/api'),
    { TEST_DATABASE_URL: databaseUrl, XUANLI_TEST_PASS: 'postgres', XUANLI_TEST_FULL: 'rest' },
    apiEnv,
    API_WORKERS,
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
  // What the PostgreSQL pass would have run (the sampled suites' other cases), on PGlite instead.
  vitest(
    "apps/api (PGlite, the PostgreSQL pass's cases)",
    join(root, 'apps/api'),
    { XUANLI_TEST_PASS: 'pglite-rest', XUANLI_TEST_FULL: 'rest' },
    apiEnv,
    API_WORKERS,
  );
}
// The unit suites that need no database (the web and the console in jsdom, the engine in its three
// zones, the wire, the scripts' own checks) fill the cores that the e2e suite leaves idle — it waits on
// the browser and the server for about two fifths of its run — at a lower priority, so that the
// browser and the server it times keep the machine first. So do the API's files that time nothing
// (apps/api/test/passes.ts): its process tests, which mostly wait on the servers and commands they
// start, and the PGlite share of the OpenAPI fuzz, which fills what the e2e suite leaves idle at its end.
const besideTheE2e = [
  {
    label: 'apps/api (PGlite, untimed: processes, fuzz)',
    cwd: join(root, 'apps/api'),
    // Sampled as the PGlite pass samples: the PostgreSQL pass has run the fuzz's other cases.
    env: { XUANLI_TEST_PASS: 'beside-e2e', XUANLI_TEST_FULL: '0' },
    baseEnv: apiEnv,
  },
  { label: 'apps/web', cwd: join(root, 'apps/web') },
  { label: 'apps/admin', cwd: join(root, 'apps/admin') },
  almanacIn('Asia/Shanghai'),
  almanacIn('UTC'),
  almanacIn('America/New_York'),
  { label: 'packages/contracts', cwd: join(root, 'packages/contracts') },
  { label: 'packages/client', cwd: join(root, 'packages/client') },
  { label: 'scripts/cluster', cwd: join(root, 'scripts/cluster') },
  // The import zones and file names, each rule proven by a file that breaks it.
  { label: 'scripts/lint', cwd: join(root, 'scripts/lint') },
  // No comment, test title or doc cites a document outside the repository or an issue number.
  { label: 'scripts/citations', cwd: join(root, 'scripts/citations') },
];
if (existsSync(join(root, 'e2e/playwright.config.ts'))) {
  const made = await prepared('media');
  const said = readFileSync(join(out, 'ketang-media.log'), 'utf8').trim().split('\n');
  console.log(`\n=== classroom demo media (made in the background) ===\n${said.slice(-3).join('\n')}`);
  if (made !== 0) {
    failures.push(`classroom demo media: exit ${made}; see ${join(out, 'ketang-media.log')}`);
    totals.failed += 1;
  }
  // Installed by now on a machine that had them; otherwise the e2e setup installs them itself.
  await prepared('packages');
}
if (existsSync(join(root, 'e2e/playwright.config.ts'))) {
  const behind = suites.vitestBehind(besideTheE2e);
  await playwrightSuite('e2e', join(root, 'e2e'));
  if (!(await behind())) broken = true;
} else {
  for (const { label, cwd, env: suiteEnv, baseEnv } of besideTheE2e) vitest(label, cwd, suiteEnv, baseEnv);
}
// The cluster's configuration and verdicts, then the deployment's own proof in its short form: nginx,
// three API nodes, PgBouncer, a primary with its streaming replica and the object store under 30 s of
// mixed load with a node killed, PgBouncer restarted and the replica stopped (`npm run cluster:check`
// runs it for three minutes). The web and console builds are the ones e2e just used.
nodeSuite('cluster check (30 s of load)', root, 'scripts/cluster/main.ts', [
  '--check',
  '--seconds',
  '30',
  '--no-build',
]);

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
