/**
 * The case book (命例) follows the account: a visitor saves two profiles on one phone, logs in and
 * stores them in the account when the profiles sheet offers it, files one under 家人 with a note; a
 * second phone (another browser context, 320×568) logs in to the same account and finds both, with
 * the note, in its own sheet, searchable. The sheet is photographed at 375×812 and 320×568.
 */

import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { newPhone, setPasswordOnPhone, waitForCode } from '../lib/accounts.ts';
import { assert, eventually, expectHash, expectText, expectVisible } from '../lib/expect.ts';
import { closeWithTest, test } from '../lib/fixtures.ts';
import { headerTitle, NARROW_VIEWPORT, SCREENSHOT_DIR, type TestContext, tabBar } from '../lib/harness.ts';
import { checkLayout } from '../lib/page-checks.ts';

async function openBazi(page: Page, appURL: string): Promise<void> {
  await page.goto(`${appURL}#/pages/index/index`);
  await tabBar(page).getByRole('link', { name: '排盘' }).tap();
  await expectHash(page, '#/pages/suan/index');
  await expectText(headerTitle(page), '排盘', 'header of the 排盘 tab');
}

/** Saves the form's birth under `name` (the form's own sample date) and waits for its chart. */
async function saveProfile(page: Page, name: string, sexLabel: string): Promise<void> {
  const form = page.getByRole('form', { name: '出生资料' });
  await expectVisible(form, 'the birth form');
  await form.getByRole('textbox', { name: '姓名' }).fill(name);
  await form.getByText(sexLabel, { exact: true }).tap();
  await form.getByRole('button', { name: '开始排盘' }).tap();
  await expectVisible(page.getByRole('table', { name: '四柱' }), `the chart of ${name}`);
}

function sheetOf(page: Page) {
  return page.getByRole('dialog', { name: '命例' });
}

/** Logs in on `page` with the newest SMS code that is not `previous`; answers the code used. */
async function login(t: TestContext, page: Page, phone: string, previous = ''): Promise<string> {
  await page.goto(`${t.appURL}#/pages/user/login`);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await eventually(
    `a new SMS code for ${phone}`,
    () => waitForCode(t, phone),
    (c) => c !== previous,
  );
  await page.getByPlaceholder('6 位短信验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expectHash(page, '#/pages/user/index');
  return code;
}

test('profilesSavedOnOnePhoneAreOnTheNextAfterLogin', async ({ t }) => {
  test.setTimeout(240_000);
  const { page } = t;
  const phone = newPhone();

  // A visitor keeps two profiles on this phone.
  await openBazi(page, t.appURL);
  await saveProfile(page, '王一', '乾造（男）');
  await page.getByRole('button', { name: /^命例，共/ }).tap();
  await sheetOf(page).getByRole('button', { name: '新建' }).tap();
  await saveProfile(page, '赵二', '坤造（女）');
  await expectVisible(page.getByRole('button', { name: '命例，共2个' }), 'two profiles on the phone');

  // Logged in, the sheet offers to store them in the account.
  await login(t, page, phone);
  await openBazi(page, t.appURL);
  await page.getByRole('button', { name: /^命例，共/ }).tap();
  const sheet = sheetOf(page);
  await expectVisible(
    sheet.getByText('本机登录前存的 2 个命例还没存到账号。'),
    'the offer of the two profiles',
  );
  await sheet.getByRole('button', { name: '存到账号' }).tap();
  await expectText(sheet.getByRole('status'), '已存到账号', 'the profiles stored');
  await expectVisible(sheet.getByRole('button', { name: '切换到王一' }), '王一 in the account');
  await expectVisible(sheet.getByRole('button', { name: '切换到赵二' }), '赵二 in the account');

  // 王一 goes under 家人 with a note.
  await sheet.getByRole('button', { name: '王一的备注与事件' }).tap();
  await sheet.getByRole('button', { name: '家人', exact: true }).tap();
  await sheet.getByRole('textbox', { name: '备注' }).fill('堂兄，喜用木火');
  await t.screenshot('23-mingli-details');
  await sheet.getByRole('button', { name: '保存' }).tap();
  await expectVisible(sheet.getByText('堂兄，喜用木火'), 'the note under 王一');
  await t.screenshot('23-mingli-sheet');
  await checkLayout(page, 'the 命例 sheet');

  // The note reaches the server before the second phone asks.
  await eventually(
    'the note on the server',
    () =>
      page.evaluate(async () => {
        const token = JSON.parse(localStorage.getItem('jw-token') ?? '{}').jwt as string;
        const answer = await fetch('/api/crm/bazi/profiles?q=%E5%A0%82%E5%85%84', { headers: { token } });
        return ((await answer.json()) as { resData?: { total?: number } }).resData?.total ?? 0;
      }),
    (n) => n === 1,
  );

  // A second phone, narrow, logs in to the same account.
  const browser = t.context.browser();
  assert(browser, 'the test context has no browser');
  const other = await browser.newContext({
    viewport: NARROW_VIEWPORT,
    screen: NARROW_VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  other.setDefaultTimeout(10_000);
  closeWithTest(other);
  // A second SMS code is a minute away: the reader sets a password on the first phone, as 我的 ›
  // 修改密码 does, and logs in with it on the second.
  const password = await setPasswordOnPhone(page, 'mingli');
  const second = await other.newPage();
  await second.goto(`${t.appURL}#/pages/user/login`);
  await second.getByText('密码登录', { exact: true }).click();
  await second.getByPlaceholder('请输入手机号').fill(phone);
  await second.getByPlaceholder('请输入密码').fill(password);
  await second.getByText('我已阅读并同意').click();
  await second.getByRole('button', { name: '登录', exact: true }).click();
  await expectHash(second, '#/pages/user/index');
  await openBazi(second, t.appURL);
  await expectVisible(
    second.getByRole('button', { name: '命例，共2个' }),
    'the two profiles on the second phone',
  );
  await second.getByRole('button', { name: '命例，共2个' }).tap();
  const sheet2 = sheetOf(second);
  await expectVisible(sheet2.getByText('堂兄，喜用木火'), 'the note on the second phone');
  await second.screenshot({ path: join(SCREENSHOT_DIR, '23-mingli-320-sheet.png'), animations: 'disabled' });
  await checkLayout(second, 'the 命例 sheet at 320×568');
  await sheet2.getByRole('searchbox', { name: '搜索命例' }).fill('赵');
  await expectVisible(sheet2.getByRole('button', { name: '切换到赵二' }), 'the search finds 赵二');
  assert(
    (await sheet2.getByRole('button', { name: '切换到王一' }).count()) === 0,
    'the search for 赵 should hide 王一',
  );
  await sheet2.getByRole('searchbox', { name: '搜索命例' }).fill('');
  await sheet2.getByRole('button', { name: '王一的备注与事件' }).tap();
  await second.screenshot({
    path: join(SCREENSHOT_DIR, '23-mingli-320-details.png'),
    animations: 'disabled',
  });
  await checkLayout(second, 'the details editor at 320×568');
});
