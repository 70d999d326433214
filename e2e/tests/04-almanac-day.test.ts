/**
 * 老黄历 (pages/index/day), reached the way a reader does: from the day card's link. It shows the
 * whole day from the engine and steps to the previous and next day.
 */

import { assert, eventually, expectHash, expectText, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle, inFirstScreen, type TestContext } from '../lib/harness.ts';

/** The date line at the top of 老黄历, e.g. 2024年2月10日 星期六. */
function solarLine(t: TestContext) {
  return t.page.getByRole('region', { name: '日期' }).getByRole('heading', { level: 2 });
}

test('openFromDayCardAndReadTheWholeDay', async ({ t }) => {
  await t.open('/pages/index/index');
  await t.page
    .getByRole('region', { name: '当日信息' })
    .getByRole('link', { name: /查看老黄历/ })
    .tap();
  await expectHash(t.page, '#/pages/index/day?date=2024-02-10');
  await expectText(headerTitle(t.page), '老黄历', 'header');
  await expectText(solarLine(t), '2024年2月10日 星期六', 'date line');
  await expectVisible(t.page.getByText('正月初一', { exact: true }), 'lunar date');

  // Every element the issue lists for this page, by its visible name.
  for (const term of ['建除十二神', '值神', '二十八宿', '彭祖百忌', '冲煞', '胎神占方']) {
    await expectVisible(t.page.getByText(term, { exact: true }), `${term} row`);
  }
  // 2024-02-10 is a 满 day under 金匮, a 黄道 day (engine values, checked against the almanac tables).
  await expectVisible(t.page.getByText('满日', { exact: true }), '建除 value 满日');
  await expectVisible(t.page.getByText(/金匮\s*·\s*黄道/), '值神 金匮 · 黄道');
  // A 甲辰 day clashes the 戊戌 dog, and 辰 days (申子辰) have their 煞 in the south.
  await expectVisible(t.page.getByText(/冲狗\(戊戌\)\s*煞南/), '冲煞 value');
  await expectVisible(t.page.getByText(/甲不开仓财物耗散/), '彭祖百忌 of the stem 甲');
  await expectVisible(t.page.getByText(/辰不哭泣必主重丧/), '彭祖百忌 of the branch 辰');
  await expectVisible(t.page.getByRole('list', { name: '宜', exact: true }), '宜 list');
  await expectVisible(t.page.getByRole('list', { name: '忌', exact: true }), '忌 list');
  await expectVisible(t.page.getByText('吉神宜趋'), '吉神宜趋');
  await expectVisible(t.page.getByText('凶煞宜忌'), '凶煞宜忌');
  for (const god of ['喜神', '福神', '财神']) {
    await expectVisible(t.page.getByText(god, { exact: true }), `direction of ${god}`);
  }

  const hours = t.page.getByRole('list', { name: '时辰吉凶' }).getByRole('listitem');
  const texts = await hours.allInnerTexts();
  assert(texts.length === 12, `expected 12 double-hours, got ${texts.length}`);
  const branches = '子丑寅卯辰巳午未申酉戌亥';
  for (const [index, text] of texts.entries()) {
    assert(
      text.includes(`${branches[index]}时`),
      `hour ${index + 1} should be ${branches[index]}时: "${text}"`,
    );
    assert(/[吉凶]/.test(text), `${branches[index]}时 has no 吉/凶: "${text}"`);
    assert(/冲/.test(text), `${branches[index]}时 has no 冲: "${text}"`);
  }
  // Noon on the fixed clock falls in 午时 (11:00–12:59), which the page marks as now.
  await expectVisible(
    t.page.locator('[aria-current="time"]', { hasText: '午时' }),
    'the current double-hour',
  );

  await t.screenshot('almanac-day-2024-02-10');
  await t.page.getByRole('list', { name: '时辰吉凶' }).scrollIntoViewIfNeeded();
  await t.screenshot('almanac-day-2024-02-10-hours');
  await t.screenshot('almanac-day-2024-02-10-full', { fullPage: true });
});

test('previousAndNextDay', async ({ t }) => {
  await t.open('/pages/index/day?date=2024-02-10');
  await expectText(solarLine(t), '2024年2月10日 星期六', 'date line');

  await t.page.getByRole('button', { name: '后一天', exact: true }).tap();
  await expectText(solarLine(t), '2024年2月11日 星期日', 'after 后一天');
  await expectVisible(t.page.getByText('正月初二', { exact: true }), 'lunar date after 后一天');
  await expectHash(t.page, '#/pages/index/day?date=2024-02-11');

  await t.page.getByRole('button', { name: '前一天', exact: true }).tap();
  await t.page.getByRole('button', { name: '前一天', exact: true }).tap();
  await expectText(solarLine(t), '2024年2月9日 星期五', 'after 前一天 twice');
  await expectVisible(t.page.getByText('腊月三十', { exact: true }), 'lunar date of 除夕');
  await expectHash(t.page, '#/pages/index/day?date=2024-02-09');

  // Away from today a 今天 button appears in the header and brings the page back.
  await t.page.getByRole('button', { name: '今天', exact: true }).tap();
  await expectText(solarLine(t), '2024年2月10日 星期六', 'after 今天');
});

/** 后一天 at the bottom of a long day opens the next day at its top, its date in view. */
test('stepFromTheBottomShowsTheNewDate', async ({ t }) => {
  await t.open('/pages/index/day?date=2024-02-10');
  await expectText(solarLine(t), '2024年2月10日 星期六', 'date line');
  const footer = t.page.getByRole('navigation', { name: '翻日' });
  await footer.scrollIntoViewIfNeeded();
  const scrolled = await t.page.evaluate(() => window.scrollY);
  assert(scrolled > 300, `the footer buttons should be far down the page (scrollY=${scrolled})`);

  await footer.getByRole('button', { name: /后一天/ }).tap();
  await expectText(solarLine(t), '2024年2月11日 星期日', 'after 后一天 at the bottom');
  await eventually(
    'the new date is on screen',
    () => inFirstScreen(solarLine(t)),
    ({ visible }) => visible,
  );
  await t.screenshot('almanac-after-footer-step');

  await footer.scrollIntoViewIfNeeded();
  await footer.getByRole('button', { name: /前一天/ }).tap();
  await expectText(solarLine(t), '2024年2月10日 星期六', 'after 前一天 at the bottom');
  await eventually(
    'the date is on screen again',
    () => inFirstScreen(solarLine(t)),
    ({ visible }) => visible,
  );
});

/** A link with a date the page cannot show says so, in Chinese, and shows today. */
test('invalidDateSaysSoAndShowsToday', async ({ t }) => {
  for (const [query, message] of [
    ['garbage', /^日期无效，已显示今天$/],
    ['1899-12-31', /^1899年12月31日不在可查范围.*已显示今天$/],
    ['2024-02-30', /^日期无效，已显示今天$/],
  ] as const) {
    await t.open(`/pages/index/day?date=${query}`);
    await expectText(t.page.getByRole('alert'), message, `message for ?date=${query}`);
    await expectText(solarLine(t), '2024年2月10日 星期六', `today shown for ?date=${query}`);
  }
  await t.screenshot('almanac-invalid-date');
  await t.open('/pages/index/day?date=2024-02-11');
  await expectText(solarLine(t), '2024年2月11日 星期日', 'a good date');
  assert((await t.page.getByRole('alert').count()) === 0, 'a good date shows no message');
});
