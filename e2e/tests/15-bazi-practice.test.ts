/**
 * The 排盘 tab as practitioners use it: 四柱反查 (typed pillars → the moments that have them → the chart
 * of the chosen one), a chart whose birth hour is unknown (三柱, the hour column 不详, the notes), the
 * 喜用神 card, and a VIP's 命书 — downloaded through the page and opened with a PDF reader (its pages
 * and text). Against the real built app and the real fancha, bzdata and mingshu routes; screenshots at
 * 375×812 and 320×568.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { admin, loginBySms, newPhone } from '../lib/accounts.ts';
import { assert, expectHash, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { NARROW_VIEWPORT, overflowOn, settle, type TestContext, tabBar } from '../lib/harness.ts';

function form(page: Page): Locator {
  return page.getByRole('form', { name: '出生资料' });
}

function card(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

async function openBaziTab(t: TestContext): Promise<void> {
  await t.open('/pages/index/index');
  await tabBar(t.page).getByRole('link', { name: '排盘' }).tap();
  await expectHash(t.page, '#/pages/suan/index');
}

async function pillarRow(page: Page, label: string): Promise<string[]> {
  const row = page
    .getByRole('table', { name: '四柱' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  return (await row.getByRole('cell').allInnerTexts()).map((s) => s.trim());
}

async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const { culprits } = await overflowOn(page);
  assert(culprits.length === 0, `${what}: content wider than the screen: ${culprits.join(', ')}`);
}

test('fourPillarsTypedListTheirMomentsAndChartTheChosenOne', async ({ t }) => {
  const { page } = t;
  await openBaziTab(t);
  await form(page).getByRole('button', { name: '四柱反查' }).tap();
  await form(page).getByRole('textbox', { name: /四柱/ }).fill('庚午 辛巳 乙亥 庚辰');
  await form(page).getByRole('button', { name: '反查', exact: true }).tap();
  const list = page.getByRole('list', { name: '反查结果' });
  await expectVisible(list, 'the moments of 庚午 辛巳 乙亥 庚辰');
  const known = list.getByRole('listitem').filter({ hasText: '1990年5月10日' });
  await expectVisible(known, 'the 1990-05-10 辰时 among them');
  await settle(list);
  await known.scrollIntoViewIfNeeded();
  await t.screenshot('15-fancha-candidates');
  await expectNoOverflow(page, 'the 反查 list at 375×812');

  const chart = page.waitForResponse((r) => /\/bln\.suan\/bzdata$/i.test(new URL(r.url()).pathname));
  await known.getByRole('button', { name: '排盘' }).tap();
  assert((await chart).status() === 200, 'bzdata of the chosen moment');
  await expectVisible(page.getByRole('table', { name: '四柱' }), 'the chart of the chosen moment');
  const stems = await pillarRow(page, '天干');
  const branches = await pillarRow(page, '地支');
  assert(stems.join('') === '庚辛乙庚', `stems ${stems}`);
  assert(branches.join('') === '午巳亥辰', `branches ${branches}`);

  // The 喜用神 card of that chart.
  const xiyong = card(page, '喜用神');
  await xiyong.scrollIntoViewIfNeeded();
  await expectVisible(xiyong.getByText('身弱', { exact: true }), 'the verdict 身弱');
  await expectVisible(xiyong.getByText(/扶身之力 \d+%/), 'the share of support');
  await settle(xiyong);
  await t.screenshot('15-xiyong-card');

  await page.setViewportSize(NARROW_VIEWPORT);
  await xiyong.scrollIntoViewIfNeeded();
  await settle(xiyong);
  await t.screenshot('15-xiyong-card-320');
  await expectNoOverflow(page, 'the chart at 320×568');
});

test('aBirthWithoutItsHourGivesThreePillarsAndSaysSo', async ({ t }) => {
  const { page } = t;
  await openBaziTab(t);
  const f = form(page);
  await f.getByRole('textbox', { name: '姓名' }).fill('不详');
  await f.getByRole('switch', { name: /时辰不详/ }).tap();
  await expectVisible(f.getByText(/大运按出生当日正午起算/), 'what 时辰不详 means');
  await settle(f);
  await t.screenshot('15-hour-unknown-form');
  await f.getByRole('button', { name: '开始排盘' }).tap();
  await expectVisible(page.getByRole('table', { name: '四柱' }), 'the three-pillar chart');
  const stems = await pillarRow(page, '天干');
  assert(stems[3] === '不详', `the hour stem should say 不详: ${stems}`);
  await expectVisible(page.getByRole('list', { name: '时辰不详说明' }), 'the notes under the table');
  await page.getByRole('table', { name: '四柱' }).scrollIntoViewIfNeeded();
  await t.screenshot('15-hour-unknown-chart');
  await page.setViewportSize(NARROW_VIEWPORT);
  await page.getByRole('table', { name: '四柱' }).scrollIntoViewIfNeeded();
  await settle(page.getByRole('table', { name: '四柱' }));
  await t.screenshot('15-hour-unknown-chart-320');
  await expectNoOverflow(page, 'the three-pillar chart at 320×568');
});

test('aVipDownloadsTheMingshuAndItOpens', async ({ t }) => {
  const { page } = t;
  const phone = newPhone();
  await t.open('/pages/user/login?redirect=/pages/suan/index');
  await loginBySms(t, phone);
  admin(t, 'vip', 'grant', phone, '30', '--reason', 'e2e 命书');
  await page.reload();
  await expectHash(page, '#/pages/suan/index');
  await form(page).getByRole('textbox', { name: '姓名' }).fill('张三');
  await form(page).getByRole('button', { name: '开始排盘' }).tap();
  await expectVisible(page.getByRole('table', { name: '四柱' }), 'the chart');

  const mingshu = card(page, '命书');
  await mingshu.scrollIntoViewIfNeeded();
  const button = mingshu.getByRole('button', { name: '下载命书' });
  await expectVisible(button, 'the 下载命书 button of a VIP');
  await settle(mingshu);
  await t.screenshot('15-mingshu-card');
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await button.tap();
  const file = await download;
  assert(file.suggestedFilename() === '张三命书.pdf', `saved as ${file.suggestedFilename()}`);
  const path = await file.path();
  const bytes = await readFile(path);
  assert(bytes.length < 1024 * 1024, `the 命书 is ${bytes.length} bytes`);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  assert(totalPages >= 4, `${totalPages} pages`);
  const flat = text.replace(/\s+/g, ' ');
  assert(flat.includes('庚午 辛巳 乙亥 庚辰'), 'the PDF holds the chart’s pillars');
  assert(flat.includes('喜用神'), 'the PDF holds the 喜用神');
});

test('withoutVipTheMingshuLeadsToTheBenefits', async ({ t }) => {
  const { page } = t;
  await openBaziTab(t);
  await form(page).getByRole('button', { name: '开始排盘' }).tap();
  await expectVisible(page.getByRole('table', { name: '四柱' }), 'the chart');
  const link = card(page, '命书').getByRole('link', { name: /VIP福利/ });
  await link.scrollIntoViewIfNeeded();
  await link.tap();
  await expectHash(page, '#/pages/user/fuli');
});
