/**
 * Phone-layout rules of the issue on every tab page and on 老黄历: nothing wider than the screen, no
 * text under 12 px except the spec's 10 px tab labels, Chinese drawn with a real CJK font (not boxes),
 * no word broken across two lines (2024年/2月, 查日/期, 金/堂), and every control at least 44×44 px —
 * at 375×812 and on a 320×568 phone. Also takes the screenshots of each tab page and of the narrow
 * phone.
 */
import type { Locator } from 'playwright-core';
import {
  assert,
  brokenWords,
  eventually,
  expectText,
  headerTitle,
  NARROW_VIEWPORT,
  overflowOn,
  platformFontsOf,
  smallTapTargets,
  smallTextOn,
  TABS,
  type TestContext,
  VIEWPORT,
} from '../lib/harness.ts';

const CJK_FONT = /CJK|Noto Sans SC|Noto Serif SC|Source Han|WenQuanYi|Droid Sans Fallback|PingFang|Hiragino/i;

async function checkLayout(t: TestContext, what: string, width: number = VIEWPORT.width): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, culprits } = await overflowOn(t.page);
  if (scrollWidth > width) {
    problems.push(`${what}: page is ${scrollWidth} px wide (> ${width}); ${culprits.join(', ')}`);
  }
  const small = await smallTextOn(t.page);
  if (small.length > 0) problems.push(`${what}: text under 12 px: ${small.slice(0, 6).join('; ')}`);

  // A page that has just replaced its loading view may not have drawn its title yet (no fonts used
  // so far): ask again for a few seconds before reporting what was used.
  const drawnWithCjk = (fonts: { familyName: string; glyphCount: number }[]) =>
    fonts.some((font) => CJK_FONT.test(font.familyName) && font.glyphCount > 0);
  const fonts = await eventually(
    `${what}: title drawn`,
    () => platformFontsOf(t.page, 'h1'),
    drawnWithCjk,
    3000,
  ).catch(() => platformFontsOf(t.page, 'h1'));
  if (!drawnWithCjk(fonts)) {
    problems.push(`${what}: the title is not drawn with a CJK font (${JSON.stringify(fonts)})`);
  }
  return problems;
}

/** Words broken across lines in each named element, as failure lines. */
async function checkWords(what: string, elements: Record<string, Locator>): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, locator] of Object.entries(elements)) {
    assert((await locator.count()) > 0, `${what}: ${name} is not on the page`);
    const broken = await brokenWords(locator);
    if (broken.length > 0) problems.push(`${what}, ${name}: word broken across lines: ${broken.join('; ')}`);
  }
  return problems;
}

async function checkTapTargets(t: TestContext, what: string): Promise<string[]> {
  const small = await smallTapTargets(t.page);
  return small.length > 0 ? [`${what}: tap targets under 44×44 px: ${small.join('; ')}`] : [];
}

/** The calendar's words that wrapped at 320 px: the month title, 查日期, the grid and the day card. */
function calendarWords(t: TestContext): Record<string, Locator> {
  const page = t.page;
  return {
    'month title': page.getByRole('button', { name: /选择年月/ }),
    查日期: page.getByRole('button', { name: /查询日期/ }),
    'month grid': page.getByRole('list', { name: /^\d{4}年\d{1,2}月$/ }),
    'grid fold button': page.getByRole('button', { name: /收起为一周|展开整月/ }),
    'day card': page.getByRole('region', { name: '当日信息' }),
  };
}

/** Every section of 老黄历: the hours' 干支 and 冲煞 and the 神煞 names broke inside at 320 px. */
function almanacWords(t: TestContext): Record<string, Locator> {
  const page = t.page;
  const words: Record<string, Locator> = {
    date: page.getByRole('region', { name: '日期' }),
    宜忌: page.getByRole('region', { name: '宜忌' }),
    'festival tags': page.getByRole('list', { name: '节气节日' }),
    '时辰 cards': page.getByRole('list', { name: '时辰吉凶' }).getByRole('listitem'),
  };
  for (const section of ['今日要素', '吉神方位', '神煞', '佛历 · 道历']) {
    words[section] = page.getByRole('region', { name: section });
  }
  return words;
}

export async function tabPagesFitThePhoneAndUseReadableText(t: TestContext) {
  const problems: string[] = [];
  for (const tab of TABS) {
    await t.open(tab.route);
    await expectText(headerTitle(t.page), tab.title, `header of ${tab.label}`);
    // The calendar's content is computed after the chunk loads; wait for it before measuring.
    if (tab.slug === 'calendar') await t.page.getByRole('region', { name: '当日信息' }).waitFor();
    await t.screenshot(`tab-${tab.slug}`);
    problems.push(...(await checkLayout(t, `tab ${tab.label}`)));
    if (tab.slug === 'calendar') {
      problems.push(...(await checkWords('calendar', calendarWords(t))));
      problems.push(...(await checkTapTargets(t, 'calendar')));
    }
  }
  assert(problems.length === 0, problems.join('\n'));
}

export async function almanacPageFitsThePhoneAndUsesReadableText(t: TestContext) {
  await t.open('/pages/index/day?date=2024-02-04');
  await expectText(headerTitle(t.page), '老黄历', 'header');
  await t.page.getByRole('list', { name: '时辰吉凶' }).waitFor();
  const problems = await checkLayout(t, '老黄历');
  problems.push(...(await checkWords('老黄历', almanacWords(t))));
  problems.push(...(await checkTapTargets(t, '老黄历')));
  assert(problems.length === 0, problems.join('\n'));
}

/**
 * A 320×568 phone: the calendar (folded to one week, then the whole month) and 老黄历 fit the width,
 * keep every word on one line and every control at thumb size.
 */
export async function narrowPhoneKeepsWordsWholeAndTargetsLarge(t: TestContext) {
  await t.page.setViewportSize(NARROW_VIEWPORT);
  const width = NARROW_VIEWPORT.width;
  const problems: string[] = [];

  await t.open('/pages/index/index');
  await t.page.getByRole('region', { name: '当日信息' }).waitFor();
  // A short screen opens the grid folded to the selected week, so the day's 宜/忌 show under it.
  const unfold = t.page.getByRole('button', { name: '展开整月' });
  assert((await unfold.count()) === 1, 'at 320×568 the grid should open folded to one week (展开整月)');
  await t.screenshot('narrow-calendar-week');
  problems.push(...(await checkLayout(t, 'calendar at 320 (week)', width)));
  problems.push(...(await checkWords('calendar at 320 (week)', calendarWords(t))));
  problems.push(...(await checkTapTargets(t, 'calendar at 320 (week)')));

  await unfold.tap();
  await t.page.getByRole('button', { name: '收起为一周' }).waitFor();
  await t.screenshot('narrow-calendar-month');
  problems.push(...(await checkLayout(t, 'calendar at 320 (month)', width)));
  problems.push(...(await checkWords('calendar at 320 (month)', calendarWords(t))));
  problems.push(...(await checkTapTargets(t, 'calendar at 320 (month)')));

  // The pickers' switches and buttons: 公历/农历, 取消/确定, the week-start choices.
  await t.page.getByRole('button', { name: /查询日期/ }).tap();
  await t.page.getByRole('dialog', { name: '选择日期' }).waitFor();
  await t.screenshot('narrow-date-picker');
  problems.push(...(await checkTapTargets(t, 'date picker at 320')));
  await t.page.getByRole('dialog', { name: '选择日期' }).getByRole('button', { name: '取消' }).tap();
  await t.page.getByRole('dialog').waitFor({ state: 'detached' });
  await t.page.getByRole('button', { name: '日历设置' }).tap();
  await t.page.getByRole('dialog', { name: '日历设置' }).waitFor();
  problems.push(...(await checkTapTargets(t, 'calendar settings at 320')));
  await t.page.keyboard.press('Escape');
  await t.page.getByRole('dialog').waitFor({ state: 'detached' });

  await t.open('/pages/index/day?date=2024-02-10');
  await t.page.getByRole('list', { name: '时辰吉凶' }).waitFor();
  await t.screenshot('narrow-almanac');
  problems.push(...(await checkLayout(t, '老黄历 at 320', width)));
  problems.push(...(await checkWords('老黄历 at 320', almanacWords(t))));
  problems.push(...(await checkTapTargets(t, '老黄历 at 320')));
  await t.page.getByRole('region', { name: '神煞' }).scrollIntoViewIfNeeded();
  await t.screenshot('narrow-almanac-shensha');
  await t.page.getByRole('list', { name: '时辰吉凶' }).scrollIntoViewIfNeeded();
  await t.screenshot('narrow-almanac-hours');

  assert(problems.length === 0, problems.join('\n'));
}

/** The 375 px screen's controls in the calendar's sheets (公历/农历 switch, 取消/确定, week start). */
export async function calendarSheetsHaveThumbSizedControls(t: TestContext) {
  await t.open('/pages/index/index');
  await t.page.getByRole('region', { name: '当日信息' }).waitFor();
  const problems: string[] = [];
  for (const [button, dialog] of [
    [/查询日期/, '选择日期'],
    [/选择年月/, '选择年月'],
    [/日历设置/, '日历设置'],
  ] as const) {
    await t.page.getByRole('button', { name: button }).tap();
    await t.page.getByRole('dialog', { name: dialog }).waitFor();
    problems.push(...(await checkTapTargets(t, dialog)));
    await t.page.keyboard.press('Escape');
    await t.page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  assert(problems.length === 0, problems.join('\n'));
}
