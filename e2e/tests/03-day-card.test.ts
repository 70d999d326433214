/**
 * The day card under the month grid. Today is fixed at 2024-02-10 (春节, 正月初一, a statutory
 * holiday); 2024-02-04 is 立春 and a make-up workday (班) of the same holiday.
 */
import {
  assert,
  eventually,
  expectText,
  expectVisible,
  inFirstScreen,
  type TestContext,
} from '../lib/harness.ts';

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

export async function todaysCardShowsSpringFestivalHoliday(t: TestContext) {
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
}

export async function tappingADayShowsItsCard(t: TestContext) {
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
}

/**
 * What a reader opens the app for is on the first screen at 375×812, without scrolling: the lunar
 * date, 宜, 忌 and the way into 老黄历 — above the tab bar, not behind it.
 */
export async function daysEssentialsAreOnTheFirstScreen(t: TestContext) {
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
}

/** Reading the card lower down, the month title stays pinned under the header. */
export async function monthTitleStaysInViewWhileScrolling(t: TestContext) {
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
}

/** Today's ring is drawn in the reader's theme colour (localStorage `theme`), not a fixed red. */
export async function todayRingFollowsTheThemeColour(t: TestContext) {
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
}

/** 万圣节前夜 does not fit a cell: it is shortened there (never clipped), and whole in the card. */
export async function longFestivalNamesAreShortenedNotClipped(t: TestContext) {
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
}
