#!/usr/bin/env node
// README's test command. Runs every suite, then prints one closing line `N passed, N failed` that CI
// reads (Vitest's own summary is not a line CI understands). The domain suite runs under three time
// zones because nothing in the engine may depend on the machine's zone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'node_modules/.cache/xuanli-test');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = join(root, 'node_modules/.bin');
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function vitest(label, cwd, extraEnv = {}) {
  const report = join(out, `${label.replace(/[^a-z0-9]+/gi, '_')}.json`);
  console.log(`\n=== ${label} ===`);
  const run = spawnSync(
    'vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    {
      cwd,
      env: { ...env, ...extraEnv },
      stdio: 'inherit',
    },
  );
  if (!existsSync(report)) {
    console.log(`${label}: no report (exit ${run.status})`);
    broken = true;
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  if (run.status !== 0 && json.numFailedTests === 0) broken = true;
}

function nodeSuite(label, cwd, script) {
  console.log(`\n=== ${label} ===`);
  const run = spawnSync('node', [script], {
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

const zones = ['Asia/Shanghai', 'UTC', 'America/New_York'];
for (const zone of zones) {
  vitest(`almanac TZ=${zone}`, join(root, 'packages/almanac'), {
    TZ: zone,
    // The day-by-day differential runs in full once; the other zones check a stride of it.
    XUANLI_DIFF_STRIDE: zone === 'Asia/Shanghai' ? '1' : '7',
  });
}
// The API's database tests run on PGlite always and on a real PostgreSQL too, which this script
// installs and starts (apt never starts services here). Without root it says so and runs PGlite only.
const postgres = spawnSync('bash', [join(root, 'apps/api/scripts/start-test-postgres.sh')], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const databaseUrl = postgres.status === 0 ? postgres.stdout.trim() : '';
if (!databaseUrl) console.log('PostgreSQL could not be started: the API suite runs on PGlite only');
vitest('apps/api', join(root, 'apps/api'), databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {});
vitest('apps/web', join(root, 'apps/web'));
if (existsSync(join(root, 'e2e/run.ts'))) nodeSuite('e2e', join(root, 'e2e'), 'run.ts');

if (broken) totals.failed += 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
