/**
 * Reminders in the phone's own calendar and chart terms that teach, as a user meets them: a new user
 * makes the 日历订阅 link (shown with its QR code; the link itself serves an RFC 5545 calendar), adds a
 * 农历生日 on 我的提醒 and sees its next day; on the 排盘 page a tapped 十神 opens its sheet, whose
 * 相关课程 leads to the course page. Each new screen is photographed at 375×812 and 320×568.
 */
import { loginBySms, newPhone } from '../lib/accounts.ts';
import { shoot, shootNarrow } from '../lib/buyer.ts';
import { assert, expectHash, expectText, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle, tabBar } from '../lib/harness.ts';

test('subscribeAndAddALunarBirthday', async ({ t }) => {
  const { page } = t;
  await t.open('/pages/user/login');
  await loginBySms(t, newPhone());
  await expectHash(page, '#/pages/user/index');

  await page.getByText('日历订阅', { exact: true }).click();
  await expectText(headerTitle(page), '日历订阅', 'the subscription page');
  await page.getByRole('button', { name: '生成订阅链接' }).click();
  const shown = page.getByTestId('feed-url');
  await expectVisible(shown, 'the feed URL');
  await expectVisible(page.getByAltText('订阅链接二维码'), 'the QR code');
  const url = (await shown.innerText()).trim();
  assert(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{40,}\.ics$/.test(url), `a secret feed URL, got ${url}`);
  const webcal = await page.getByRole('link', { name: '添加到手机日历' }).getAttribute('href');
  assert(webcal === url.replace(/^https?:\/\//, 'webcal://'), `webcal link ${webcal}`);
  const feed = await t.context.request.get(`${t.server.origin}${new URL(url).pathname}`);
  assert(feed.status() === 200, `the feed answered HTTP ${feed.status()}`);
  assert(/^text\/calendar/.test(feed.headers()['content-type'] ?? ''), 'the feed is text/calendar');
  assert((await feed.text()).includes('BEGIN:VCALENDAR'), 'the feed is a calendar');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(t, '22-subscribe', '日历订阅');
  await shootNarrow(t, '22-subscribe-320', '日历订阅');

  await page.getByRole('button', { name: '管理我的提醒' }).click();
  await expectText(headerTitle(page), '我的提醒', 'the reminders page');
  await page.getByLabel('提醒内容').fill('妈妈生日');
  await page.getByRole('combobox', { name: '年', exact: true }).selectOption('1960');
  await page.getByRole('combobox', { name: '月', exact: true }).selectOption('4');
  await page.getByRole('combobox', { name: '日', exact: true }).selectOption('8');
  await page.getByRole('button', { name: '添加', exact: true }).click();
  const item = page.getByRole('listitem').filter({ hasText: '妈妈生日' });
  await expectVisible(item, 'the new birthday in the list');
  await expectVisible(item.getByText(/农历四月初八 · 每年 · 提前 1 天提醒/), 'its lunar date');
  await expectVisible(item.getByText(/^下次：\d{4}-\d{2}-\d{2}（农历四月初八）/), 'its next day');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(t, '22-reminders', '我的提醒');
  await shootNarrow(t, '22-reminders-320', '我的提醒');
});

test('aChartTermOpensItsSheetAndACourse', async ({ t }) => {
  const { page } = t;
  await t.open('/pages/index/index');
  await tabBar(page).getByRole('link', { name: '排盘' }).tap();
  await expectHash(page, '#/pages/suan/index');
  await page.getByRole('form', { name: '出生资料' }).getByRole('button', { name: '开始排盘' }).tap();
  const table = page.getByRole('table', { name: '四柱' });
  await expectVisible(table, 'the 四柱 table');
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '十神', exact: true }) });
  const god = row.getByRole('button').first();
  const name = (await god.innerText()).trim();
  await god.scrollIntoViewIfNeeded();
  await god.tap();
  const sheet = page.getByRole('dialog', { name: `${name}（十神）` });
  await expectVisible(
    sheet.getByText('十神是以日干（日主）为中心', { exact: false }),
    `the article of ${name}`,
  );
  const course = sheet.getByRole('button', { name: /八字入门二十讲/ }).first();
  await expectVisible(course, 'a related lesson');
  await t.screenshot('22-term-sheet');
  await page.setViewportSize({ width: 320, height: 568 });
  await page.waitForTimeout(150);
  await t.screenshot('22-term-sheet-320');
  await page.setViewportSize({ width: 375, height: 812 });
  await course.tap();
  await expectHash(page, '#/pages/ketang/show?id=bazi-rumen');
  await expectVisible(page.getByText('八字入门二十讲').first(), 'the course page');
});
