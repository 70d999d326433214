/**
 * Moving between months on the calendar tab: the arrows, a finger swipe on the grid, and 今 back to
 * today. The clock is fixed at 2024-02-10 (lib/harness.ts), so the calendar opens on 2024年2月.
 */

import { assert, eventually, expectText } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { settle, swipe, type TestContext } from '../lib/harness.ts';

/** The year-month title button; its visible text is e.g. 2024年2月. */
function monthTitle(t: TestContext) {
  return t.page.getByRole('button', { name: /选择年月/ });
}

/** The grid must show the month too, not just the title (the grid is labelled with its month). */
async function expectMonth(t: TestContext, title: string, why: string) {
  await expectText(monthTitle(t), title, why);
  await t.page.getByRole('list', { name: title, exact: true }).waitFor({ state: 'visible' });
}

test('arrowsChangeTheMonth', async ({ t }) => {
  await t.open('/pages/index/index');
  await expectMonth(t, '2024年2月', 'opens on the month of today');

  await t.page.getByRole('button', { name: '下个月' }).tap();
  await expectMonth(t, '2024年3月', 'after 下个月');
  await t.page.getByRole('button', { name: '上个月' }).tap();
  await t.page.getByRole('button', { name: '上个月' }).tap();
  await expectMonth(t, '2024年1月', 'after 上个月 twice');
  await t.page.getByRole('button', { name: '上个月' }).tap();
  await expectMonth(t, '2023年12月', 'across the year boundary backwards');
  await t.page.getByRole('button', { name: '下个月' }).tap();
  await expectMonth(t, '2024年1月', 'across the year boundary forwards');
});

test('swipingTheGridChangesTheMonth', async ({ t }) => {
  await t.open('/pages/index/index');
  await expectMonth(t, '2024年2月', 'opens on the month of today');
  const grid = () => t.page.getByRole('list', { name: /^\d{4}年\d{1,2}月$/ });

  // A finger moving left brings the next month in, like turning a page.
  await swipe(t.page, grid(), 'left');
  await expectMonth(t, '2024年3月', 'after swiping left');
  await swipe(t.page, grid(), 'right');
  await swipe(t.page, grid(), 'right');
  await expectMonth(t, '2024年1月', 'after swiping right twice');

  // A vertical drag is page scrolling, not a month change.
  await settle(grid());
  const box = await grid().boundingBox();
  assert(box, 'grid has no box');
  const cdp = await t.context.newCDPSession(t.page);
  const x = box.x + box.width / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: box.y + 20 }] });
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchMove',
    touchPoints: [{ x: x + 10, y: box.y + 150 }],
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await t.page.waitForTimeout(300);
  await expectText(monthTitle(t), '2024年1月', 'a vertical drag keeps the month');
});

test('todayButtonReturnsToToday', async ({ t }) => {
  await t.open('/pages/index/index');
  await expectMonth(t, '2024年2月', 'opens on the month of today');
  for (let i = 0; i < 3; i++) await t.page.getByRole('button', { name: '下个月' }).tap();
  await expectMonth(t, '2024年5月', 'three months on');
  assert(
    (await t.page.locator('[aria-current="date"]').count()) === 0,
    'May 2024 should not mark a day as today',
  );

  await t.page.getByRole('button', { name: '回到今天' }).tap();
  await expectMonth(t, '2024年2月', 'after 今');
  const today = t.page.locator('[aria-current="date"]');
  await eventually(
    'today (10 Feb) is marked and selected after 今',
    async () => ({
      label: await today.getAttribute('aria-label', { timeout: 1000 }),
      pressed: await today.getAttribute('aria-pressed', { timeout: 1000 }),
    }),
    ({ label, pressed }) => Boolean(label?.startsWith('2月10日')) && pressed === 'true',
  );
  await expectText(
    t.page.getByRole('region', { name: '当日信息' }).getByRole('heading', { level: 2 }),
    /^2024年2月10日/,
    'day card follows 今',
  );
});

/** The calendar honours ?date= like 老黄历: that month, that day selected; a bad date says so. */
test('dateQueryOpensThatDay', async ({ t }) => {
  await t.open('/pages/index/index?date=2025-10-06');
  await expectMonth(t, '2025年10月', 'the month of ?date=2025-10-06');
  const card = t.page.getByRole('region', { name: '当日信息' });
  await expectText(card.getByRole('heading', { level: 2 }), '2025年10月6日 星期一', 'the card of the day');
  const cell = t.page.getByRole('list', { name: '2025年10月' }).getByRole('button', { name: /^10月6日 / });
  assert((await cell.getAttribute('aria-pressed')) === 'true', 'the day of ?date= is selected');

  await t.open('/pages/index/index?date=not-a-date');
  await expectText(t.page.getByRole('alert'), '日期无效，已显示今天', 'message for a bad ?date=');
  await expectMonth(t, '2024年2月', 'today shown for a bad ?date=');
  await t.screenshot('calendar-invalid-date');
});
