/**
 * The 排盘 tab (PRODUCT.md#bazi), as a reader uses it: fill the birth form, read the chart (四柱, 五行, 起运,
 * 大运 → 流年 → 流月 → 流日, 口径, readings from miji), save a second profile and compare the two
 * (合盘), switch between them, and share the chart as an image. Everything is found by role and
 * visible text, against the real built app and the real bzdata / miji / jxfen routes.
 *
 * Today is fixed at 2024-02-10 (after 立春 2024-02-04), so the luck panel opens on the 大运 甲申
 * (2019–2028), the 流年 2024 and the 流月 立春 丙寅. The expected values are the engine's
 * (`xuanli chart --born "公 1990-05-10 08:00" --sex 男 --json`): 1990-05-10 08:00 falls in China's
 * 1986–1991 daylight saving, so the chart uses 07:00 standard time, still the 辰 hour.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page, Response } from '@playwright/test';
import { assert, eventually, expectHash, expectText, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import {
  brokenWords,
  headerTitle,
  MIN_TAP,
  NARROW_VIEWPORT,
  overflowOn,
  settle,
  smallTapTargets,
  smallTextOn,
  type TestContext,
  tabBar,
  VIEWPORT,
} from '../lib/harness.ts';

interface Birth {
  name: string;
  sex: '男' | '女';
  calendar: '公历' | '农历';
  year: number;
  /** The month option's value: '5', or '6L' for a lunar leap month. */
  month: string;
  day: number;
  hour: number;
  minute: number;
}

const ZHANG: Birth = {
  name: '张三',
  sex: '男',
  calendar: '公历',
  year: 1990,
  month: '5',
  day: 10,
  hour: 8,
  minute: 0,
};
/** 农历 1979 闰六月十五 14:30 = 公历 1979-08-07: a leap month, a 己未 year (未 and 午 make 六合). */
const LI: Birth = {
  name: '李四',
  sex: '女',
  calendar: '农历',
  year: 1979,
  month: '6L',
  day: 15,
  hour: 14,
  minute: 30,
};

const TOPICS = ['婚姻', '财运', '搬家', '疾病', '官司'];

function form(page: Page): Locator {
  return page.getByRole('form', { name: '出生资料' });
}

function card(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

function pathOf(response: Response): string {
  return new URL(response.url()).pathname;
}

/** Opens the calendar, then the 排盘 tab from the tab bar; with nothing saved it shows the form. */
async function openBaziTab(t: TestContext): Promise<void> {
  await t.open('/pages/index/index');
  await tabBar(t.page).getByRole('link', { name: '排盘' }).tap();
  await expectHash(t.page, '#/pages/suan/index');
  await expectText(headerTitle(t.page), '排盘', 'header of the 排盘 tab');
}

/** Fills the form field by field as a reader does (segments tapped, native selects picked). */
async function fillForm(page: Page, birth: Birth): Promise<void> {
  const f = form(page);
  await expectVisible(f, 'the birth form');
  await f.getByRole('textbox', { name: '姓名' }).fill(birth.name);
  const sexLabel = birth.sex === '男' ? '乾造（男）' : '坤造（女）';
  await f.getByText(sexLabel, { exact: true }).tap();
  assert(await f.getByRole('radio', { name: sexLabel }).isChecked(), `${sexLabel} should be checked`);
  await f.getByText(birth.calendar, { exact: true }).tap();
  assert(
    await f.getByRole('radio', { name: birth.calendar }).isChecked(),
    `${birth.calendar} should be checked`,
  );
  const pick = (label: string, value: string) =>
    f.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  await pick('年', String(birth.year));
  await pick('月', birth.month);
  await pick('日', String(birth.day));
  await pick('时', String(birth.hour));
  await pick('分', String(birth.minute));
}

/** Submits the form and waits for the chart of `name`, returning the bzdata answer it was drawn from. */
async function submitAndReadChart(page: Page, name: string, label = '开始排盘'): Promise<unknown> {
  const answer = page.waitForResponse((r) => /\/api\/app\/bln\.suan\/bzdata$/i.test(pathOf(r)));
  await form(page).getByRole('button', { name: label }).tap();
  const response = await answer;
  assert(response.status() === 200, `bzdata answered HTTP ${response.status()}`);
  await expectText(card(page, '命主').getByRole('heading', { level: 2 }), name, 'name atop the chart');
  await expectVisible(page.getByRole('table', { name: '四柱' }), `the 四柱 table of ${name}`);
  return ((await response.json()) as { resData: unknown }).resData;
}

/** The texts of the four cells of the 四柱 row headed `label`. */
async function pillarRow(page: Page, label: string): Promise<string[]> {
  const row = page
    .getByRole('table', { name: '四柱' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Waits until the locator's visible text, all whitespace removed, equals `expected`. */
async function expectCompact(locator: Locator, expected: string, what: string): Promise<void> {
  await eventually(
    `${what}: expected ${expected}`,
    async () => (await locator.innerText({ timeout: 1000 })).replace(/\s+/g, ''),
    (text) => text === expected,
  );
}

/** Scrolls `locator` to just under the sticky page header, for a screenshot that starts with it. */
async function scrollUnderHeader(page: Page, locator: Locator): Promise<void> {
  const headerBottom = await headerTitle(page).evaluate(
    (h1) => (h1.closest('header') ?? h1).getBoundingClientRect().bottom,
  );
  await locator.evaluate((element, top) => {
    window.scrollBy(0, element.getBoundingClientRect().top - top - 8);
  }, headerBottom);
  await settle(locator);
}

/** The form's fixed bar holding 开始排盘 / 保存并排盘 (null when the form is not shown). */
function actionBarTop(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const form = document.querySelector('form[aria-label="出生资料"]');
    const bar = form?.querySelector('button[type="submit"]')?.parentElement;
    return bar ? bar.getBoundingClientRect().top : null;
  });
}

/**
 * Whether `locator` can be seen without scrolling: inside the viewport, below the sticky header and
 * above the tab bar and the form's fixed 开始排盘 bar.
 */
async function inView(page: Page, locator: Locator): Promise<{ ok: boolean; detail: string }> {
  const headerBottom = await headerTitle(page).evaluate(
    (h1) => (h1.closest('header') ?? h1).getBoundingClientRect().bottom,
  );
  const tabTop = await tabBar(page).evaluate((nav) => nav.getBoundingClientRect().top);
  const formBarTop = await actionBarTop(page);
  const barTop = formBarTop === null ? tabTop : Math.min(tabTop, formBarTop);
  const box = await locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });
  return {
    ok: box.top >= headerBottom - 1 && box.bottom <= barTop + 1,
    detail: `box ${Math.round(box.top)}–${Math.round(box.bottom)} px, visible band ${Math.round(headerBottom)}–${Math.round(barTop)} px`,
  };
}

/** No page wider than the phone and no text under 12 px (the tab bar's 10 px labels aside). */
async function expectPhoneLayout(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()?.width ?? VIEWPORT.width;
  const { scrollWidth, culprits } = await overflowOn(page);
  assert(
    scrollWidth <= width,
    `${what}: page is ${scrollWidth} px wide (> ${width}); ${culprits.join(', ')}`,
  );
  const small = await smallTextOn(page);
  assert(small.length === 0, `${what}: text under 12 px: ${small.slice(0, 6).join('; ')}`);
}

/** Every control on screen at least 44×44 px (links, buttons, selects, the switch, the segments). */
async function expectThumbSizedControls(page: Page, what: string): Promise<void> {
  const small = await smallTapTargets(page);
  assert(small.length === 0, `${what}: tap targets under ${MIN_TAP}×${MIN_TAP} px: ${small.join('; ')}`);
}

/** No word drawn across two lines inside any of the named elements (金/堂, 晚子时不/换日). */
async function expectWordsWhole(what: string, elements: Record<string, Locator>): Promise<void> {
  const problems: string[] = [];
  for (const [name, locator] of Object.entries(elements)) {
    assert((await locator.count()) > 0, `${what}: ${name} is not on the page`);
    const broken = await brokenWords(locator);
    if (broken.length > 0) problems.push(`${name}: ${broken.join('; ')}`);
  }
  assert(problems.length === 0, `${what}: words broken across lines:\n${problems.join('\n')}`);
}

/**
 * 开始排盘 is on the first screen: the form's bar sits right on the tab bar, fully visible with the
 * page scrolled to the top; scrolled to the bottom, the form's last line ends above the bar.
 */
async function expectSubmitBarOnFirstScreen(page: Page, label: string, what: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const submit = form(page).getByRole('button', { name: label });
  // The button lives in the bar, so the band it must be in ends at the tab bar, not at the bar.
  const band = await page.evaluate(() => ({
    top: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
    bottom: document.querySelector('nav[aria-label="主导航"]')?.getBoundingClientRect().top ?? innerHeight,
  }));
  const box = await submit.boundingBox();
  assert(
    box && box.y >= band.top - 0.5 && box.y + box.height <= band.bottom + 0.5,
    `${what}: ${label} should be on the first screen (box ${JSON.stringify(box)}, visible band ${band.top}–${band.bottom} px)`,
  );
  assert(box.height >= MIN_TAP, `${what}: ${label} is ${box.height} px tall`);
  const [barTop, barBottom, tabTop] = await Promise.all([
    actionBarTop(page),
    submit.evaluate((b) => b.parentElement?.getBoundingClientRect().bottom ?? 0),
    tabBar(page).evaluate((nav) => nav.getBoundingClientRect().top),
  ]);
  assert(barTop !== null, `${what}: no submit bar`);
  assert(
    Math.abs(barBottom - tabTop) <= 1,
    `${what}: the bar should sit on the tab bar (${barBottom} vs ${tabTop})`,
  );
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastBottom = await form(page).evaluate((f) => {
    const card = f.firstElementChild;
    return card ? card.getBoundingClientRect().bottom : 0;
  });
  const barTopScrolled = (await actionBarTop(page)) ?? 0;
  assert(
    lastBottom <= barTopScrolled + 0.5,
    `${what}: the form's last options end at ${Math.round(lastBottom)} px, under the bar at ${Math.round(barTopScrolled)} px`,
  );
}

/** The form's short words: field labels, every segment (乾造（男）, 晚子时不换日 …), the switch row. */
function formWords(page: Page): Record<string, Locator> {
  const f = form(page);
  return {
    segments: f.locator('label').filter({ has: page.getByRole('radio') }),
    'field labels': f.locator('legend').or(f.getByText(/^(姓名|性别|子时|真太阳时|起运)$/)),
    buttons: f.getByRole('button'),
  };
}

/** The chart's short words: 神煞 and every cell of the 四柱 table, chips, tags, buttons, 合盘 labels. */
function chartWords(page: Page): Record<string, Locator> {
  return {
    '四柱 table': page.getByRole('table', { name: '四柱' }).locator('th, td li, td'),
    命主: card(page, '命主').locator('h2, span, button'),
    宫位: card(page, '四柱').locator('dl dt, dl dd'),
    五行: card(page, '五行').getByRole('listitem'),
    大运: card(page, '大运流年').getByRole('list', { name: '大运' }).getByRole('button'),
    口径: card(page, '排盘口径').getByRole('list', { name: '排盘口径' }).getByRole('listitem'),
    '合盘 choices': card(page, '合盘').locator('label'),
    '合盘 grades': card(page, '合盘')
      .getByRole('list', { name: '合盘结果' })
      .getByRole('listitem')
      .locator(':scope > div > span'),
  };
}

/** The five 五行 percentages the 五行 card prints, in 木火土金水 order. */
async function pagePercents(page: Page): Promise<Record<string, number>> {
  const rows = await card(page, '五行').getByRole('list', { name: '五行统计' }).getByRole('listitem').all();
  const out: Record<string, number> = {};
  for (const row of rows) {
    const label = (await row.getAttribute('aria-label')) ?? '';
    const match = /^(\S) \d+个，占(\d+)%$/.exec(label);
    assert(match, `五行 row label: ${label}`);
    out[match[1]] = Number(match[2]);
  }
  return out;
}

test('fillTheFormReadTheChartAndDrillTheLuckCycles', async ({ t }) => {
  const { page } = t;
  await openBaziTab(t);
  const f = form(page);
  // With nothing saved the form opens on the sample profile 示例 / 男.
  assert(
    (await f.getByRole('textbox', { name: '姓名' }).inputValue()) === '示例',
    'the form should open on the sample profile 示例',
  );
  await fillForm(page, ZHANG);
  // The other calendar is shown as the reader picks: 公历 1990-05-10 is 农历四月十六, 辰时.
  await expectVisible(f.getByText(/农历 1990年四月十六 辰时/), 'lunar reading of the picked birth');
  await expectPhoneLayout(page, 'the birth form');
  await expectThumbSizedControls(page, 'the birth form');
  await expectWordsWhole('the birth form', formWords(page));
  await t.screenshot('bazi-form');
  await expectSubmitBarOnFirstScreen(page, '开始排盘', 'the birth form');
  await t.screenshot('bazi-form-bottom');

  const miji = page.waitForResponse((r) => /\/api\/app\/bln\.suan\/miji$/i.test(pathOf(r)));
  await submitAndReadChart(page, ZHANG.name);

  // 命主: 乾造, the 马 year, both calendars.
  const summary = card(page, '命主');
  await expectVisible(summary.getByText('乾造', { exact: true }), '乾造 tag');
  await expectVisible(summary.getByText(/属马/), 'zodiac animal 马');
  await expectVisible(summary.getByText('公历 1990年5月10日 08:00'), 'solar birth line');
  await expectVisible(summary.getByText(/农历 一九九〇年四月十六 辰时/), 'lunar birth line');
  await page.evaluate(() => window.scrollTo(0, 0));
  await t.screenshot('bazi-chart-top');

  // 四柱: 庚午 辛巳 乙亥 庚辰, column by column.
  const stems = await pillarRow(page, '天干');
  const branches = await pillarRow(page, '地支');
  const pillars = stems.map((stem, i) => stem + branches[i]).join(' ');
  assert(pillars === '庚午 辛巳 乙亥 庚辰', `four pillars: expected 庚午 辛巳 乙亥 庚辰, got ${pillars}`);
  const headings = await page.getByRole('table', { name: '四柱' }).getByRole('columnheader').allInnerTexts();
  const columns = headings.map((h) => h.trim()).filter((h) => h && h !== '项目');
  assert(columns.join(' ') === '年柱 月柱 日柱 时柱', `pillar headings: ${headings.join(' ')}`);
  const gods = await pillarRow(page, '十神');
  assert(gods.join(' ') === '正官 七杀 元男 正官', `十神 row: ${gods.join(' ')}`);
  for (const label of ['藏干', '地势', '纳音', '旬空', '神煞']) {
    const cells = await pillarRow(page, label);
    assert(cells.length === 4 && cells.every(Boolean), `${label} row should fill all four pillars: ${cells}`);
  }
  const nayin = await pillarRow(page, '纳音');
  assert(nayin[0] === '路旁土', `纳音 of 庚午 should be 路旁土, got ${nayin[0]}`);
  await scrollUnderHeader(page, card(page, '四柱'));
  await t.screenshot('bazi-pillar-table');

  // 五行: one bar per phase, each labelled with its character and its count; 金3 木1 水1 火2 土1.
  const rows = card(page, '五行').getByRole('list', { name: '五行统计' }).getByRole('listitem');
  const expected: Record<string, number> = { 金: 3, 木: 1, 水: 1, 火: 2, 土: 1 };
  assert((await rows.count()) === 5, `五行 rows: ${await rows.count()}`);
  const widths: Record<string, number> = {};
  for (const row of await rows.all()) {
    const text = (await row.innerText()).replace(/\s+/g, ' ').trim();
    const phase = text[0];
    assert(phase in expected, `a 五行 row should start with its character, got "${text}"`);
    assert(
      new RegExp(`^${phase}\\s*${expected[phase]}个 · \\d+%\\s*含藏干 \\d+$`).test(text),
      `五行 row ${phase}: expected ${expected[phase]}个, got "${text}"`,
    );
    widths[phase] = await row.evaluate(
      (li) => li.children[1]?.firstElementChild?.getBoundingClientRect().width ?? 0,
    );
  }
  assert(
    widths.金 > widths.火 && widths.火 > widths.木 && widths.木 > 0,
    `bar lengths should follow the counts (金3 > 火2 > 木1): ${JSON.stringify(widths)}`,
  );
  await expectVisible(card(page, '五行').getByText(/八字五行俱全/), 'the 五行 note');

  // 起运 and 交运.
  const luck = card(page, '大运流年');
  await expectVisible(luck.getByText('出生后8年11个月28天20小时起运', { exact: true }), '起运 age');
  await expectVisible(luck.getByText(/1999-05-09 04:00（顺排，至下一节芒种）/), '交运 date and direction');

  // The panel opens on today: 大运 甲申 (2019–2028), 流年 2024 甲辰, 流月 立春 丙寅 and its 流日.
  const cycles = luck.getByRole('list', { name: '大运' }).getByRole('button');
  assert((await cycles.count()) === 11, `大运 row: 童限 and 10 cycles expected, got ${await cycles.count()}`);
  const pressed = (list: string) =>
    luck.getByRole('list', { name: list, exact: true }).locator('button[aria-pressed="true"]');
  await expectCompact(pressed('大运'), '201930岁甲申劫', 'the current 大运');
  assert(
    (await pressed('大运').getAttribute('aria-label')) === '大运甲申 2019–2028年 30岁起',
    `current 大运 label: ${await pressed('大运').getAttribute('aria-label')}`,
  );
  await expectCompact(pressed('流年'), '202435岁甲辰劫', 'the current 流年');
  await expectCompact(pressed('流月'), '立春2/4丙寅伤', 'the current 流月');
  await expectVisible(luck.getByRole('list', { name: '流日' }), '流日 of the current month');

  // Drill: tap the next 大运 → its ten 流年 → tap 2030 → its twelve 流月 → tap 惊蛰 → its 流日.
  await luck.getByRole('button', { name: '大运乙酉 2029–2038年 40岁起' }).tap();
  await expectCompact(pressed('大运'), '202940岁乙酉比', 'the tapped 大运');
  const years = luck.getByRole('list', { name: '流年' }).getByRole('button');
  await eventually(
    '流年 of 乙酉 should be 2029–2038',
    async () => (await years.allInnerTexts()).map((y) => y.trim().split(/\s+/)[0]).join(' '),
    (text) => text === '2029 2030 2031 2032 2033 2034 2035 2036 2037 2038',
  );
  assert((await luck.getByRole('list', { name: '流月' }).count()) === 0, 'no 流月 until a 流年 is picked');

  const liuyue = page.waitForResponse(
    (r) => /\/bzdata$/i.test(pathOf(r)) && (r.request().postData() ?? '').includes('"liuyueYear":2030'),
  );
  await luck.getByRole('button', { name: '流年2030年 庚戌 正官' }).tap();
  await liuyue;
  await expectVisible(luck.getByRole('heading', { name: /2030年流月/ }), '2030年流月 heading');
  const months = luck.getByRole('list', { name: '流月' }).getByRole('button');
  await eventually(
    'twelve 流月 of 2030',
    () => months.count(),
    (n) => n === 12,
  );
  const firstMonth = await months.first().getAttribute('aria-label');
  assert(firstMonth === '流月立春 戊寅 正财', `first 流月 of 2030: ${firstMonth}`);

  await luck.getByRole('button', { name: '流月惊蛰 己卯 偏财' }).tap();
  await expectCompact(pressed('流月'), '惊蛰3/5己卯才', 'the tapped 流月');
  await expectVisible(luck.getByRole('heading', { name: /流日\s*己卯月/ }), '流日 heading of 己卯月');
  const days = luck.getByRole('list', { name: '流日' }).getByRole('listitem');
  // From 惊蛰 (2030-03-05) to the day before 清明 (2030-04-05): 31 days, 己亥 … 己巳.
  await eventually(
    '31 流日 in 己卯月',
    () => days.count(),
    (n) => n === 31,
  );
  await expectCompact(days.first(), '3/5己亥才', 'first 流日');
  await expectCompact(days.last(), '4/4己巳才', 'last 流日');
  await scrollUnderHeader(page, luck);
  await t.screenshot('bazi-luck-drill');
  await scrollUnderHeader(page, luck.getByRole('heading', { name: /流日/ }));
  await t.screenshot('bazi-luck-days');
  await expectPhoneLayout(page, 'the chart with the luck drill open');

  // Over to the calendar tab and back: the page unmounts, yet the reader finds it where they left it —
  // the same scroll position and the same 大运 乙酉 / 流年 2030 / 流月 惊蛰.
  const pickedBefore = await Promise.all(
    ['大运', '流年', '流月'].map((l) => pressed(l).getAttribute('aria-label')),
  );
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  assert(scrolledBefore > 500, `the page should be scrolled down to the 流日 (scrollY ${scrolledBefore})`);
  await tabBar(page).getByRole('link', { name: '日历' }).tap();
  await expectHash(page, '#/pages/index/index');
  await page.getByRole('region', { name: '当日信息' }).waitFor();
  await tabBar(page).getByRole('link', { name: '排盘' }).tap();
  await expectHash(page, '#/pages/suan/index');
  await expectVisible(page.getByRole('table', { name: '四柱' }), 'the chart after coming back');
  await eventually(
    `scroll position after coming back should be ${scrolledBefore}`,
    () => page.evaluate(() => window.scrollY),
    (y) => Math.abs(y - scrolledBefore) <= 2,
    3000,
  );
  const pickedAfter = await Promise.all(
    ['大运', '流年', '流月'].map((l) => pressed(l).getAttribute('aria-label')),
  );
  assert(
    pickedAfter.join() === pickedBefore.join(),
    `picks after coming back: ${pickedAfter.join(' / ')}, before: ${pickedBefore.join(' / ')}`,
  );
  await t.screenshot('bazi-back-from-calendar');

  // 口径: the conventions used, and clock vs standard time (daylight saving in 1990).
  const conventions = card(page, '排盘口径');
  const items = (
    await conventions.getByRole('list', { name: '排盘口径' }).getByRole('listitem').allInnerTexts()
  ).map((i) => i.trim());
  for (const item of ['晚子时不换日(0点换日)', '北京时间(夏令时已减1小时)', '未用真太阳时']) {
    assert(items.includes(item), `口径 should list ${item}: ${items.join(' | ')}`);
  }
  await expectVisible(conventions.getByText(/1990-05-10 08:00（夏令时）/), 'clock time with 夏令时');
  await expectVisible(
    conventions.getByRole('definition').filter({ hasText: /^1990-05-10 07:00$/ }),
    'the standard time the chart used',
  );

  // Readings: the server's text, shown as it came.
  const mijiResponse = await miji;
  assert(mijiResponse.status() === 200, `miji answered HTTP ${mijiResponse.status()}`);
  const readings = (
    (await mijiResponse.json()) as {
      resData: { sections: { title: string; items: { title: string; body: string }[] }[] };
    }
  ).resData;
  const first = readings.sections.find((s) => s.items.length > 0);
  assert(first, `miji gave no readings: ${JSON.stringify(readings).slice(0, 200)}`);
  const readingCard = card(page, '命理解读');
  await expectVisible(readingCard.getByText(first.title, { exact: true }), `reading section ${first.title}`);
  await expectVisible(
    readingCard.getByRole('heading', { level: 4, name: first.items[0].title, exact: true }),
    `reading ${first.items[0].title}`,
  );
  await expectVisible(readingCard.getByText(first.items[0].body.slice(0, 20)), 'reading body from miji');
  assert(readings.sections.length >= 2, `miji should give several sections, got ${readings.sections.length}`);
  await scrollUnderHeader(page, conventions);
  await t.screenshot('bazi-koujing-readings');
});

test('badInputIsExplainedBesideTheField', async ({ t }) => {
  const { page } = t;
  await openBaziTab(t);
  const f = form(page);
  const name = f.getByRole('textbox', { name: '姓名' });
  await name.fill('');
  await f.getByRole('button', { name: '开始排盘' }).tap();
  const error = f.getByRole('alert');
  await expectText(error, '请填写姓名', 'empty name');
  assert((await name.getAttribute('aria-invalid')) === 'true', 'the name field should be marked invalid');
  const describedBy = await name.getAttribute('aria-describedby');
  assert(
    describedBy && describedBy === (await error.getAttribute('id')),
    'the message should describe the field',
  );
  const [inputBox, errorBox] = [await name.boundingBox(), await error.boundingBox()];
  assert(inputBox && errorBox, 'name field and message should have boxes');
  assert(
    errorBox.y >= inputBox.y + inputBox.height - 1 &&
      errorBox.y - (inputBox.y + inputBox.height) < 24 &&
      errorBox.x < inputBox.x + inputBox.width &&
      errorBox.x + errorBox.width > inputBox.x,
    `the message should sit right under the field: field ${JSON.stringify(inputBox)}, message ${JSON.stringify(errorBox)}`,
  );
  assert((await page.getByRole('table', { name: '四柱' }).count()) === 0, 'no chart for an empty name');
  // The reader tapped 开始排盘 at the bottom of the long form: the message must come into view (the
  // form scrolls to or focuses the field), else the tap seems to do nothing.
  const seen = await eventually(
    'the name message should be in view after 开始排盘',
    () => inView(page, error),
    (v) => v.ok,
    2000,
  ).catch(async () => inView(page, error));
  await t.screenshot('bazi-form-error');
  await expectPhoneLayout(page, 'the form with an error');

  // Typing clears the message; too long a name gets its own.
  await name.fill('一二三四五六七八九十一二三');
  assert((await f.getByRole('alert').count()) === 0, 'typing should clear the message');
  await f.getByRole('button', { name: '开始排盘' }).tap();
  await expectText(f.getByRole('alert'), '姓名最多 12 个字', 'a 13-character name');

  // Last, so the checks above run even while this one fails.
  assert(seen.ok, `after tapping 开始排盘 the message 请填写姓名 is off screen (${seen.detail})`);
});

test('saveASecondProfileCompareAndSwitch', async ({ t }) => {
  const { page } = t;
  // The card asks jxfen as soon as both charts are in, so listen from the start.
  const jxfenAnswers: { wo: string; ta: string; relation: string }[] = [];
  page.on('response', (r) => {
    if (!/\/api\/app\/bln\.suan\/jxfen$/i.test(pathOf(r))) return;
    // No throwing in a listener (it would be an unhandled rejection); bad answers are simply not kept,
    // and a 5xx fails the test through the harness anyway.
    r.json()
      .then((body: { resData?: { wo: string; ta: string; relation: string } }) => {
        if (r.status() === 200 && body.resData) jxfenAnswers.push(body.resData);
      })
      .catch(() => {});
  });
  await openBaziTab(t);
  await fillForm(page, ZHANG);
  await submitAndReadChart(page, ZHANG.name);

  // A second profile: 坤造, 农历 with a leap month.
  await card(page, '命主').getByRole('button', { name: '新建' }).tap();
  await fillForm(page, LI);
  await expectVisible(form(page).getByText(/公历 1979年8月7日/), 'solar reading of 农历 1979 闰六月十五');
  await t.screenshot('bazi-form-lunar-leap');
  await submitAndReadChart(page, LI.name);
  const summary = card(page, '命主');
  await expectVisible(summary.getByText('坤造', { exact: true }), '坤造 tag');
  await expectVisible(summary.getByText(/农历 一九七九年闰六月十五 未时/), 'lunar leap-month birth line');
  const pillars = (await pillarRow(page, '天干')).join('');
  const branches = (await pillarRow(page, '地支')).join('');
  assert(`${pillars}|${branches}` === '己辛丙乙|未未午未', `李四's pillars: ${pillars}|${branches}`);

  // 合盘 with the other saved profile: 未 × 午 is 六合, with the five topics scored.
  const compat = card(page, '合盘');
  await scrollUnderHeader(page, compat);
  assert(
    await compat.getByRole('radio', { name: '与命例合盘' }).isChecked(),
    '合盘 should open on the other profile',
  );
  await expectVisible(compat.getByRole('combobox', { name: '对方' }), 'the 对方 picker');
  await expectVisible(
    compat.getByText('按年支（生肖）配对：李四的年支 未（羊） × 张三的年支 午（马）'),
    'which branches are compared',
  );
  // (With one profile the card compared 午 with today's 辰; this is the answer for the pair.)
  const answer = await eventually(
    'a jxfen answer for 未 × 午',
    async () => jxfenAnswers.find((a) => a.wo === '未' && a.ta === '午'),
    Boolean,
  );
  assert(answer, 'no jxfen answer for 未 × 午');
  assert(answer.relation === '六合', `jxfen relation of 未 × 午: ${answer.relation}`);
  await expectVisible(compat.getByText('六合', { exact: true }), 'the relation 六合');
  const topics = compat.getByRole('list', { name: '合盘结果' }).getByRole('listitem');
  await eventually(
    'five 合盘 topics',
    () => topics.count(),
    (n) => n === 5,
  );
  for (const [i, topic] of (await topics.allInnerTexts()).entries()) {
    const text = topic.replace(/\s+/g, ' ').trim();
    assert(
      new RegExp(`^${TOPICS[i]} \\S*[吉凶平]\\S* \\d{1,3}分 \\S`).test(text),
      `topic ${TOPICS[i]}: expected label, grade, score and description, got "${text}"`,
    );
  }
  // The answer is kept (PRODUCT.md#hehun, #screens) in local storage under jx-fen- + a hash of the body.
  const cached = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('jx-fen-'))
      .map(
        (k) =>
          JSON.parse(localStorage.getItem(k) ?? 'null') as { wo?: string; ta?: string; relation?: string },
      ),
  );
  assert(
    cached.some((c) => c.wo === '未' && c.ta === '午' && c.relation === '六合'),
    `a jx-fen- cache entry for 未 × 午 expected, got ${JSON.stringify(cached.map((c) => [c.wo, c.ta, c.relation]))}`,
  );
  // Each topic explains the relation in its own words, and a note says what the score does not mean.
  const descs = await compat
    .getByRole('list', { name: '合盘结果' })
    .getByRole('listitem')
    .locator('p')
    .allInnerTexts();
  assert(new Set(descs).size === 5, `five different explanations expected: ${descs.join(' | ')}`);
  assert(
    descs.every((d) => d.startsWith('未午六合，')),
    `each explanation should name the relation 未午六合: ${descs.join(' | ')}`,
  );
  await expectVisible(
    compat.getByRole('note', { name: '分数说明' }).getByText('不代表整体八字合婚结论'),
    'the note on what the score means',
  );
  await settle(compat);
  await t.screenshot('bazi-hepan');
  await expectPhoneLayout(page, 'the chart with 合盘');
  await expectThumbSizedControls(page, 'the chart with 合盘');

  // The traditional basis for marriage: the day branches (夫妻宫), 午 (丙午) × 亥 (乙亥) — 暗合.
  await compat.getByText('日支（夫妻宫）', { exact: true }).tap();
  await expectVisible(
    compat.getByText('按日支（夫妻宫）配对：李四的日支 午 × 张三的日支 亥'),
    'the day branches compared',
  );
  await expectVisible(
    compat.getByRole('list', { name: '合盘结果' }).getByText(/^午亥暗合，婚姻大吉：暗合主/),
    'the relation of the day branches, explained for marriage',
  );
  await scrollUnderHeader(page, compat);
  await t.screenshot('bazi-hepan-day-branch');
  await compat.getByText('生肖（年支）', { exact: true }).tap();
  await expectVisible(compat.getByText(/按年支（生肖）配对/), 'back to the 生肖 basis');

  // With today (2024-02-10, a 甲辰 day): 未 × 辰.
  await compat.getByText('与今日合', { exact: true }).tap();
  await expectVisible(compat.getByText(/今日（甲辰日）日支 辰/), 'today’s branch');
  await eventually(
    'five topics against today',
    () => topics.count(),
    (n) => n === 5,
  );

  // Switch to the first profile from the 命例 sheet.
  await page.getByRole('button', { name: '命例，共2个' }).tap();
  const sheet = page.getByRole('dialog', { name: '命例' });
  await expectVisible(sheet, 'the 命例 sheet');
  const picks = sheet.getByRole('button', { name: /^切换到/ });
  assert((await picks.count()) === 2, `two saved profiles expected, got ${await picks.count()}`);
  await expectVisible(sheet.getByText('农历 1979年闰6月15日 14:30'), '李四 saved with its leap month');
  assert(
    (await sheet.getByRole('button', { name: '切换到李四' }).getAttribute('aria-current')) === 'true',
    '李四 should be the current profile',
  );
  await sheet.getByRole('button', { name: '切换到张三' }).tap();
  await sheet.waitFor({ state: 'hidden' });
  await expectText(card(page, '命主').getByRole('heading', { level: 2 }), '张三', 'after switching');
  const zhang = (await pillarRow(page, '天干')).join('') + (await pillarRow(page, '地支')).join('');
  assert(zhang === '庚辛乙庚午巳亥辰', `张三's pillars after switching: ${zhang}`);
  // The card keeps the reader's last choice (与今日合) across profiles; back to the other profile.
  await card(page, '合盘').getByText('与命例合盘', { exact: true }).tap();
  await expectVisible(
    card(page, '合盘').getByText('按年支（生肖）配对：张三的年支 午（马） × 李四的年支 未（羊）'),
    '合盘 now from 张三’s side',
  );
  await expectVisible(card(page, '合盘').getByText('六合', { exact: true }), '六合 from 张三’s side too');
});

test('shareTheChartAsAnImage', async ({ t }) => {
  const { page } = t;
  await openBaziTab(t);
  await fillForm(page, ZHANG);
  await submitAndReadChart(page, ZHANG.name);

  await card(page, '命主').getByRole('button', { name: '分享图片' }).tap();
  // Desktop Chromium cannot share files, so the app shows the PNG for a long-press save.
  const overlay = page.getByRole('dialog', { name: '分享图片' });
  await expectVisible(overlay, 'the share overlay');
  await expectVisible(overlay.getByText('长按图片保存，或发送给朋友'), 'the long-press hint');
  const image = overlay.getByRole('img', { name: '八字排盘图片' });
  const info = await eventually(
    'the share image should load',
    () =>
      image.evaluate((img: HTMLImageElement) => ({
        scheme: img.src.slice(0, img.src.indexOf(':') + 1),
        complete: img.complete,
        width: img.naturalWidth,
        height: img.naturalHeight,
        shownWidth: img.getBoundingClientRect().width,
      })),
    (i) => i.complete && i.width > 0,
  );
  assert(info.scheme === 'blob:' || info.scheme === 'data:', `image src scheme: ${info.scheme}`);
  assert(
    info.width === 750 && info.height > 1000,
    `image ${info.width}×${info.height}, expected 750 wide (2×)`,
  );
  assert(info.shownWidth <= VIEWPORT.width, `the image is shown ${info.shownWidth} px wide`);
  await settle(overlay);
  await t.screenshot('bazi-share-overlay');
  await expectPhoneLayout(page, 'the share overlay');

  // The picture prints the page's own 五行 percentages, which add up to exactly 100 (not 101–102).
  const drawn = Object.fromEntries(
    ((await image.getAttribute('data-percents')) ?? '').split(',').map((p) => [p[0], Number(p.slice(1))]),
  );
  const shown = await pagePercents(page);
  const drawnSum = Object.values(drawn).reduce((a, b) => a + b, 0);
  assert(drawnSum === 100, `the image's 五行 percentages add up to ${drawnSum}: ${JSON.stringify(drawn)}`);
  assert(
    JSON.stringify(drawn) === JSON.stringify(shown),
    `image ${JSON.stringify(drawn)} vs page ${JSON.stringify(shown)}`,
  );
  // The 大运 caption is wrapped, not cut: the 交运 date and time are drawn whole.
  const luckLines = ((await image.getAttribute('data-luck-lines')) ?? '').split('\n');
  assert(
    luckLines.some((l) => l.includes('交运 1999-05-09 04:00')),
    `the image's 大运 caption lost the 交运 time: ${luckLines.join(' / ')}`,
  );
  await expectThumbSizedControls(page, 'the share overlay');

  // 下载图片 saves the very same picture: a PNG whose header gives the size the <img> decoded.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    overlay.getByRole('link', { name: '下载图片' }).tap(),
  ]);
  assert(download.suggestedFilename() === '八字-张三.png', `download name: ${download.suggestedFilename()}`);
  const bytes = await readFile(await download.path());
  assert(
    bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
    `the saved image is not a PNG (first bytes ${[...bytes.subarray(0, 8)].join(',')})`,
  );
  const [pngWidth, pngHeight] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  assert(
    pngWidth === info.width && pngHeight === info.height,
    `PNG header ${pngWidth}×${pngHeight} differs from the shown image ${info.width}×${info.height}`,
  );
  assert(bytes.length > 10_000, `the PNG is suspiciously small: ${bytes.length} bytes`);

  await overlay.getByRole('button', { name: '关闭' }).tap();
  await overlay.waitFor({ state: 'hidden' });
  await expectVisible(page.getByRole('table', { name: '四柱' }), 'the chart after closing the overlay');
});

/**
 * A 320×568 phone: the form's 开始排盘 on the first screen above the tab bar, every control thumb
 * sized, no word broken inside (晚子时不换日, 乾造（男）, the 神煞 names …), nothing wider than the
 * screen; then the chart and the share overlay, whose 下载图片 / 关闭 stay wholly on screen.
 */
test('narrowPhoneKeepsTheFormReachableAndWordsWhole', async ({ t }) => {
  const { page } = t;
  await page.setViewportSize(NARROW_VIEWPORT);
  await openBaziTab(t);
  await expectVisible(form(page), 'the birth form');
  await t.screenshot('bazi-320-form');
  await expectSubmitBarOnFirstScreen(page, '开始排盘', 'the form at 320×568');
  await t.screenshot('bazi-320-form-bottom');
  await expectPhoneLayout(page, 'the form at 320×568');
  await expectThumbSizedControls(page, 'the form at 320×568');
  await expectWordsWhole('the form at 320×568', formWords(page));

  await fillForm(page, ZHANG);
  await submitAndReadChart(page, ZHANG.name);
  await expectVisible(card(page, '合盘').getByRole('list', { name: '合盘结果' }), '合盘 with today');
  await page.evaluate(() => window.scrollTo(0, 0));
  await t.screenshot('bazi-320-chart-top');
  await scrollUnderHeader(page, card(page, '四柱'));
  await t.screenshot('bazi-320-pillar-table');
  await expectWordsWhole('the chart at 320×568', chartWords(page));
  await expectPhoneLayout(page, 'the chart at 320×568');
  await expectThumbSizedControls(page, 'the chart at 320×568');
  await scrollUnderHeader(page, card(page, '合盘'));
  await t.screenshot('bazi-320-hepan');

  // By 日支: 亥 (乙亥) × today's 辰 (甲辰) — 辰土克亥水, so some topics are 凶. One pair of branches
  // decides that, so the badge is a calm brown, never alarm red, and it says so in a reading's restrained
  // words with the reason beside it (缘分需经营 · 五行相克), never a bare 凶.
  const compat = card(page, '合盘');
  await compat.getByText('日支（夫妻宫）', { exact: true }).tap();
  await expectVisible(
    compat.getByText(/按日支配对：张三的日支 亥 × 今日（甲辰日）日支 辰/),
    'the day branches',
  );
  const results = compat.getByRole('list', { name: '合盘结果' });
  const bad = results.getByText(/^(缘分需经营|求财宜稳健|迁居宜缓行|起居宜调养|宜和不宜争)$/);
  await expectVisible(bad, 'a 凶 topic of 亥 × 辰, as advice');
  await expectVisible(results.getByText('五行相克', { exact: true }), 'its reason beside it');
  assert(!(await results.innerText()).includes('凶'), '合盘 prints a bare 凶');
  const colours = await bad.evaluateAll((els) =>
    els.map((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor].join(' / ')),
  );
  for (const colour of colours) {
    const [r, g] = (colour.match(/\d+/g) ?? []).map(Number);
    assert(r - g < 60, `a 凶 badge should not be alarm red: ${colour}`);
  }
  await scrollUnderHeader(page, compat);
  await t.screenshot('bazi-320-hepan-xiong');
  await expectWordsWhole('合盘 by 日支 at 320×568', { '合盘 grades': chartWords(page)['合盘 grades'] });

  await page.evaluate(() => window.scrollTo(0, 0));
  await card(page, '命主').getByRole('button', { name: '分享图片' }).tap();
  const overlay = page.getByRole('dialog', { name: '分享图片' });
  await expectVisible(overlay, 'the share overlay at 320×568');
  await eventually(
    'the share image should load',
    () =>
      overlay.getByRole('img', { name: '八字排盘图片' }).evaluate((img: HTMLImageElement) => img.complete),
    Boolean,
  );
  await settle(overlay);
  await t.screenshot('bazi-320-share-overlay');
  for (const control of [
    overlay.getByRole('link', { name: '下载图片' }),
    overlay.getByRole('button', { name: '关闭' }),
  ]) {
    const box = await control.boundingBox();
    assert(box, `${control} has no box`);
    assert(
      box.x >= 0 &&
        box.y >= 0 &&
        box.x + box.width <= NARROW_VIEWPORT.width + 0.5 &&
        box.y + box.height <= NARROW_VIEWPORT.height + 0.5,
      `${control} should be wholly on the 320×568 screen: ${JSON.stringify(box)}`,
    );
    assert(box.height >= MIN_TAP && box.width >= MIN_TAP, `${control} is ${box.width}×${box.height}`);
  }
  await overlay.getByRole('button', { name: '关闭' }).tap();
  await overlay.waitFor({ state: 'hidden' });
});
