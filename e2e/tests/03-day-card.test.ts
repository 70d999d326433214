/**
 * The day card under the month grid. Today is fixed at 2024-02-10 (春节, 正月初一, a statutory
 * holiday); 2024-02-04 is 立春 and a make-up workday (班) of the same holiday.
 */
import { assert, expectText, expectVisible, type TestContext } from '../lib/harness.ts';

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
