// The Vitest runs of `npm test` (scripts/test.mjs) and `npm run test:quick` (scripts/test-quick.mjs):
// each suite's counts come from Vitest's JSON report, added up for the closing line `N passed, N
// failed, N skipped` that CI reads (Vitest's own summary is not a line CI understands), and listed per
// workspace, database and zone in a table above it, so that a test that stops running shows.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';

/**
 * A run of several suites writing its reports to `out`, with `PATH` (the repository's
 * node_modules/.bin first). `vitest()` runs one suite and answers false when it broke without a failing
 * test (no report, or an error outside the tests).
 */
export function vitestRun(out, PATH) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const suites = [];
  /** The command line of one suite with `workers` workers, writing its JSON report to `report`. */
  const argsOf = (report, workers = availableParallelism()) => [
    'run',
    // One worker per core at least: Vitest's default leaves one core idle (on CI's two cores, half
    // the machine).
    `--maxWorkers=${workers}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ];
  const reportOf = (label) => join(out, `${label.replace(/[^a-z0-9]+/gi, '_')}.json`);

  /**
   * Adds the counts of a finished suite (exit `status`) from its report; answers false when it broke
   * without a failing test (no report, or an error outside the tests).
   */
  function record(label, cwd, report, status, began) {
    if (!existsSync(report)) {
      console.log(`${label}: no report (exit ${status})`);
      return false;
    }
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + (json.numTodoTests ?? 0),
    };
    for (const key of Object.keys(totals)) totals[key] += counts[key];
    // Named again under the table: CI shows only the end of a long run, and a flaky test is found by name.
    // A file can fail with no failing test (an error in a hook or at import, its tests then skipped).
    const failedTests = json.testResults.flatMap((file) => {
      const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      const name = relative(cwd, file.name);
      if (file.status === 'failed' && tests.length === 0)
        return [`${name} (the file, outside its tests${file.message ? `: ${file.message}` : ''})`];
      return tests.map((test) => `${name} › ${test.fullName}`);
    });
    suites.push({
      label,
      ...counts,
      failedTests,
      files: json.testResults.length,
      seconds: (Date.now() - began) / 1000,
    });
    return !(status !== 0 && json.numFailedTests === 0);
  }

  /**
   * Runs a Vitest suite in `cwd` with `workers` workers (one per core unless said) and adds its counts;
   * `baseEnv` replaces the inherited environment.
   */
  function vitest(label, cwd, extraEnv = {}, baseEnv = process.env, workers = undefined) {
    const report = reportOf(label);
    console.log(`\n=== ${label} ===`);
    const began = Date.now();
    const run = spawnSync('vitest', argsOf(report, workers), {
      cwd,
      env: { ...baseEnv, PATH, ...extraEnv },
      stdio: 'inherit',
    });
    return record(label, cwd, report, run.status, began);
  }

  /**
   * Runs Vitest suites one after the other behind whatever runs in the foreground, at a lower priority
   * (`nice`), their output kept in a log; answers a function that waits for them, prints their output
   * and answers false when one broke without a failing test. Each suite is `{label, cwd, env?,
   * baseEnv?}` (`env` added to `baseEnv`, by default the inherited environment).
   */
  function vitestBehind(list) {
    const log = join(out, 'behind.log');
    const output = openSync(log, 'w');
    const began = Date.now();
    const done = (async () => {
      let whole = true;
      for (const { label, cwd, env = {}, baseEnv = process.env } of list) {
        const report = reportOf(label);
        const started = Date.now();
        writeSync(output, `\n=== ${label} (beside the foreground, at a lower priority) ===\n`);
        const status = await new Promise((resolve) => {
          // A test's time limit guards against a hang, not for speed: behind the foreground a suite
          // gets what CPU is left, so its tests may take several times as long.
          const args = [...argsOf(report), '--testTimeout=120000', '--hookTimeout=120000'];
          const child = spawn('nice', ['-n', '10', 'vitest', ...args], {
            cwd,
            env: { ...baseEnv, PATH, ...env },
            stdio: ['ignore', output, output],
          });
          child.once('error', () => resolve(null));
          child.once('exit', (code) => resolve(code));
        });
        if (!record(label, cwd, report, status, started)) whole = false;
      }
      return whole;
    })();
    return async () => {
      const whole = await done;
      closeSync(output);
      process.stdout.write(readFileSync(log, 'utf8'));
      console.log(
        `(${list.map(({ label }) => label).join(', ')}: ${((Date.now() - began) / 1000).toFixed(0)} s beside the foreground)`,
      );
      return whole;
    };
  }
  /** Adds a suite another runner ran (the e2e suite): its counts, its failed tests' names, its time. */
  function add(suite) {
    for (const key of Object.keys(totals)) totals[key] += suite[key];
    suites.push(suite);
  }
  return { totals, vitest, vitestBehind, add, printSuites: () => printSuites(suites, totals) };
}

/**
 * Workers for the API suite: one more than the cores. Its tests wait on their database — PGlite's
 * template copies, a PostgreSQL server — and on the processes they start, and with a worker per core
 * that left the machine idle for an eighth of its run; one more worker took its PostgreSQL pass from
 * 143 s to 124 s and its PGlite pass from 155 s to 148 s (idle 37 → 11 and 19 core-seconds).
 */
export const API_WORKERS = availableParallelism() + 1;

/**
 * The table of counts and times per suite; what it does not list (a suite that could not run) is the
 * rest of the totals, on a line of its own.
 */
function printSuites(suites, totals) {
  const keys = ['passed', 'failed', 'skipped'];
  const rows = suites.map((suite) => [
    suite.label,
    String(suite.files),
    ...keys.map((key) => String(suite[key])),
    `${suite.seconds.toFixed(0)} s`,
  ]);
  const rest = keys.map((key) => totals[key] - suites.reduce((sum, suite) => sum + suite[key], 0));
  if (rest.some((n) => n !== 0))
    rows.push(['the rest (suites that did not run)', '', ...rest.map(String), '']);
  const head = ['suite', 'files', ...keys, 'time'];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${rows.map(line).join('\n')}`);
  for (const suite of suites)
    for (const test of suite.failedTests) console.log(`FAILED (${suite.label}): ${test}`);
}
