/**
 * The fixtures every e2e test receives: `t`, the phone window on the shared API server with the
 * runner's helpers (open a route, save a picture, allow errors on purpose), and the option `desk`,
 * the size of an operator's console window. Uncaught page errors, CSP violations and 5xx answers fail
 * a test even when everything visible looks right.
 */
import { join } from 'node:path';
import { type BrowserContext, type BrowserContextOptions, test as base } from '@playwright/test';
import { FIXED_NOW, SCREENSHOT_DIR, type TestContext } from './harness.ts';

/** Where global setup leaves the shared server's address for the workers (JSON of {@link SharedServer}). */
export const SERVER_ENV_KEY = 'XUANLI_E2E_SERVER';

/** The API server global setup started, as the workers see it. */
export interface SharedServer {
  origin: string;
  appURL: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
}

/** Options a project sets: the operators' console window's context options. */
export interface DeskOptions {
  desk: BrowserContextOptions;
}

const slugOf = (text: string) => text.replace(/[^\w.-]+/g, '_');

/** Windows a test opened beside its phone (a console, a second phone), closed when it ends. */
const besideWindows = new Set<BrowserContext>();

/**
 * Closes `context` when the running test ends, before its phone. Awaited in the fixture's teardown: a
 * window left closing after the test would be closed under the next test's tracing.
 */
export function closeWithTest(context: BrowserContext): void {
  besideWindows.add(context);
}

function sharedServer(): SharedServer {
  const json = process.env[SERVER_ENV_KEY];
  if (!json)
    throw new Error(`${SERVER_ENV_KEY} is unset: run the suite with \`npx playwright test\` in e2e/`);
  return JSON.parse(json) as SharedServer;
}

/** `test` with the fixtures above; import it (and `expect`) from here, not from @playwright/test. */
export const test = base.extend<DeskOptions & { t: TestContext }>({
  desk: [{ viewport: { width: 1440, height: 900 } }, { option: true }],
  t: async ({ page, context }, use, testInfo) => {
    const server = sharedServer();
    context.setDefaultTimeout(10_000);
    // Only Date is fixed; timers still run, so spinners, transitions and time-outs behave normally.
    await context.clock.setFixedTime(FIXED_NOW);

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

    const { appURL } = server;
    await use({
      page,
      context,
      appURL,
      server: { origin: server.origin, dataDir: server.dataDir, env: server.env },
      async open(route) {
        await page.goto(`${appURL}#${route}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
      },
      async screenshot(name, options = {}) {
        const path = join(SCREENSHOT_DIR, `${slugOf(name)}.png`);
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
    });

    await Promise.all([...besideWindows].map((window) => window.close().catch(() => {})));
    besideWindows.clear();
    if (testInfo.status !== testInfo.expectedStatus && consoleErrors.length > 0) {
      await testInfo.attach('browser console errors', { body: consoleErrors.join('\n') });
    }
    if (problems.length > 0) throw new Error(problems.join('\n'));
  },
});

export { expect } from '@playwright/test';
