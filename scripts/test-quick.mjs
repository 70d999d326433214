#!/usr/bin/env node
// `npm run test:quick`: the unit suites of the workspaces this branch touched, for the edit–test loop
// (`npm test` runs everything before a merge). Touched means changed since the branch left main (git
// diff against the merge base, with uncommitted and untracked files); one in the root's package files
// or TypeScript settings counts for all. `--dependents` adds the workspaces that use a touched package
// (an engine change then runs the API, web and console suites too: minutes more; `npm test` runs them
// before a merge in any case).
// The API suite runs on PGlite only, sampled (apps/api/test/sampling.ts) and without the files that start
// server processes (apps/api/test/passes.ts); the domain suite in one zone with a stride of its
// day-by-day differentials; no e2e. The closing line is `npm test`'s. `--list` only names the workspaces.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { vitestRun } from './vitest-suites.mjs';

const root = new URL('..', import.meta.url).pathname;
const startedAt = Date.now();
const out = join(root, 'node_modules/.cache/xuanli-test-quick');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const PATH = `${join(root, 'node_modules/.bin')}:${process.env.PATH}`;

/** The workspaces with unit suites: folder, package name, and how the quick run runs them. */
const WORKSPACES = [
  { dir: 'packages/almanac', env: { TZ: 'Asia/Shanghai', XUANLI_DIFF_STRIDE: '7' } },
  { dir: 'packages/contracts', env: {} },
  { dir: 'packages/client', env: {} },
  { dir: 'apps/api', env: { XUANLI_TEST_PASS: 'quick' } },
  { dir: 'apps/web', env: {} },
  { dir: 'apps/admin', env: {} },
  { dir: 'scripts/cluster', env: {} },
].map((workspace) => ({ ...workspace, ...packageOf(workspace.dir) }));
/** Root files every workspace builds or installs from. */
const SHARED = /^(package\.json|package-lock\.json|tsconfig\.base\.json|tsconfig\.json)$/;

/** A workspace's package name and the workspace packages it depends on. */
function packageOf(dir) {
  // The cluster's suite (scripts/cluster) is no package: it uses no workspace package.
  const file = join(root, dir, 'package.json');
  if (!existsSync(file)) return { name: dir, uses: [] };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const all = { ...json.dependencies, ...json.devDependencies, ...json.peerDependencies };
  return { name: json.name, uses: Object.keys(all).filter((name) => name.startsWith('@xuanli/')) };
}

function git(...args) {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.trim()}`);
  return run.stdout.trim();
}

/** Files changed since the merge base with `main` (env XUANLI_QUICK_BASE names another), committed or not. */
function changedFiles() {
  const base = git('merge-base', 'HEAD', process.env.XUANLI_QUICK_BASE || 'main');
  const lines = [git('diff', '--name-only', base), git('ls-files', '--others', '--exclude-standard')];
  return [...new Set(lines.join('\n').split('\n').filter(Boolean))];
}

/** The touched workspaces and, with `dependents`, transitively the workspaces that depend on them. */
function touchedWorkspaces(files, dependents) {
  const touched = new Set(
    files.some((file) => SHARED.test(file))
      ? WORKSPACES
      : WORKSPACES.filter((w) => files.some((file) => file.startsWith(`${w.dir}/`))),
  );
  for (let grown = dependents; grown; ) {
    grown = false;
    for (const w of WORKSPACES) {
      if (touched.has(w) || !w.uses.some((name) => [...touched].some((t) => t.name === name))) continue;
      touched.add(w);
      grown = true;
    }
  }
  return WORKSPACES.filter((w) => touched.has(w));
}

const files = changedFiles();
const chosen = touchedWorkspaces(files, process.argv.includes('--dependents'));
console.log(
  `test:quick: ${files.length} files changed; ${chosen.length ? chosen.map((w) => w.dir).join(', ') : 'no workspace with unit tests'}`,
);
// `--list`: say what would run, run nothing.
if (process.argv.includes('--list')) process.exit(0);
const { TEST_DATABASE_URL: _postgres, ...env } = process.env;
const run = vitestRun(out, PATH);
let broken = false;
for (const w of chosen) {
  const label = w.dir === 'apps/api' ? 'apps/api (PGlite)' : w.env.TZ ? `${w.dir} TZ=${w.env.TZ}` : w.dir;
  if (!run.vitest(label, join(root, w.dir), w.env, env)) broken = true;
}
if (broken) run.totals.failed += 1;
run.printSuites();
console.log(`\nnpm run test:quick took ${((Date.now() - startedAt) / 60_000).toFixed(1)} min`);
console.log(`\n${run.totals.passed} passed, ${run.totals.failed} failed, ${run.totals.skipped} skipped`);
process.exit(run.totals.failed > 0 ? 1 : 0);
