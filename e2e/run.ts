/**
 * The e2e suite: `node run.ts [filter]` from e2e/ (the root `npm test` calls it).
 *
 * 1. installs Debian Chromium and the CJK fonts when missing (scripts/ensure-browser.sh);
 * 2. rebuilds apps/web/dist and apps/admin/dist when their sources are newer (always on CI), and makes
 *    the classroom's demo media when their inputs changed (scripts/web-build.ts);
 * 3. starts the real API server, which serves the built SPA, on a free port with a throw-away data folder;
 * 4. runs every exported async function of tests/*.test.ts, each in a fresh 375×812 phone context;
 * 5. always stops the server and the browser, and ends with the line `N passed, N failed` that CI reads.
 *
 * A tiny runner of our own rather than @playwright/test: the registry mirror here has playwright-core,
 * and the whole suite is one browser, one server and a handful of sequential tests.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ensureAdminBuilt, ensureKetangMedia, ensureWebBuilt } from '../scripts/web-build.ts';
import { FIXED_NOW, SCREENSHOT_DIR, type TestContext, type TestFn, VIEWPORT } from './lib/harness.ts';
import { type RunningServer, startServer } from './lib/server.ts';

const E2E_DIR = import.meta.dirname;
const REPO_ROOT = join(E2E_DIR, '..');
const TMP_DIR = join(E2E_DIR, '.tmp');
// One test may not hang the suite; the whole run should stay well under three minutes.
const TEST_TIMEOUT_MS = 45_000;

/**
 * Flags proven on this machine (Debian's Chromium in a container needs them); Playwright adds --headless and
 * a fresh profile dir.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Build tools and the API must run on the repo's Node 24, whatever `node` is first on the caller's PATH.
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${join(REPO_ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
};

interface Outcome {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

const slugOf = (text: string) => text.replace(/[^\w.-]+/g, '_');

function ensureBrowser(): void {
  const result = spawnSync('bash', [join(REPO_ROOT, 'scripts/ensure-browser.sh')], {
    env: childEnv,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`scripts/ensure-browser.sh failed (exit ${result.status})`);
}

async function loadTests(filter: string | undefined): Promise<{ file: string; name: string; fn: TestFn }[]> {
  const dir = join(E2E_DIR, 'tests');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
  const tests: { file: string; name: string; fn: TestFn }[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'function') continue;
      const id = `${file.replace(/\.test\.ts$/, '')} › ${name}`;
      if (filter && !id.toLowerCase().includes(filter.toLowerCase())) continue;
      tests.push({ file, name, fn: value as TestFn });
    }
  }
  return tests;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`test timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runOne(
  browser: Browser,
  server: RunningServer,
  file: string,
  name: string,
  fn: TestFn,
): Promise<Outcome> {
  const id = `${file.replace(/\.test\.ts$/, '')} › ${name}`;
  const started = Date.now();
  const context: BrowserContext = await browser.newContext({
    viewport: VIEWPORT,
    screen: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  context.setDefaultTimeout(10_000);
  // Only Date is fixed; timers still run, so spinners, transitions and time-outs behave normally.
  await context.clock.setFixedTime(FIXED_NOW);
  const page: Page = await context.newPage();

  // Uncaught page errors and 5xx answers fail a test even when everything visible looks right.
  const problems: string[] = [];
  const consoleErrors: string[] = [];
  let pageErrorsAllowed = false;
  let serverErrorsAllowed = false;
  page.on('pageerror', (error) => {
    if (!pageErrorsAllowed) problems.push(`uncaught page error: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    consoleErrors.push(text.slice(0, 300));
    // The server's CSP must let the SPA run; a violation means some feature silently does nothing.
    if (/Content Security Policy/i.test(text)) problems.push(`CSP violation: ${text.slice(0, 300)}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500 && !serverErrorsAllowed)
      problems.push(`HTTP ${response.status()} from ${response.url()}`);
  });

  const appURL = server.appURL;
  const t: TestContext = {
    page,
    context,
    appURL,
    server: { origin: server.origin, dataDir: server.dataDir, env: server.env },
    async open(route) {
      await page.goto(`${appURL}#${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    },
    async screenshot(shotName, options = {}) {
      const path = join(SCREENSHOT_DIR, `${slugOf(shotName)}.png`);
      // Transitions frozen at their end state, so a picture never catches a month mid-slide.
      await page.screenshot({ path, fullPage: options.fullPage ?? false, animations: 'disabled' });
      return path;
    },
    allowPageErrors() {
      pageErrorsAllowed = true;
    },
    allowServerErrors() {
      serverErrorsAllowed = true;
    },
  };

  let outcome: Outcome;
  try {
    await withTimeout(fn(t), fn.timeoutMs ?? TEST_TIMEOUT_MS);
    if (problems.length > 0) throw new Error(problems.join('\n'));
    outcome = { name: id, ok: true, ms: Date.now() - started };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    const extra = [
      ...problems.map((p) => `  ${p}`),
      ...(consoleErrors.length ? ['  browser console errors:', ...consoleErrors.map((c) => `    ${c}`)] : []),
    ];
    outcome = { name: id, ok: false, ms: Date.now() - started, error: [message, ...extra].join('\n') };
    try {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `FAILED-${slugOf(`${file}-${name}`)}.png`) });
    } catch {
      // The page may be gone (a crash); the error above is what matters.
    }
  } finally {
    await context.close().catch(() => {});
  }
  return outcome;
}

async function main(): Promise<number> {
  const filter = process.argv[2];
  const started = Date.now();
  mkdirSync(TMP_DIR, { recursive: true });
  // Old pictures would pass for this run's; start clean.
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const outcomes: Outcome[] = [];

  // Ctrl-C or a CI cancel must not leave a server or a browser behind.
  let aborting = false;
  const abort = async (signal: string) => {
    aborting = true;
    console.log(`\n${signal}: stopping`);
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    process.exit(130);
  };
  process.once('SIGINT', () => void abort('SIGINT'));
  process.once('SIGTERM', () => void abort('SIGTERM'));

  try {
    ensureBrowser();
    ensureWebBuilt(REPO_ROOT, childEnv);
    // The console's tests open /admin/, which the server serves from apps/admin/dist.
    ensureAdminBuilt(REPO_ROOT, childEnv);
    // The classroom's tests play the demo lessons' own videos, which the server seeds from here.
    ensureKetangMedia(REPO_ROOT, { required: true, env: childEnv });
    const tests = await loadTests(filter);
    if (tests.length === 0) throw new Error(filter ? `no test matches '${filter}'` : 'no tests found');

    // Serve a copy: a colleague's `vite build` empties apps/web/dist while it runs, which would pull
    // the chunks out from under a test half-way through. Named dist so biome's ignore list covers it.
    const webDist = join(TMP_DIR, 'dist');
    rmSync(webDist, { recursive: true, force: true });
    cpSync(join(REPO_ROOT, 'apps/web/dist'), webDist, { recursive: true });

    server = await startServer({
      repoRoot: REPO_ROOT,
      webDist,
      logFile: join(TMP_DIR, 'server.log'),
    });
    console.log(`server at ${server.appURL} (log: ${server.logFile})`);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

    for (const test of tests) {
      const outcome = await runOne(browser, server, test.file, test.name, test.fn);
      // Tests cut short by Ctrl-C are not failures worth printing.
      if (aborting) break;
      outcomes.push(outcome);
      const mark = outcome.ok ? 'ok  ' : 'FAIL';
      console.log(`${mark} ${outcome.name} (${outcome.ms} ms)`);
      if (outcome.error) console.log(outcome.error.replace(/^/gm, '     '));
    }
  } catch (error) {
    if (aborting) return 130;
    // Setup failed (no browser, build error, server would not start): one failure, clearly reported.
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.log(`FAIL e2e setup\n${message.replace(/^/gm, '     ')}`);
    outcomes.push({ name: 'e2e setup', ok: false, ms: 0, error: message });
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
  }

  const passed = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.length - passed;
  console.log(
    `e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${SCREENSHOT_DIR}`,
  );
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
