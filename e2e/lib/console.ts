/**
 * The operators' console as an operator meets it: a desk-top browser window (1440×900) beside the
 * test's phone, an operator account made with `npm run admin -- operator add`, and the login page.
 */
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { type BrowserContext, type Page, test } from '@playwright/test';
import { adminWithInput } from './accounts.ts';
import { expectVisible } from './expect.ts';
import { closeWithTest, type DeskOptions } from './fixtures.ts';
import { DESKTOP, SCREENSHOT_DIR, type TestContext } from './harness.ts';

/** An operator's console window, logged in. */
export interface ConsoleWindow {
  page: Page;
  context: BrowserContext;
  username: string;
  /** Saves a 1440×900 PNG to e2e/screenshots/NAME.png. */
  screenshot(name: string): Promise<void>;
  /** Opens a page from the side menu and waits for its title. */
  menu(name: string): Promise<void>;
}

/**
 * Adds an operator of `role` with the command line, opens the console in a desk-top window of the
 * test's browser at the size the project sets (1440×900) and logs in. The window is closed with the test's own context.
 */
export async function openConsole(
  t: TestContext,
  role: 'admin' | 'editor' | 'support' = 'admin',
): Promise<ConsoleWindow> {
  const username = `e2e_${role}_${randomInt(1_000_000)}`;
  const password = `控制台-${randomInt(1e9)}-pass`;
  adminWithInput(t, password, 'operator', 'add', username, '--role', role, '--password-stdin');
  const browser = t.context.browser();
  if (!browser) throw new Error('the test context has no browser');
  // The size is the project's (playwright.config.ts), a laptop's window unless it says otherwise.
  const desk = (test.info().project.use as Partial<DeskOptions>).desk ?? { viewport: DESKTOP };
  const context = await browser.newContext({
    ...desk,
    screen: desk.viewport ?? DESKTOP,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  context.setDefaultTimeout(10_000);
  // The phone's context closes with the test; this one must too.
  closeWithTest(context);
  const page = await context.newPage();
  await page.goto(`${t.server.origin}/admin/`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expectVisible(page.getByText(username).first(), 'the operator named in the console after login');
  return {
    page,
    context,
    username,
    async screenshot(name) {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
    },
    async menu(name) {
      await page.getByRole('menuitem', { name }).click();
      await expectVisible(page.getByText(name, { exact: true }).last(), `the console page ${name}`);
    },
  };
}

/**
 * 订单 → the order's row (found by its number) → 去发货 → 发货 with a carrier and tracking number, as
 * an operator ships a paid order of goods.
 */
export async function shipInConsole(
  desk: ConsoleWindow,
  orderNo: string,
  carrier: string,
  trackingNo: string,
): Promise<void> {
  const { page } = desk;
  await desk.menu('订单');
  await page.getByPlaceholder('订单号或前几位').fill(orderNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await row.getByRole('button', { name: '去发货' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `订单 ${orderNo}` });
  await expectVisible(drawer.getByText('实付'), 'the order drawer with its payment');
  await drawer.getByRole('button', { name: /^发\s*货$/ }).click();
  const form = page.getByRole('dialog').filter({ has: page.getByText('快递公司') });
  await form.getByLabel('快递公司').click();
  await page.getByTitle(carrier, { exact: true }).click();
  await form.getByLabel('运单号').fill(trackingNo);
  await desk.screenshot('13-console-ship');
  await form.getByRole('button', { name: '确认发货' }).click();
  await expectVisible(page.getByText(`订单 ${orderNo} 已发货`), 'the shipped message');
  await desk.screenshot('13-console-shipped');
}
