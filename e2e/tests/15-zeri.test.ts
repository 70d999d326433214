/**
 * 择日, 拼假 and 八字合婚 as a reader meets them, against the built app and the real API:
 * - 择日 for 嫁娶 with two family members saved on the phone: cards best first with their reasons,
 *   吉时 and 加入日历, the removed days naming whom they clashed; at 375×812 and 320×568;
 * - on the calendar (today is 2024-02-10, a day off of 春节) the day card's 拼假 hint opens the plan day
 *   by day, the sheet's code fetched only on that tap;
 * - 八字合婚 of two saved profiles in 排盘's 合盘 card, in restrained words.
 */
import { bridgeLeave } from '@xuanli/almanac/leavePlanner';
import { chooseDays } from '@xuanli/almanac/zeri';
import { assert, eventually, expectText, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { NARROW_VIEWPORT, settle, smallTextOn, type TestContext, VIEWPORT } from '../lib/harness.ts';
import { checkLayout } from '../lib/page-checks.ts';

const OPTIONS = { zi: 'late', trueSolar: false, yunSchool: 2 };
const GROOM = { name: '新郎', sex: '男', born: '公 1996-03-12 10:00', add_time: 1001, options: OPTIONS };
const BRIDE = { name: '新娘', sex: '女', born: '农 1998-07-15', add_time: 1002, options: OPTIONS };

/** Saves two profiles as 排盘 does, the first one current. */
async function saveCouple(t: TestContext) {
  await t.open('/pages/index/index');
  await t.page.evaluate(
    ([groom, bride]) => {
      localStorage.setItem('bazi-profiles', JSON.stringify([groom, bride]));
      const { name, sex, born, add_time } = groom;
      localStorage.setItem('bazi', JSON.stringify({ name, sex, born, add_time }));
    },
    [GROOM, BRIDE],
  );
}

/** 择日 for 嫁娶 from today (2024-02-10) for three months, with the groom and the bride chosen. */
test('zeriForAWeddingWithTwoFamilyMembers', async ({ t }) => {
  const { page } = t;
  await saveCouple(t);
  // From the calendar's day card, as a reader comes.
  await t.open('/pages/index/index');
  await page.getByRole('region', { name: '当日信息' }).getByRole('link', { name: '择日' }).tap();
  await expectText(page.getByRole('heading', { level: 1 }), '择日', 'the 择日 page');
  assert(
    await page.getByRole('radio', { name: '嫁娶', exact: true }).isChecked(),
    '嫁娶 should be the matter a visit starts on',
  );
  const family = page.getByRole('list', { name: '家人' });
  await family.getByRole('button', { name: /新郎/ }).tap();
  await family.getByRole('button', { name: /新娘/ }).tap();
  await expectVisible(page.getByText('已选 2 位，将避开与其相冲的日子。'), 'both chosen');

  const expected = chooseDays({
    activity: '嫁娶',
    from: '2024-02-10',
    to: '2024-05-09',
    people: [
      { label: '新郎', born: GROOM.born, timeZone: 'Asia/Shanghai' },
      { label: '新娘', born: BRIDE.born, timeZone: 'Asia/Shanghai' },
    ],
  });
  const best = expected.days[0];
  assert(best, 'the engine found no day');
  const [, m, d] = best.date.split('-').map(Number);
  const list = page.getByRole('list', { name: '吉日' });
  const first = list.getByRole('listitem').first();
  await expectText(first.getByRole('heading'), new RegExp(`^2024年${m}月${d}日 周`), 'the best day first');
  for (const reason of best.reasons) await expectVisible(first.getByText(reason, { exact: true }), reason);
  await expectVisible(first.getByText('吉时'), '吉时 of the best day');
  await expectVisible(first.getByRole('button', { name: '加入日历' }), '加入日历');
  await expectText(
    page.getByText(/个适合嫁娶的日子/),
    new RegExp(
      `^共 ${expected.days.length} 个适合嫁娶的日子，另有 ${expected.removed.length} 天因冲煞已排除$`,
    ),
    'the summary',
  );
  const cards = await list
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') })
    .count();
  assert(cards === Math.min(20, expected.days.length), `cards shown: ${cards}`);

  // The removed days say whom they clashed.
  await page.getByText(/已排除的日子/).tap();
  const clash = expected.removed.find((r) => r.clashes.length > 0);
  assert(clash, 'no removed day clashes the couple');
  await expectVisible(page.getByText(clash.reasons.join('；'), { exact: true }), 'a clash named');

  // 加入日历: a calendar file of that day, named after it.
  const download = page.waitForEvent('download');
  await first.getByRole('button', { name: '加入日历' }).tap();
  const file = await download;
  assert(file.suggestedFilename() === `择日-嫁娶-${best.date}.ics`, `file ${file.suggestedFilename()}`);

  await page.evaluate(() => window.scrollTo(0, 0));
  await t.screenshot('zeri-375x812');
  await list.scrollIntoViewIfNeeded();
  await t.screenshot('zeri-cards-375x812');
  await checkLayout(page, '择日 at 375');
  const small = await smallTextOn(page);
  assert(small.length === 0, `择日: text under 12 px: ${small.join('; ')}`);
  await page.setViewportSize(NARROW_VIEWPORT);
  await page.evaluate(() => window.scrollTo(0, 0));
  await t.screenshot('zeri-320x568');
  await list.scrollIntoViewIfNeeded();
  await t.screenshot('zeri-cards-320x568');
  await checkLayout(page, '择日 at 320');
  // 长辈模式 on the small phone: larger type, still no sideways scroll, still thumb-sized.
  await page.evaluate(() => localStorage.setItem('elder-mode', JSON.stringify(true)));
  await page.reload();
  await expectVisible(list.getByRole('listitem').first(), 'the cards in 长辈模式');
  await list.scrollIntoViewIfNeeded();
  await t.screenshot('zeri-cards-elder-320x568');
  await checkLayout(page, '择日 in 长辈模式 at 320');
  await page.setViewportSize(VIEWPORT);
});

/** The day card of 春节 (today) offers its 拼假 plan; the sheet's code arrives only with the tap. */
test('pinjiaHintOpensItsPlan', async ({ t }) => {
  const { page } = t;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await t.open('/pages/index/index');
  const plan = bridgeLeave({ year: 2024, leave: 3 }).find(
    (p) => p.holidays.length > 0 && p.from <= '2024-02-10' && '2024-02-10' <= p.to,
  );
  assert(plan, 'no 2024 plan holds 春节');
  const card = page.getByRole('region', { name: '当日信息' });
  const hint = card.getByRole('button', { name: `拼假：请 ${plan.leave.length} 天连休 ${plan.days} 天` });
  await expectVisible(hint, 'the 拼假 hint');
  await page.waitForLoadState('networkidle');
  assert(!scripts.some((s) => s.includes('PinjiaSheet')), `the sheet's code came before the tap: ${scripts}`);
  await card.scrollIntoViewIfNeeded();
  await t.screenshot('pinjia-hint-375x812');
  await hint.tap();
  const sheet = page.getByRole('dialog', { name: '拼假方案' });
  await expectVisible(sheet, 'the 拼假 sheet');
  await eventually(
    'the sheet script loaded on the tap',
    async () => scripts.some((s) => s.includes('PinjiaSheet')),
    Boolean,
  );
  const days = sheet.getByRole('list', { name: '拼假日程' }).getByRole('listitem');
  await eventually(
    'the plan day by day',
    () => days.count(),
    (n) => n === plan.days,
  );
  const leave = await days.filter({ hasText: '请假' }).count();
  assert(leave === plan.leave.length, `leave days listed: ${leave}`);
  await settle(sheet);
  await t.screenshot('pinjia-sheet-375x812');
  await page.setViewportSize(NARROW_VIEWPORT);
  await settle(sheet);
  await t.screenshot('pinjia-sheet-320x568');
  await page.setViewportSize(VIEWPORT);
  // Another number of days: the sheet asks for that plan.
  await sheet.getByText('1天', { exact: true }).tap();
  const one = bridgeLeave({ year: 2024, leave: 1 }).find(
    (p) => p.holidays.length > 0 && p.from <= '2024-02-10' && '2024-02-10' <= p.to,
  );
  assert(one, 'no one-day plan holds 春节');
  await expectText(sheet.getByText(/连休/), new RegExp(`连休 ${one.days} 天`), 'the one-day plan');
  await sheet.getByRole('button', { name: '关闭' }).tap();
  await eventually(
    'the sheet closed',
    () => sheet.count(),
    (n) => n === 0,
  );
});

/** 八字合婚 of the groom and the bride in 合盘, with the simple 生肖 pairing beside it. */
test('hehunForTwoSavedProfiles', async ({ t }) => {
  const { page } = t;
  await saveCouple(t);
  await t.open('/pages/suan/index');
  const card = page.getByRole('region', { name: '合盘', exact: true });
  const reading = card.getByRole('region', { name: '八字合婚' });
  await expectVisible(reading, '八字合婚');
  await expectText(reading.getByText(/^\d+分$/), /^\d+分$/, 'the total');
  await expectVisible(reading.getByText(/^(上等|中上|中等|需经营)$/), 'the level in words');
  await reading.getByText('夫妻宫', { exact: true }).tap();
  const text = await reading.innerText();
  assert(!text.includes('凶'), `八字合婚 says 凶: ${text.slice(0, 200)}`);
  assert(/生肖：新郎属鼠，新娘属虎/.test(text), `the 生肖 view: ${text.slice(-200)}`);
  await expectVisible(card.getByRole('heading', { name: '简单配对（生肖、日支）' }), 'the simple pairing');
  await reading.scrollIntoViewIfNeeded();
  await t.screenshot('hehun-375x812');
  await checkLayout(page, '合盘 with 八字合婚 at 375');
  const small = await smallTextOn(page);
  assert(small.length === 0, `八字合婚: text under 12 px: ${small.join('; ')}`);
  await page.setViewportSize(NARROW_VIEWPORT);
  await reading.scrollIntoViewIfNeeded();
  await t.screenshot('hehun-320x568');
  await checkLayout(page, '合盘 with 八字合婚 at 320');
  await page.setViewportSize(VIEWPORT);
});
