/**
 * The e2e suite on @playwright/test: `npx playwright test [filter]` from e2e/ (the root `npm test`
 * calls it). Global setup installs Debian's Chromium and the CJK fonts when missing, builds the web
 * app and the console when stale and starts the real API with its demo data; every test gets a fresh
 * browser context from the project it runs in.
 */
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_HEADLESS_SHELL } from '../scripts/chromium.ts';
import type { DeskOptions } from './lib/fixtures.ts';
import { DESKTOP, VIEWPORT } from './lib/harness.ts';

const TMP_DIR = join(import.meta.dirname, '.tmp');

/** The phone the app is designed for; every test's own window is one. */
const phone = {
  viewport: VIEWPORT,
  screen: VIEWPORT,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

export default defineConfig<DeskOptions>({
  testDir: './tests',
  testMatch: '*.test.ts',
  outputDir: join(TMP_DIR, 'test-results'),
  globalSetup: './global-setup.ts',
  // One test may not hang the suite; a test that starts servers of its own asks for more.
  timeout: 45_000,
  expect: {
    timeout: 8000,
    toHaveScreenshot: {
      // Per-pixel colour tolerance as Playwright's default; at most 0.1 % of the picture's pixels may
      // differ, which a moved line of text or a changed margin exceeds many times over.
      threshold: 0.2,
      maxDiffPixelRatio: 0.001,
      animations: 'disabled',
      caret: 'hide',
    },
  },
  // The baselines of the visual comparison live beside the tests, one folder for every platform: the
  // suite only ever runs on Debian's Chromium with the Noto CJK fonts.
  snapshotPathTemplate: '{testDir}/../visual/{arg}{ext}',
  retries: 0,
  // A flaky test is a defect to fix, not to retry. One worker: the files share one server, and some of
  // them rely on the order they run in (the console's 开店清单 reads a fresh install before
  // 14-vip-offline sets the customer-service card). Alone on a quiet 2-core machine two workers take
  // 231 s against 354 s (one worker leaves 285 of its 700 core-seconds idle), but not in `npm test`,
  // where the unit suites beside it fill those cores: there two workers took the e2e suite to 324 s and
  // the suites beside it to 461 s, against 441 s and 463 s. E2E_WORKERS=2 runs so.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: process.env.CI === 'true',
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL, args: [...CHROMIUM_FLAGS] },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Kept for a failed test only: its actions with their timings and call stacks, the console and the
    // errors, beside the failure's screenshot. Without the trace's own film strip and, unless
    // E2E_TRACE=full, without the network log and a DOM snapshot around every action: a trace is
    // recorded before anyone knows the test will fail, and those cost the whole suite 549 against 492
    // core-seconds (one run of each). When a failure needs the page as it was at each step, run that
    // test again with E2E_TRACE=full.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE === 'full',
    },
    screenshot: 'only-on-failure',
  },
  // The console's project first: its 开店清单 check reads a fresh install, and 14-vip-offline sets the
  // customer-service card on the shared server (the old sequential run had 13 before 14 too). Listed
  // first, its one file is the first a worker takes; with one worker it runs wholly before the phone's.
  projects: [
    {
      // The operators' console beside the customer's phone: the phone is the test's own window, the
      // console a desk-top window the test opens at this size.
      name: 'desktop',
      testMatch: '13-console.test.ts',
      use: { ...phone, desk: { viewport: DESKTOP } },
    },
    {
      name: 'phone',
      testIgnore: '13-console.test.ts',
      use: { ...phone },
    },
  ],
});
