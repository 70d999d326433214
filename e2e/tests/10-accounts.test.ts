/**
 * Accounts, 定制 and 我的 as a new user meets them: a visitor logs in with a phone number and the SMS
 * code (read from the development outbox the real sender path writes), edits the profile with an
 * avatar, finds 定制 closed to non-VIPs, is granted VIP by an operator with `npm run admin`, fills the
 * 定制 form and reads the day's fortune and the week, changes the theme and logs out. Every new page is
 * photographed at 375×812 and checked for overflow, broken words and small tap targets.
 */
import sharp from 'sharp';
import { admin, loginBySms, newPhone } from '../lib/accounts.ts';
import { assert, eventually, expectHash, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle } from '../lib/harness.ts';
import { checkLayout } from '../lib/page-checks.ts';

test('visitorSeesLoginAndTheVipOffer', async ({ t }) => {
  const { page } = t;
  await t.open('/pages/user/index');
  await expectVisible(page.getByRole('button', { name: /登录/ }).first(), 'the login entry of a visitor');
  await t.screenshot('10-user-visitor');
  await checkLayout(page, '我的 (visitor)');

  await t.open('/pages/dingzhi/index');
  await expectVisible(page.getByRole('heading', { name: /VIP专享/ }), 'the VIP offer');
  await expectVisible(
    page.getByRole('heading', { name: 'VIP福利' }).or(page.getByText('VIP福利').first()),
    'the benefits',
  );
  await t.screenshot('10-dingzhi-visitor', { fullPage: true });
  await checkLayout(page, '定制 (visitor)');

  await t.open('/pages/user/login');
  await page.getByPlaceholder('请输入手机号').fill('12345');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expectVisible(
    page
      .getByText(/手机号/)
      .and(page.getByRole('alert'))
      .first(),
    'the phone error beside the field',
  );
  await t.screenshot('10-login-errors');
  await checkLayout(page, '登录');
});

test('loginProfileVipFortuneThemeLogout', async ({ t }) => {
  const { page } = t;
  const phone = newPhone();

  // Login by SMS; a first login creates the account and returns to 我的.
  await t.open('/pages/user/login');
  await loginBySms(t, phone);
  await expectHash(page, '#/pages/user/index');
  await expectVisible(page.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`), 'the masked phone');
  await t.screenshot('10-user-logged-in');
  await checkLayout(page, '我的 (logged in)');

  // Profile: a new nickname and an avatar picture.
  await page.getByText('个人资料').first().click();
  await expectVisible(headerTitle(page).filter({ hasText: '个人资料' }), 'the profile page');
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa0000' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expectVisible(page.locator('img[src*="/api/files/avatars/"]').first(), 'the uploaded avatar');
  const nickname = page.getByLabel('昵称');
  await nickname.fill('玄历老友');
  await t.screenshot('10-profile');
  await page.getByRole('button', { name: /保存|立即提交/ }).click();
  await eventually(
    'the profile saved on the server',
    () =>
      page.evaluate(async () => {
        const record = JSON.parse(localStorage.getItem('jw-token') ?? '{}');
        return record.user?.nickname ?? '';
      }),
    (name) => name === '玄历老友',
  );

  // 定制 is for VIPs: a user sees the customer-service card.
  await t.open('/pages/dingzhi/index');
  await expectVisible(page.getByRole('heading', { name: /VIP专享/ }), 'the VIP offer for a non-VIP');

  // An operator grants VIP after the customer-service chat.
  const out = admin(t, 'vip', 'grant', phone, '30', '--reason', 'e2e 客服开通');
  assert(/vip/i.test(out) || out.length > 0, `admin printed nothing: ${out}`);

  // Back in the app the profile is fetched again on launch: VIP now, so the form shows.
  await page.reload();
  await expectVisible(
    page.getByRole('heading', { name: /定制资料|开始定制|填写/ }).first(),
    'the 定制 form for a VIP',
  );
  await t.screenshot('10-dingzhi-form', { fullPage: true });
  await page.getByLabel('姓名').fill('张三');
  await page.getByRole('button', { name: '开始定制' }).click();

  // The day's fortune and the week strip.
  await expectVisible(page.getByRole('img', { name: /运势评分 \d+ 分/ }), 'the fortune score');
  const week = page.getByRole('region', { name: '本周运势' });
  await expectVisible(week, 'the week strip');
  const days = await week.getByRole('button').count();
  assert(days === 7, `the week strip has ${days} days, expected 7`);
  await t.screenshot('10-dingzhi-fortune', { fullPage: true });
  await checkLayout(page, '定制 (fortune)');
  // Another fortune type refetches.
  const shiye = page.waitForResponse(
    (r) => /dingzhi$/i.test(new URL(r.url()).pathname) && (r.request().postData() ?? '').includes('"shiye"'),
  );
  await page
    .locator('label')
    .filter({ hasText: /^事业$/ })
    .click();
  assert((await shiye).status() === 200, 'the 事业 fortune was not fetched');
  await expectVisible(page.getByRole('radio', { name: '事业', checked: true }), '事业 chosen');

  // Theme: 朱砂 colours the header at once.
  await t.open('/pages/user/theme');
  await t.screenshot('10-theme');
  await checkLayout(page, '主题设置');
  await page.getByText('朱砂').click();
  await eventually(
    'the header in 朱砂',
    () =>
      page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    (colour) => colour === 'rgb(170, 0, 0)',
  );

  // Logout asks first, then ends the session and shows the visitor's 我的.
  await t.open('/pages/user/setting');
  await t.screenshot('10-setting', { fullPage: true });
  await checkLayout(page, '系统设置');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '确认退出' }).click();
  await expectHash(page, '#/pages/user/index');
  await expectVisible(page.getByRole('button', { name: /登录/ }).first(), 'the login entry after logout');
  const record = await page.evaluate(() => localStorage.getItem('jw-token'));
  assert(record === null || !JSON.parse(record).user, `the stored record still holds a user: ${record}`);
});

test('agreementsAndWordMeaningsAreReadable', async ({ t }) => {
  const { page } = t;
  await t.open('/pages/index/article?label=协议&name=隐私政策');
  await expectVisible(
    page.getByRole('heading', { name: /删除|注销|权利/ }).first(),
    'a section on the reader’s rights',
  );
  await t.screenshot('10-article-privacy');
  await checkLayout(page, '隐私政策', { prose: true });

  // A 宜 word on the 老黄历 opens its meaning.
  await t.open('/pages/index/day?date=2024-02-10');
  const word = page.locator('a[href*="pages/index/label"]').first();
  const text = (await word.innerText()).trim();
  await word.click();
  await eventually(
    'the label page',
    () => page.evaluate(() => location.hash),
    (h) => h.startsWith('#/pages/index/label'),
  );
  await expectVisible(page.getByRole('heading', { name: text }).first(), `the meaning of ${text}`);
  await t.screenshot('10-label-word');
  await checkLayout(page, `标签 ${text}`);
});
