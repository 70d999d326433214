/**
 * The day card under the month grid. Today is fixed at 2024-02-10 (春节, 正月初一, a statutory
 * holiday); 2024-02-04 is 立春 and a make-up workday (班) of the same holiday. The last tests set the
 * phone's clock to the server's instead: the page the API sends carries today's card by the server's
 * clock, and the app takes it over in place.
 */
import { createHash } from 'node:crypto';
import { assert, eventually, expectText, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { inFirstScreen, NARROW_VIEWPORT, type TestContext } from '../lib/harness.ts';
import {
  expectServedCalendarTakenOver,
  phoneOnServerTime,
  recordParsedState,
  serverDay,
  solarLine,
} from '../lib/server-day.ts';

function dayCard(t: TestContext) {
  return t.page.getByRole('region', { name: '当日信息' });
}

/** The grid cell of a February day; its accessible name starts with e.g. 2月4日. */
function febCell(t: TestContext, day: number) {
  return t.page
    .getByRole('list', { name: '2024年2月' })
    .getByRole('button', { name: new RegExp(`^2月${day}日 `) });
}

/** 宜 and 忌 are labelled by the characters themselves, not by colour alone. */
async function expectYiJi(t: TestContext, what: string) {
  for (const kind of ['宜', '忌']) {
    const list = dayCard(t).getByRole('list', { name: kind, exact: true });
    await expectVisible(list, `${what}: the ${kind} list`);
    const seal = dayCard(t).getByText(kind, { exact: true });
    await expectVisible(seal, `${what}: the visible ${kind} label`);
    const items = await list.getByRole('listitem').allInnerTexts();
    assert(items.length > 0 && items.every((item) => item.trim()), `${what}: ${kind} has no items`);
  }
}

test('todaysCardShowsSpringFestivalHoliday', async ({ t }) => {
  await t.open('/pages/index/index');
  const card = dayCard(t);
  await expectText(card.getByRole('heading', { level: 2 }), '2024年2月10日 星期六', 'card opens on today');
  await expectVisible(card.getByText('农历正月初一'), 'lunar date of 2024-02-10');
  await expectVisible(card.getByText(/甲辰年/), '干支 year of 2024-02-10');
  await expectVisible(card.getByText(/龙年/), 'zodiac of 2024');
  await expectVisible(card.getByText(/春节假期\s*休/), 'holiday tag 休 on 2024-02-10');
  await expectVisible(card.getByText(/三倍工资/), 'pay multiplier ×3 on the first day of 春节');
  await expectYiJi(t, '2024-02-10');

  const cell = febCell(t, 10);
  await expectText(cell.locator('span', { hasText: /^休$/ }), '休', 'the 10th shows a 休 badge in the grid');
  assert((await cell.getAttribute('aria-current')) === 'date', 'the 10th is marked as today');

  await card.scrollIntoViewIfNeeded();
  await t.screenshot('day-card-2024-02-10');
});

test('tappingADayShowsItsCard', async ({ t }) => {
  await t.open('/pages/index/index');
  const cell = febCell(t, 4);
  await expectText(cell.locator('span', { hasText: /^班$/ }), '班', 'the 4th shows a 班 badge in the grid');
  await cell.tap();
  assert((await cell.getAttribute('aria-pressed')) === 'true', 'the tapped day is selected');

  const card = dayCard(t);
  await expectText(
    card.getByRole('heading', { level: 2 }),
    '2024年2月4日 星期日',
    'card after tapping the 4th',
  );
  await expectVisible(card.getByText('农历腊月廿五'), 'lunar date of 2024-02-04');
  await expectVisible(card.getByText(/春节调休\s*班/), 'make-up workday 班 on 2024-02-04');
  await expectVisible(card.getByText(/立春/), 'solar term 立春 on 2024-02-04');
  await expectVisible(card.getByText(/16:27/), 'the exact time of 立春');
  await expectVisible(card.getByText(/佛历/), 'Buddhist calendar year');
  await expectVisible(card.getByText(/道历/), 'Taoist calendar year');
  await expectYiJi(t, '2024-02-04');
  await expectVisible(card.getByRole('link', { name: /查看老黄历/ }), 'link to 老黄历');

  await card.scrollIntoViewIfNeeded();
  await t.screenshot('day-card-2024-02-04');
});

/**
 * What a reader opens the app for is on the first screen at 375×812, without scrolling: the lunar
 * date, 宜, 忌 and the way into 老黄历 — above the tab bar, not behind it.
 */
test('daysEssentialsAreOnTheFirstScreen', async ({ t }) => {
  await t.open('/pages/index/index');
  const card = dayCard(t);
  await expectVisible(card.getByText('农历正月初一'), 'lunar date of today');
  const scrollY = await t.page.evaluate(() => window.scrollY);
  assert(scrollY === 0, `the page should open at its top, scrollY=${scrollY}`);
  const essentials = {
    'lunar date': card.getByText('农历正月初一'),
    '宜 label': card.getByText('宜', { exact: true }),
    '宜 list': card.getByRole('list', { name: '宜', exact: true }),
    '忌 label': card.getByText('忌', { exact: true }),
    '忌 list': card.getByRole('list', { name: '忌', exact: true }),
    查看老黄历: card.getByRole('link', { name: /查看老黄历/ }),
  };
  const hidden: string[] = [];
  for (const [name, locator] of Object.entries(essentials)) {
    const { visible, box } = await inFirstScreen(locator);
    if (!visible) hidden.push(`${name}: ${box}`);
  }
  await t.screenshot('first-screen-375x812');
  assert(hidden.length === 0, `not on the first screen at 375×812:\n${hidden.join('\n')}`);
});

/** Reading the card lower down, the month title stays pinned under the header. */
test('monthTitleStaysInViewWhileScrolling', async ({ t }) => {
  await t.open('/pages/index/index');
  await dayCard(t).waitFor();
  await t.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await eventually(
    'the page scrolled',
    () => t.page.evaluate(() => window.scrollY),
    (y) => y > 100,
  );
  const title = t.page.getByRole('button', { name: /选择年月/ });
  const { visible, box } = await inFirstScreen(title);
  assert(visible, `the month title scrolled away: ${box}`);
  const headerBottom = await t.page
    .locator('header')
    .first()
    .evaluate((header) => header.getBoundingClientRect().bottom);
  const titleTop = await title.evaluate((button) => button.getBoundingClientRect().top);
  assert(
    titleTop >= headerBottom - 0.5,
    `the month title hides under the header (${titleTop} < ${headerBottom})`,
  );
  await expectText(title, '2024年2月', 'pinned month title');
  await t.screenshot('calendar-scrolled-title-pinned');
});

/** Today's ring is drawn in the reader's theme colour (localStorage `theme`), not a fixed red. */
test('todayRingFollowsTheThemeColour', async ({ t }) => {
  await t.open('/pages/index/index');
  await t.page.evaluate(() => localStorage.setItem('theme', JSON.stringify('#1d4e89')));
  await t.page.reload();
  const today = febCell(t, 10);
  await today.waitFor();
  // Move the selection away, so the ring is seen on its own.
  await febCell(t, 14).tap();
  const colours = await today.evaluate((cell) => {
    const style = getComputedStyle(cell);
    return {
      border: style.borderTopColor,
      theme: getComputedStyle(document.documentElement).getPropertyValue('--xl-theme'),
    };
  });
  assert(colours.theme.trim() === '#1d4e89', `--xl-theme is ${colours.theme}`);
  assert(
    colours.border === 'rgb(29, 78, 137)',
    `today's ring is ${colours.border}, expected the theme rgb(29, 78, 137)`,
  );
  const ring = await t.page
    .getByRole('button', { name: '回到今天' })
    .locator('span')
    .evaluate((span) => getComputedStyle(span).borderTopColor);
  assert(ring === 'rgb(29, 78, 137)', `the 今 button's ring is ${ring}`);
  await t.screenshot('today-ring-blue-theme');
});

/** 万圣节前夜 does not fit a cell: it is shortened there (never clipped), and whole in the card. */
test('longFestivalNamesAreShortenedNotClipped', async ({ t }) => {
  await t.open('/pages/index/index?date=2024-10-31');
  const cell = t.page
    .getByRole('list', { name: '2024年10月' })
    .getByRole('button', { name: /^10月31日 万圣节前夜/ });
  await expectText(cell.locator('span', { hasText: /^万圣夜$/ }), '万圣夜', 'the short name in the cell');
  const clipped = await t.page
    .getByRole('list', { name: '2024年10月' })
    .evaluate((grid) =>
      [...grid.querySelectorAll('button > span:last-child')]
        .filter((label) => label.scrollWidth > label.clientWidth + 0.5)
        .map((label) => label.textContent),
    );
  assert(clipped.length === 0, `cell labels cut off: ${clipped.join(', ')}`);
  await expectVisible(dayCard(t).getByText('万圣节前夜', { exact: true }), 'the full name in the day card');
});

/**
 * The first response of /xuanli/ holds today's day card — its date, lunar date and every 宜 and 忌 word,
 * as the API's own day route answers them — and a CSP that allows the page's one inline script by its
 * hash. Then the page as it paints before any script file has arrived (scripts blocked), at 375×812.
 */
test('firstHtmlCarriesTodaysCard', async ({ t }) => {
  const day = await serverDay(t);
  const response = await t.context.request.get(t.appURL);
  assert(response.ok(), `GET ${t.appURL}: HTTP ${response.status()}`);
  const html = await response.text();
  assert(html.includes(`data-day="${day.date}"`), `the page is not marked with today, ${day.date}`);
  const root = html.slice(html.indexOf('<div id="root">'));
  const lunar = `农历${day.lunar.monthName}${day.lunar.dayName}`;
  assert(root.includes(`>${solarLine(day)}</h2>`), `no "${solarLine(day)}" in the first HTML`);
  assert(root.includes(`>${lunar} <`), `no "${lunar}" in the first HTML`);
  const missing = [...day.yi, ...day.ji].filter((word) => !root.includes(`>${word}</a>`));
  assert(missing.length === 0, `宜/忌 words missing from the first HTML: ${missing.join(' ')}`);

  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  assert(inline.length === 1, `expected one inline script, found ${inline.length}`);
  const hash = `'sha256-${createHash('sha256')
    .update(inline[0] ?? '')
    .digest('base64')}'`;
  const csp = response.headers()['content-security-policy'] ?? '';
  assert(/script-src [^;]*'self'/.test(csp) && csp.includes(hash), `CSP does not allow ${hash}: ${csp}`);

  // What a phone paints from that response alone.
  await t.page.route('**/*.js', (route) => route.abort());
  await phoneOnServerTime(t);
  await t.page.goto(t.appURL);
  await expectText(
    t.page.getByRole('region', { name: '当日信息' }).getByRole('heading', { level: 2 }),
    solarLine(day),
    'the served card',
  );
  await expectThemed(t, 'the first paint');
  await t.screenshot('first-paint-served-375x812');
});

/** The default theme colour (#672f0d) is on the header bar and today's filled cell. */
async function expectThemed(t: TestContext, what: string) {
  const colours = await t.page.evaluate(() => ({
    header: getComputedStyle(document.querySelector('header') as Element).backgroundColor,
    today: getComputedStyle(document.querySelector('button[aria-current="date"]') as Element).backgroundColor,
  }));
  const theme = 'rgb(103, 47, 13)';
  assert(
    colours.header === theme && colours.today === theme,
    `${what} is not in the theme colour: ${JSON.stringify(colours)}`,
  );
}

/**
 * On the server's day the app hydrates the served calendar: the card element the HTML brought stays
 * (React attaches to it), nothing is reported as mismatched, the bare address becomes the calendar's,
 * taps work, and a render of the same day by the app itself gives the same markup — class names
 * included — as the server's.
 */
test('theAppTakesTheServedCalendarOverInPlace', async ({ t }) => {
  const { page } = t;
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const day = await serverDay(t);
  await phoneOnServerTime(t);
  await recordParsedState(page);
  await page.goto(t.appURL);
  await expectServedCalendarTakenOver(page);
  assert(
    (await page.evaluate(() => location.hash)) === '#/pages/index/index',
    'the bare address should become the calendar',
  );
  const card = page.getByRole('region', { name: '当日信息' });
  await expectText(card.getByRole('heading', { level: 2 }), solarLine(day), 'the card of today');
  await expectThemed(t, 'the hydrated calendar');
  await t.screenshot('hydrated-calendar-375x812');

  // The server's markup equals the app's own render of the same day (React ids aside).
  const served = await (await t.context.request.get(t.appURL)).text();
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '排盘' }).tap();
  await page.getByRole('heading', { level: 1, name: '排盘' }).waitFor();
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '日历' }).tap();
  await card.waitFor();
  const differences = await page.evaluate((html) => {
    const normalise = (markup: string) =>
      markup.replace(/<!--[^>]*-->/g, '').replace(/ (id|aria-controls|aria-labelledby)="[^"]*"/g, ' $1=""');
    const parsedPage = new DOMParser().parseFromString(html, 'text/html');
    const found: string[] = [];
    // The calendar page was drawn anew by the app after the tab switch (the tab bar was not).
    for (const selector of ['section[aria-label="月历"]', 'section[aria-label="当日信息"]']) {
      const server = parsedPage.querySelector(selector)?.outerHTML;
      const client = document.querySelector(selector)?.outerHTML;
      if (server === undefined && client === undefined) continue;
      if (normalise(server ?? '') !== normalise(client ?? ''))
        found.push(
          `${selector}:\n  server ${normalise(server ?? '').slice(0, 300)}\n  client ${normalise(client ?? '').slice(0, 300)}`,
        );
    }
    return found;
  }, served);
  assert(differences.length === 0, `the served markup differs from the app's:\n${differences.join('\n')}`);

  // Taps work on the taken-over page.
  const other = day.date.endsWith('-01') ? 2 : 1;
  const [, month] = day.date.split('-').map(Number);
  await page
    .getByRole('button', { name: new RegExp(`^${month}月${other}日 `) })
    .first()
    .tap();
  await expectText(
    card.getByRole('heading', { level: 2 }),
    new RegExp(`${month}月${other}日`),
    'the card after a tap',
  );
  const mismatches = errors.filter((text) =>
    /Minified React error #4(18|19|20|21|22|23|25)|hydrat/i.test(text),
  );
  assert(mismatches.length === 0, `hydration reported problems:\n${mismatches.join('\n')}`);
});

/**
 * A 320×568 phone whose reader chose the whole month: the served calendar shows there too, fits the
 * width, and is taken over in place.
 */
test('theServedCalendarOnANarrowPhone', async ({ t }) => {
  const { page } = t;
  await page.setViewportSize(NARROW_VIEWPORT);
  await phoneOnServerTime(t);
  await page.goto(t.appURL);
  await page.evaluate(() => localStorage.setItem('xuanli-calendar-grid', JSON.stringify('month')));
  await recordParsedState(page);
  await page.reload();
  await expectServedCalendarTakenOver(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= NARROW_VIEWPORT.width, `the page is ${width} px wide at 320`);
  await t.screenshot('hydrated-calendar-320x568');
});
