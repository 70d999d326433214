/**
 * A buyer's steps shared by the shop's and the classroom's tests: photographs of a page with its
 * layout checks (after any toast has gone), and paying an order at the sandbox cashier.
 */
import type { Page } from '@playwright/test';
import { assert, expectHash, expectText, expectVisible } from './expect.ts';
import { headerTitle, NARROW_VIEWPORT, type TestContext, VIEWPORT } from './harness.ts';
import { checkLayout } from './page-checks.ts';

/** Waits out a toast (登录成功, 地址已保存 …, 1.5 s each): the picture is of the page, not of the message. */
export async function toastGone(page: Page): Promise<void> {
  await page.locator('.adm-toast-main').first().waitFor({ state: 'hidden', timeout: 5000 });
}

/** Photographs the page at 375×812 and runs the layout checks on it. */
export async function shoot(t: TestContext, name: string, what: string): Promise<void> {
  await toastGone(t.page);
  await t.screenshot(name);
  await checkLayout(t.page, what, { clampedNames: true });
}

/** The same at the smallest phone (320×568), then back to 375×812. */
export async function shootNarrow(t: TestContext, name: string, what: string): Promise<void> {
  await t.page.setViewportSize(NARROW_VIEWPORT);
  try {
    // Let the layout settle at the new width (a resize observer may re-measure a bar or a grid).
    await t.page.waitForTimeout(150);
    await t.screenshot(name);
    await checkLayout(t.page, `${what} at 320×568`, { clampedNames: true });
  } finally {
    await t.page.setViewportSize(VIEWPORT);
  }
}

/** The order number in the address bar (`orderNo=` of the cashier or the order page). */
export async function orderNoOf(page: Page): Promise<string> {
  const hash = await page.evaluate(() => location.hash);
  const orderNo = new URLSearchParams(hash.split('?')[1] ?? '').get('orderNo') ?? '';
  assert(/^\d{20}$/.test(orderNo), `no 20-digit orderNo in ${hash}`);
  return orderNo;
}

/** At the sandbox cashier: the amount and a countdown in the 15 minutes the server gave; then 确认支付. */
export async function payInSandbox(t: TestContext, amount: string, shot?: string): Promise<string> {
  const { page } = t;
  await expectVisible(headerTitle(page).filter({ hasText: '收银台' }), 'the cashier');
  await expectVisible(page.getByText('模拟支付（开发环境，不会扣款）'), 'the sandbox notice');
  await expectText(page.getByRole('region', { name: '支付信息' }).getByText(/^¥/), amount, 'the amount');
  // The server's deadline is 15 minutes after the order; the page's own clock is wrong.
  await expectText(
    page.getByRole('region', { name: '支付信息' }).locator('dd').last(),
    /^1[0-4]:[0-5]\d$|^15:00$/,
    'the time left to pay, within the 15 minutes the server gives',
  );
  const orderNo = await orderNoOf(page);
  if (shot) await shoot(t, shot, '收银台');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expectHash(page, `#/pages/user/order?orderNo=${orderNo}`);
  return orderNo;
}
