/**
 * 凶 in the domain's restrained words: a 合盘 score and a VIP's 定制 week never print a bare 凶 (let alone
 * 大凶) but the advice a reading gives, with its reason beside it (缘分需经营 · 生肖相冲, 宜静不宜动 ·
 * 日支相冲). Today is 2024-02-10, a 甲辰 day (辰); screenshots at 375×812 and 320×568.
 */
import type { Locator } from '@playwright/test';
import { admin, loginBySms, newPhone } from '../lib/accounts.ts';
import { assert, eventually, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { NARROW_VIEWPORT, type TestContext, VIEWPORT } from '../lib/harness.ts';
import { checkLayout } from '../lib/page-checks.ts';

/** Fails when any text of `region` says 凶. */
async function expectNoBareCaution(region: Locator, what: string) {
  const text = await region.innerText();
  assert(!text.includes('凶'), `${what} says 凶: ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
}

/** Screenshots of `region` on the phone and on a 320×568 one, where it must still fit. */
async function atBothSizes(t: TestContext, region: Locator, name: string) {
  await region.scrollIntoViewIfNeeded();
  await t.screenshot(`${name}-375x812`);
  await t.page.setViewportSize(NARROW_VIEWPORT);
  await region.scrollIntoViewIfNeeded();
  await t.screenshot(`${name}-320x568`);
  await checkLayout(t.page, `${name} at 320`);
  await t.page.setViewportSize(VIEWPORT);
}

/** A 1994 (甲戌, 戌) birth paired with today (辰) by 生肖: 辰戌相冲, the marriage topic 凶. */
test('compatibilityWithTodaySaysCautionInWords', async ({ t }) => {
  const { page } = t;
  await t.open('/pages/index/index');
  await page.evaluate(() => {
    const profile = { name: '甲戌生', sex: '男', born: '公 1994-05-10 08:00', add_time: 1000 };
    const options = { zi: 'late', trueSolar: false, yunSchool: 2 };
    localStorage.setItem('bazi-profiles', JSON.stringify([{ ...profile, options }]));
    localStorage.setItem('bazi', JSON.stringify(profile));
    localStorage.setItem('hepan', JSON.stringify({ mode: 'today', basis: 'year' }));
  });
  await t.open('/pages/suan/index');
  const card = page.getByRole('region', { name: '合盘', exact: true });
  const marriage = card.getByRole('list', { name: '合盘结果' }).getByRole('listitem').first();
  await expectVisible(marriage.getByText('缘分需经营', { exact: true }), 'the marriage advice');
  await expectVisible(marriage.getByText('生肖相冲', { exact: true }), 'its reason beside it');
  await expectNoBareCaution(card, '合盘');
  await atBothSizes(t, card, 'hepan-caution');
});

interface FortuneWeek {
  week: { date: string; jx: string }[];
}

/**
 * A VIP whose week (2024-02-05 … 02-11) has 凶 days — a birth found by asking the API for the twelve
 * day branches in turn — sees them in the strip as advice and reason (宜静 / 逢冲), and the chosen 凶
 * day's card as 宜…不宜… beside its reason.
 */
test('aVipsWeekSaysCautionInWords', async ({ t }) => {
  const { page } = t;
  const phone = newPhone();
  await t.open('/pages/user/login');
  await loginBySms(t, phone);
  admin(t, 'vip', 'grant', phone, '30', '--reason', 'e2e 定制的用语');
  const births = Array.from({ length: 12 }, (_, i) => `公 1990-05-${String(i + 1).padStart(2, '0')} 08:00`);
  const found = await eventually(
    'a birth whose week has a 凶 day',
    () =>
      page.evaluate(async (candidates) => {
        const jwt = JSON.parse(localStorage.getItem('jw-token') ?? '{}').jwt as string;
        for (const born of candidates) {
          const response = await fetch('/api/app/bln.Suan/dingzhi', {
            method: 'POST',
            headers: { 'content-type': 'application/json', token: jwt },
            body: JSON.stringify({
              bazi: { name: '测试', sex: '女', born },
              yunType: 'caiyun',
              date: '2024-02-10',
            }),
          });
          if (!response.ok) return { born: '', index: -1, status: response.status };
          const { week } = (await response.json()).resData as FortuneWeek;
          const index = week.findIndex((day) => day.jx.includes('凶'));
          if (index >= 0) return { born, index, status: 200 };
        }
        return { born: '', index: -1, status: 200 };
      }, births),
    (result) => result.index >= 0,
  );
  // The 定制 profile is the account's own record on the server.
  const saved = await page.evaluate(async (born) => {
    const jwt = JSON.parse(localStorage.getItem('jw-token') ?? '{}').jwt as string;
    const response = await fetch('/api/app/bln.suan/dingzhi/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', token: jwt },
      body: JSON.stringify({ name: '测试', sex: '女', born, yunType: 'caiyun' }),
    });
    return response.status;
  }, found.born);
  assert(saved === 200, `saving the 定制 profile answered ${saved}`);
  // The app reads the VIP status at launch: open it afresh.
  await t.open('/pages/dingzhi/index');
  await page.reload();
  const strip = page.getByRole('region', { name: '本周运势' });
  await expectVisible(strip, 'the week strip');
  const day = strip.getByRole('button').nth(found.index);
  const label = (await day.getAttribute('aria-label')) ?? '';
  assert(/宜\S+不宜\S+（\S+）$/.test(label), `the 凶 day's name is not advice with a reason: ${label}`);
  await expectNoBareCaution(strip, 'the week strip');
  await day.tap();
  const card = page.getByRole('region', { name: /财运$/ });
  await expectVisible(card.getByText(/^宜.不宜.$/), "the chosen day's advice");
  await expectVisible(card.getByText(/^(日支相.|五行相克|流日欠顺)$/), 'its reason beside it');
  await expectNoBareCaution(card, 'the fortune card');
  await atBothSizes(t, page.getByRole('region', { name: '本周运势' }), 'dingzhi-caution-week');
  await card.scrollIntoViewIfNeeded();
  await t.screenshot('dingzhi-caution-card-375x812');
});
