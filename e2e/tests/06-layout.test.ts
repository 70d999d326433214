/**
 * Phone-layout rules (PRODUCT.md#appearance) on every tab page and on 老黄历: nothing wider than the screen, no
 * text under 12 px except the 10 px tab labels (PRODUCT.md#screens), Chinese drawn with a real CJK font (not
 * boxes), no word broken across two lines (2024年/2月, 查日/期, 金/堂), and every control at least 44×44 px — at
 * 375×812 and on a 320×568 phone. Also takes the screenshots of each tab page and of the narrow phone.
 */
import type { Locator } from '@playwright/test';
import { assert, eventually, expectText } from '../lib/expect.ts';
import { expect, test } from '../lib/fixtures.ts';
import {
  brokenWords,
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

test('tabPagesFitThePhoneAndUseReadableText', async ({ t }) => {
  const problems: string[] = [];
  for (const tab of TABS) {
    await t.open(tab.route);
    await expectText(headerTitle(t.page), tab.title, `header of ${tab.label}`);
    // The calendar's content is computed after the chunk loads; wait for it before measuring.
    if (tab.slug === 'calendar') await t.page.getByRole('region', { name: '当日信息' }).waitFor();
    // A page still loading shows its skeleton under the right header: measure the page, not that.
    await expect(t.page.locator('[aria-busy="true"]')).toHaveCount(0);
    await t.screenshot(`tab-${tab.slug}`);
    problems.push(...(await checkLayout(t, `tab ${tab.label}`)));
    if (tab.slug === 'calendar') {
      problems.push(...(await checkWords('calendar', calendarWords(t))));
      problems.push(...(await checkTapTargets(t, 'calendar')));
    }
  }
  assert(problems.length === 0, problems.join('\n'));
});

test('almanacPageFitsThePhoneAndUsesReadableText', async ({ t }) => {
  await t.open('/pages/index/day?date=2024-02-04');
  await expectText(headerTitle(t.page), '老黄历', 'header');
  await t.page.getByRole('list', { name: '时辰吉凶' }).waitFor();
  const problems = await checkLayout(t, '老黄历');
  problems.push(...(await checkWords('老黄历', almanacWords(t))));
  problems.push(...(await checkTapTargets(t, '老黄历')));
  assert(problems.length === 0, problems.join('\n'));
});

/**
 * A 320×568 phone: the calendar (folded to one week, then the whole month) and 老黄历 fit the width,
 * keep every word on one line and every control at thumb size.
 */
test('narrowPhoneKeepsWordsWholeAndTargetsLarge', async ({ t }) => {
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
});

/** The 375 px screen's controls in the calendar's sheets (公历/农历 switch, 取消/确定, week start). */
test('calendarSheetsHaveThumbSizedControls', async ({ t }) => {
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
});

/** Sizes a reader of the calendar looks at, in px: a day of the grid, the day card, the tab bar. */
interface CalendarSizes {
  dayNumber: number;
  lunarLabel: number;
  cellHeight: number;
  cardLunar: number;
  cardSolar: number;
  tabLabel: number;
  tabIcon: number;
  tabBar: number;
}

function calendarSizes(t: TestContext): Promise<CalendarSizes> {
  return t.page.evaluate(() => {
    const size = (element: Element | null | undefined) =>
      element ? Number.parseFloat(getComputedStyle(element).fontSize) : Number.NaN;
    // A day of the month with its plain lunar label: the number, then the label, are the last spans.
    const cell = [...document.querySelectorAll('ul[aria-label] button[aria-pressed]')].find(
      (button) => button.children.length === 2,
    );
    const card = document.querySelector('section[aria-label="当日信息"]');
    const tab = document.querySelector('nav[aria-label="主导航"] a');
    return {
      dayNumber: size(cell?.children[0]),
      lunarLabel: size(cell?.children[1]),
      cellHeight: cell?.getBoundingClientRect().height ?? Number.NaN,
      cardLunar: size(card?.querySelector('h2 + p')),
      cardSolar: size(card?.querySelector('h2')),
      tabLabel: size(tab?.children[1]),
      tabIcon: tab?.children[0]?.getBoundingClientRect().width ?? Number.NaN,
      tabBar:
        document.querySelector('nav[aria-label="主导航"]')?.getBoundingClientRect().height ?? Number.NaN,
    };
  });
}

/** Turns 长辈模式 on or off as the 主题设置 page stores it, and opens the calendar on 2024-02-10. */
async function openCalendar(t: TestContext, elder: boolean) {
  await t.open('/pages/index/index');
  await t.page.evaluate((on) => localStorage.setItem('elder-mode', JSON.stringify(on)), elder);
  await t.page.reload();
  await t.page.getByRole('region', { name: '当日信息' }).waitFor();
}

/**
 * 长辈模式 enlarges the calendar itself: the grid's day numbers and lunar labels by at least a quarter,
 * the day card and the tab bar too; at 375×812 and on a 320×568 phone the page still fits the width and
 * every control stays thumb-sized. Screenshots of both modes at both sizes.
 */
test('elderModeEnlargesTheCalendar', async ({ t }) => {
  const problems: string[] = [];
  await openCalendar(t, false);
  const normal = await calendarSizes(t);
  await t.screenshot('calendar-normal-375x812');
  await openCalendar(t, true);
  const elder = await calendarSizes(t);
  await t.screenshot('calendar-elder-375x812');
  const ratio = (key: keyof CalendarSizes) => elder[key] / normal[key];
  for (const key of ['dayNumber', 'lunarLabel'] as const) {
    if (!(ratio(key) >= 1.25))
      problems.push(`grid ${key}: ${normal[key]} → ${elder[key]} px (×${ratio(key).toFixed(2)})`);
  }
  for (const key of ['cellHeight', 'cardLunar', 'cardSolar', 'tabLabel', 'tabIcon', 'tabBar'] as const) {
    if (!(ratio(key) >= 1.15))
      problems.push(`${key}: ${normal[key]} → ${elder[key]} px (×${ratio(key).toFixed(2)})`);
  }
  problems.push(...(await checkLayout(t, 'calendar in 长辈模式')));
  problems.push(...(await checkWords('calendar in 长辈模式', calendarWords(t))));
  problems.push(...(await checkTapTargets(t, 'calendar in 长辈模式')));

  await t.page.setViewportSize(NARROW_VIEWPORT);
  await openCalendar(t, true);
  await t.screenshot('calendar-elder-320x568-week');
  problems.push(...(await checkLayout(t, 'calendar in 长辈模式 at 320 (week)', NARROW_VIEWPORT.width)));
  await t.page.getByRole('button', { name: '展开整月' }).tap();
  await t.page.getByRole('button', { name: '收起为一周' }).waitFor();
  await t.screenshot('calendar-elder-320x568-month');
  problems.push(...(await checkLayout(t, 'calendar in 长辈模式 at 320 (month)', NARROW_VIEWPORT.width)));
  problems.push(...(await checkWords('calendar in 长辈模式 at 320', calendarWords(t))));
  problems.push(...(await checkTapTargets(t, 'calendar in 长辈模式 at 320')));
  await openCalendar(t, false);
  await t.screenshot('calendar-normal-320x568-month');
  assert(problems.length === 0, problems.join('\n'));
});

/**
 * Every day of `year` at 320 px, as a reader taps through it: each month's grid and each day's card
 * (道历/佛历 festival names of up to 18 characters on some days, e.g. 2026-11-28) must leave the page
 * exactly as wide as the screen, no element of the grid or the card may reach past its edge, no cell
 * label may be cut off and no ×3 mark may slip under a 休 badge. Run in the page (a Playwright round trip per day would take minutes):
 * each tap, one frame for the app to draw, the checks.
 */
async function sweepYear(t: TestContext, year: number, elder: boolean) {
  await t.page.setViewportSize(NARROW_VIEWPORT);
  // Whole months (every day on screen), no slide-in to wait for.
  await t.page.emulateMedia({ reducedMotion: 'reduce' });
  await t.open('/pages/index/index');
  await t.page.evaluate((on) => {
    localStorage.setItem('elder-mode', JSON.stringify(on));
    localStorage.setItem('xuanli-calendar-grid', JSON.stringify('month'));
  }, elder);
  // A new hash alone would keep the page (and the grid size it read at start): load it afresh.
  await t.open(`/pages/index/index?date=${year}-01-01`);
  await t.page.reload();
  await t.page.getByRole('list', { name: `${year}年1月` }).waitFor();
  const result = await t.page.evaluate(async (y) => {
    const problems: string[] = [];
    let days = 0;
    const frame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    /** Waits (up to 2 s) until `find` finds something: the app draws a tap's result in its own time. */
    const until = async <T>(find: () => T | null | undefined): Promise<T | null> => {
      for (let waited = 0; waited < 2000; waited += 10) {
        const found = find();
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return null;
    };
    const width = window.innerWidth;
    const check = (what: string) => {
      if (document.documentElement.scrollWidth > width)
        problems.push(`${what}: the page is ${document.documentElement.scrollWidth} px wide`);
      for (const selector of ['section[aria-label="月历"]', 'section[aria-label="当日信息"]']) {
        for (const element of document.querySelector(selector)?.querySelectorAll('*') ?? []) {
          const box = element.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          if (box.right > width + 0.5 || box.left < -0.5)
            problems.push(
              `${what}: <${element.tagName.toLowerCase()}> "${element.textContent?.slice(0, 20)}" spans ${Math.round(box.left)}…${Math.round(box.right)}`,
            );
        }
      }
      for (const label of document.querySelectorAll('ul[aria-label] button > span:last-child')) {
        if (label.scrollWidth > label.clientWidth + 0.5)
          problems.push(
            `${what}: cell label "${(label as HTMLElement).innerText}" cut off (${label.scrollWidth} > ${label.clientWidth})`,
          );
      }
      // A cell with both a ×3/×2 mark and a 休/班 badge: side by side, not one over the other.
      for (const cell of document.querySelectorAll('ul[aria-label] button')) {
        if (cell.children.length < 4) continue;
        const [mark, badge] = [...cell.children].map((child) => child.getBoundingClientRect());
        if (mark && badge && mark.right > badge.left + 0.5)
          problems.push(
            `${what}: in ${cell.getAttribute('aria-label')} the mark reaches under the badge (${Math.round(mark.right)} > ${Math.round(badge.left)})`,
          );
      }
    };
    for (let month = 1; month <= 12; month++) {
      const grid = await until(() => document.querySelector(`ul[aria-label="${y}年${month}月"]`));
      if (!grid) {
        problems.push(`no grid of ${y}年${month}月`);
        break;
      }
      const cells = [...grid.querySelectorAll<HTMLButtonElement>('button')].filter((button) =>
        button.getAttribute('aria-label')?.startsWith(`${month}月`),
      );
      for (const cell of cells) {
        const day = cell.getAttribute('aria-label')?.split(' ')[0] ?? '';
        cell.click();
        await frame();
        const heading = await until(() => {
          const text = document.querySelector('section[aria-label="当日信息"] h2')?.textContent;
          return text?.includes(`${y}年${day}`) ? text : null;
        });
        if (!heading) problems.push(`${day}: the card did not show the day tapped`);
        check(`${y}年${day}`);
        days++;
      }
      (document.querySelector('button[aria-label="下个月"]') as HTMLButtonElement).click();
      await frame();
    }
    return { days, problems: problems.slice(0, 20) };
  }, year);
  assert(result.days >= 365, `only ${result.days} days of ${year} were checked`);
  assert(
    result.problems.length === 0,
    `${elder ? '长辈模式' : 'normal'} ${year} at 320 px:\n${result.problems.join('\n')}`,
  );
}

test('narrowPhoneEveryDayOf2026', async ({ t }) => {
  await sweepYear(t, 2026, false);
});

test('narrowPhoneEveryDayOf2027', async ({ t }) => {
  await sweepYear(t, 2027, false);
});

test('narrowPhoneElderModeEveryDayOf2026', async ({ t }) => {
  await sweepYear(t, 2026, true);
});

test('narrowPhoneElderModeEveryDayOf2027', async ({ t }) => {
  await sweepYear(t, 2027, true);
});
