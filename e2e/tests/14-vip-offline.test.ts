/**
 * The VIP path on a phone and the reading tabs without a network or a server:
 * - 在线客服 and 联系大师 fit the screen at 320, 360, 375, 390, 414 and 430 px, a long WeChat ID on
 *   one line with 复制 beside it;
 * - a membership an operator grants while the app is open shows when the reader comes back to it, no
 *   reload; the 定制 profile is the account's own — 排盘 of someone else leaves it, a second phone has
 *   it — and logging out takes the account's birth data off the phone;
 * - offline, 课堂, 商城, 定制 and 我的 reopen with what they last showed under a 离线 notice, never a
 *   load failure, and refresh by themselves when the network returns;
 * - with the API server stopped (its own server, so the suite's stays up) the tabs say 服务暂时不可用,
 *   not 网络未连接, and recover by themselves when it is started again.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { admin, adminWithInput, loginBySms, newPhone, setPasswordOnPhone } from '../lib/accounts.ts';
import { assert, eventually, expectHash, expectText, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { NARROW_VIEWPORT, type TestContext, tabBar, VIEWPORT } from '../lib/harness.ts';
import { startServer } from '../lib/server.ts';

/** The phones the dialogs must fit, narrowest first. */
const WIDTHS = [320, 360, 375, 390, 414, 430] as const;

/** A WeChat ID as long as WeChat allows (20 characters). */
const LONG_WECHAT_ID = 'xuanli_kefu_2026_vip';

/** Sets the customer-service card as an editor does in the console (its API, with a console login). */
async function setServiceCard(t: TestContext, wx: string): Promise<void> {
  const username = `e2e_card_${randomInt(1_000_000)}`;
  const password = `客服卡片-${randomInt(1e9)}-pass`;
  adminWithInput(t, password, 'operator', 'add', username, '--role', 'editor', '--password-stdin');
  const login = await fetch(`${t.server.origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  assert(login.ok, `console login: HTTP ${login.status}`);
  const { jwt } = ((await login.json()) as { resData: { jwt: string } }).resData;
  const saved = await fetch(`${t.server.origin}/api/admin/customer-service`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify({
      avatar: '',
      nickname: '玄历客服小雅',
      intro: '工作日 9:00–18:00 在线',
      wx,
      qrcode: '',
      body: '添加客服微信，VIP 开通与私人定制由客服人工办理。',
    }),
  });
  assert(saved.ok, `saving the card: HTTP ${saved.status} ${await saved.text()}`);
}

/** Checks that the open dialog named `title` and its ×, WeChat ID and 复制 lie inside `width`. */
async function checkDialogFits(page: Page, title: string, width: number, hasCopy: boolean): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expectVisible(dialog, `${title} at ${width} px`);
  // The centred card has finished growing in (antd-mobile's spring scales it from 0.8, in script)
  // before it is measured: two reads 150 ms apart give the same box.
  let last = '';
  await eventually(
    `${title} at ${width} px settled`,
    async () => {
      await page.waitForTimeout(150);
      const box = await dialog.boundingBox();
      const now = JSON.stringify(box);
      const still = now === last;
      last = now;
      return still;
    },
    Boolean,
  );
  const where = (box: { x: number; width: number }) =>
    `${Math.round(box.x)}…${Math.round(box.x + box.width)}`;
  const frame = await dialog.boundingBox();
  assert(frame, `${title}: no box`);
  assert(
    frame.x >= 0 && frame.x + frame.width <= width + 0.5,
    `${title} at ${width} px runs ${where(frame)}, outside 0…${width}`,
  );
  const close = await dialog.getByRole('button', { name: '关闭' }).boundingBox();
  assert(close && close.x + close.width <= width + 0.5, `× at ${width} px: ${close && where(close)}`);
  if (!hasCopy) return;
  const copy = await dialog.getByRole('button', { name: /^复制微信号/ }).boundingBox();
  assert(
    copy && copy.x + copy.width <= frame.x + frame.width + 0.5,
    `复制 at ${width} px: ${copy && where(copy)}`,
  );
  assert(copy.width >= 44 && copy.height >= 44, `复制 at ${width} px is ${copy.width}×${copy.height}`);
  // The WeChat ID: one line, inside the card, never under 复制.
  const id = await dialog.getByTestId('wechat-id').evaluate((el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const holder = el.parentElement!.getBoundingClientRect();
    return {
      lines: Math.round(box.height / Number.parseFloat(style.lineHeight)),
      fontSize: Number.parseFloat(style.fontSize),
      holderRight: holder.right,
    };
  });
  assert(id.lines === 1, `the WeChat ID breaks into ${id.lines} lines at ${width} px`);
  assert(id.fontSize >= 14, `the WeChat ID is ${id.fontSize} px at ${width} px`);
  assert(id.holderRight <= copy.x + 0.5, `the WeChat ID runs under 复制 at ${width} px`);
}

test('contactDialogsFitEveryPhoneWidth', async ({ t }) => {
  const { page } = t;
  await setServiceCard(t, LONG_WECHAT_ID);
  for (const width of WIDTHS) {
    const height = width === 320 ? NARROW_VIEWPORT.height : VIEWPORT.height;
    await page.setViewportSize({ width, height });

    await t.open('/pages/user/index');
    await page.getByText('在线客服', { exact: true }).first().click();
    await expectText(
      page.getByRole('dialog', { name: '在线客服' }).getByTestId('wechat-id'),
      LONG_WECHAT_ID,
      `the WeChat ID at ${width} px`,
    );
    await checkDialogFits(page, '在线客服', width, true);
    if (width === 375 || width === 320) await t.screenshot(`14-kefu-dialog-${width}`);
    await page.getByRole('dialog', { name: '在线客服' }).getByRole('button', { name: '关闭' }).click();

    await t.open('/pages/ketang/index');
    const teacher = page.getByRole('region', { name: '名师' }).getByRole('button').first();
    await teacher.scrollIntoViewIfNeeded();
    await teacher.click();
    await expectVisible(
      page.getByRole('dialog', { name: '联系大师' }).getByTestId('wechat-id'),
      `the master's WeChat ID at ${width} px`,
    );
    await checkDialogFits(page, '联系大师', width, true);
    if (width === 375 || width === 320) await t.screenshot(`14-dashi-dialog-${width}`);
    await page.getByRole('dialog', { name: '联系大师' }).getByRole('button', { name: '关闭' }).click();
  }
  await page.setViewportSize(VIEWPORT);
});

/** Fills the 定制 form (the tab's, or the VIP dialog's) with a name and a birth year, and saves. */
async function fillDingzhi(page: Page, name: string, year: string, submit: string): Promise<void> {
  const form = page
    .locator('form')
    .filter({ has: page.getByLabel('姓名') })
    .first();
  await form.getByLabel('姓名').fill(name);
  await form.getByRole('combobox', { name: '年' }).selectOption(year);
  await form.getByRole('button', { name: submit }).click();
}

/** The app goes to the background (WeChat, the payment app) and comes back. */
async function backFromAnotherApp(page: Page): Promise<void> {
  await page.evaluate(() => {
    const set = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}

/** The least time between two profile fetches caused by the app returning (app/session-sync.ts). */
const FOREGROUND_REFRESH_GAP_MS = 10_000;

test('aVipGrantedWhileTheAppIsOpenIsSeenWithoutAReload', async ({ t }) => {
  const { page } = t;
  const phone = newPhone();
  await t.open('/pages/user/login?redirect=/pages/dingzhi/index');
  await loginBySms(t, phone);
  const loggedInAt = Date.now();
  await expectHash(page, '#/pages/dingzhi/index');
  await expectVisible(page.getByRole('heading', { name: /VIP专享/ }), 'the offer for a user without VIP');

  // Customer service grants VIP while the app stays open behind WeChat; the reader comes back.
  admin(t, 'vip', 'grant', phone, '30', '--reason', 'e2e 客服开通');
  await page.waitForTimeout(Math.max(0, FOREGROUND_REFRESH_GAP_MS + 500 - (Date.now() - loggedInAt)));
  const refreshed = page.waitForResponse((r) =>
    /\/api\/crm\/member\/profile$/.test(new URL(r.url()).pathname),
  );
  await backFromAnotherApp(page);
  assert((await refreshed).status() === 200, 'the profile was not fetched again');
  await expectVisible(page.getByRole('heading', { name: '填写出生资料' }), 'the 定制 form, without a reload');
  await t.screenshot('14-vip-granted-form');
});

test('theDingzhiProfileIsTheAccountsOwnAndLeavesWithIt', async ({ t }) => {
  const { page } = t;
  const phone = newPhone();
  await t.open('/pages/user/login?redirect=/pages/dingzhi/index');
  await loginBySms(t, phone);
  await expectHash(page, '#/pages/dingzhi/index');
  admin(t, 'vip', 'grant', phone, '30', '--reason', 'e2e 定制');
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: '填写出生资料' }), 'the 定制 form');
  await fillDingzhi(page, '张三', '1985', '开始定制');
  const profile = page.getByRole('region', { name: '定制资料' });
  await expectVisible(profile.getByText(/张三/), "张三's 定制 profile");
  await expectVisible(page.getByRole('img', { name: /运势评分 \d+ 分/ }), "张三's fortune");

  // 排盘 of someone else does not replace the 定制 profile.
  await tabBar(page).getByRole('link', { name: '排盘' }).tap();
  await expectHash(page, '#/pages/suan/index');
  const birth = page.getByRole('form', { name: '出生资料' });
  await birth.getByRole('textbox', { name: '姓名' }).fill('表妹李四');
  await birth.getByText('坤造（女）', { exact: true }).tap();
  await birth.getByRole('combobox', { name: '年', exact: true }).selectOption('2001');
  await birth.getByRole('button', { name: '开始排盘' }).tap();
  await expectText(
    page.getByRole('region', { name: '命主', exact: true }).getByRole('heading', { level: 2 }),
    '表妹李四',
    'the chart of someone else',
  );
  await tabBar(page).getByRole('link', { name: '定制' }).tap();
  await expectVisible(profile.getByText(/张三/), '张三 still the 定制 profile after 排盘');
  assert((await profile.getByText(/李四/).count()) === 0, 'the 排盘 chart replaced the 定制 profile');

  // A second phone of the same account has the profile. (A second SMS code is a minute away: the
  // reader sets a password on this phone, as 我的 › 修改密码 does, and logs in with it there.)
  const password = await setPasswordOnPhone(page, 'dingzhi');
  const browser = t.context.browser();
  assert(browser, 'no browser');
  const other = await browser.newContext({
    viewport: VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  try {
    const second = await other.newPage();
    await second.goto(`${t.appURL}#/pages/user/login?redirect=/pages/dingzhi/index`);
    await second.getByText('密码登录', { exact: true }).click();
    await second.getByPlaceholder('请输入手机号').fill(phone);
    await second.getByPlaceholder('请输入密码').fill(password);
    await second.getByText('我已阅读并同意').click();
    await second.getByRole('button', { name: '登录', exact: true }).click();
    await expectVisible(
      second.getByRole('region', { name: '定制资料' }).getByText(/张三/),
      '张三 on the second phone',
    );
  } finally {
    await other.close();
  }

  // Logging out takes the account's birth data off this phone.
  await page.waitForTimeout(1000);
  const before = await page.evaluate(() => Object.keys(localStorage));
  assert(before.includes('xl-query-cache'), `no answers were kept: ${before.join(', ')}`);
  await t.open('/pages/user/setting');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '确认退出' }).click();
  await expectHash(page, '#/pages/user/index');
  const left = await page.evaluate(() =>
    Object.entries(localStorage).filter(
      ([key, value]) => key.startsWith('vip-form-') || key === 'xl-query-cache' || value.includes('张三'),
    ),
  );
  assert(left.length === 0, `the account's birth data is still on the phone: ${JSON.stringify(left)}`);
});

/** Waits until a service worker controls the page (the first one claims it; a reload is the fallback). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    await eventually('the service worker controls the page', controlled, Boolean, 10_000);
  } catch {
    await page.reload();
    await eventually('the service worker controls the page after a reload', controlled, Boolean);
  }
}

/** The strip under the header (離线 / 服务暂时不可用), or '' when there is none. */
async function noticeOf(page: Page): Promise<string> {
  const strip = page.locator('main p[role="status"]');
  return (await strip.count()) > 0 ? (await strip.first().innerText()).replace(/\s+/g, ' ') : '';
}

/** The tabs with a text each shows from the server. */
const READING_TABS = [
  {
    label: '课堂',
    slug: 'ketang',
    route: '/pages/ketang/index',
    shows: (page: Page) => page.getByRole('heading', { name: '精选课程' }),
  },
  {
    label: '商城',
    slug: 'shop',
    route: '/pages/index/shop',
    shows: (page: Page) => page.getByRole('region', { name: '商品列表' }).getByRole('link').first(),
  },
  {
    label: '定制',
    slug: 'dingzhi',
    route: '/pages/dingzhi/index',
    shows: (page: Page) => page.getByRole('img', { name: /运势评分 \d+ 分/ }),
  },
  {
    label: '我的',
    slug: 'user',
    route: '/pages/user/index',
    shows: (page: Page) => page.getByText('VIP', { exact: false }).first(),
  },
] as const;

/** Signs a VIP with a 定制 profile in on `page` (through the app), ending on 定制's fortune. */
async function vipWithProfile(t: TestContext, page: Page, appURL: string): Promise<void> {
  const phone = newPhone();
  await page.goto(`${appURL}#/pages/user/login?redirect=/pages/dingzhi/index`);
  await loginBySms({ ...t, page }, phone);
  admin(t, 'vip', 'grant', phone, '30', '--reason', 'e2e 离线');
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: '填写出生资料' }), 'the 定制 form');
  await fillDingzhi(page, '王小明', '1985', '开始定制');
  await expectVisible(page.getByRole('img', { name: /运势评分 \d+ 分/ }), 'the fortune');
}

test('offlineTheReadingTabsShowWhatTheyShowedAndRecover', async ({ t }) => {
  const { page, context } = t;
  await t.open('/pages/index/index');
  await waitForServiceWorker(page);
  await vipWithProfile(t, page, t.appURL);
  // Online, every tab once (its code is kept by the worker, its answers by the app).
  for (const tab of READING_TABS) {
    await tabBar(page).getByRole('link', { name: tab.label }).tap();
    await expectHash(page, `#${tab.route}`);
    await expectVisible(tab.shows(page), `${tab.label} online`);
    assert((await noticeOf(page)) === '', `${tab.label} online shows a notice: ${await noticeOf(page)}`);
  }
  await page.waitForTimeout(1200);

  // No network; the app is opened afresh, as from the home screen.
  await context.setOffline(true);
  await page.goto('about:blank');
  await page.goto(`${t.appURL}#/pages/ketang/index`);
  for (const tab of READING_TABS) {
    await tabBar(page).getByRole('link', { name: tab.label }).tap();
    await expectHash(page, `#${tab.route}`);
    await expectVisible(tab.shows(page), `${tab.label} offline, from last time`);
    await expectText(page.locator('main p[role="status"]').first(), /^离线/, `${tab.label}'s 离线 notice`);
    assert(
      (await page.getByText(/页面加载失败|加载失败/).count()) === 0,
      `${tab.label} offline shows a failure`,
    );
    if (tab.slug) {
      await t.screenshot(`14-offline-${tab.slug}`);
      await page.setViewportSize(NARROW_VIEWPORT);
      await page.waitForTimeout(150);
      await t.screenshot(`14-offline-${tab.slug}-320`);
      await page.setViewportSize(VIEWPORT);
    }
  }

  // The network returns while 课堂 is on screen (shown from last time): it refreshes by itself, no tap.
  // The page must be showing before the network returns: a page that mounts afterwards holds answers
  // younger than a minute, which count as fresh and are not asked for again.
  await tabBar(page).getByRole('link', { name: '课堂' }).tap();
  await expectHash(page, `#${READING_TABS[0].route}`);
  await expectVisible(READING_TABS[0].shows(page), '课堂 offline, before the network returns');
  // Asked for again (the page's request; the service worker may be the one that answers it).
  const refetched = page.waitForRequest((r) => /\/api\/crm\/ketang\/list/.test(r.url()), {
    timeout: 15_000,
  });
  await context.setOffline(false);
  const request = await refetched;
  assert(
    (await request.response())?.ok() === true,
    'the course list was not fetched again when the network returned',
  );
  await eventually(
    'the 离线 notice gone',
    () => noticeOf(page),
    (text) => text === '',
  );
  await expectVisible(READING_TABS[0].shows(page), '课堂 after the network returned');
});

test('aStoppedServerIsServiceUnavailableAndRecovers', async ({ t }) => {
  test.setTimeout(120_000);
  const { page } = t;
  // A server started again answers 503 until it is ready: the app must take that, and so may the test.
  t.allowServerErrors();
  const repoRoot = join(import.meta.dirname, '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-e2e-stopped-'));
  const options = { repoRoot, webDist: join(import.meta.dirname, '..', '.tmp', 'dist'), dataDir };
  let server = await startServer({
    ...options,
    logFile: join(import.meta.dirname, '..', '.tmp', 'stopped-1.log'),
  });
  try {
    await page.goto(`${server.appURL}#/pages/index/index`);
    await waitForServiceWorker(page);
    for (const tab of READING_TABS.slice(0, 2)) {
      await tabBar(page).getByRole('link', { name: tab.label }).tap();
      await expectVisible(tab.shows(page), `${tab.label} while the server runs`);
    }
    await page.waitForTimeout(1200);
    // The server stops (a deploy, a crash): connection refused while the phone is online.
    await server.stop();
    await tabBar(page).getByRole('link', { name: '课堂' }).tap();
    await page.reload();
    await expectVisible(READING_TABS[0].shows(page), '课堂 from last time, server stopped');
    await expectText(
      page.locator('main p[role="status"]').first(),
      /^服务暂时不可用/,
      "课堂's notice with the server stopped",
    );
    const shown = await page.locator('main').innerText();
    assert(!shown.includes('网络未连接'), `the stopped server reads as 网络未连接: ${shown.slice(0, 200)}`);
    await t.screenshot('14-server-stopped-ketang');
    await page.setViewportSize(NARROW_VIEWPORT);
    await page.waitForTimeout(150);
    await t.screenshot('14-server-stopped-ketang-320');
    await page.setViewportSize(VIEWPORT);
    await tabBar(page).getByRole('link', { name: '商城' }).tap();
    await expectVisible(READING_TABS[1].shows(page), '商城 from last time, server stopped');
    await expectText(page.locator('main p[role="status"]').first(), /^服务暂时不可用/, "商城's notice");
    // Started again on the same port and data: the page picks it up by itself.
    const port = Number(new URL(server.origin).port);
    server = await startServer({
      ...options,
      port,
      logFile: join(import.meta.dirname, '..', '.tmp', 'stopped-2.log'),
    });
    await eventually(
      'the notice gone once the server answers',
      () => noticeOf(page),
      (text) => text === '',
      20_000,
    );
  } finally {
    await server.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// It starts an API server of its own (a fresh one migrates and seeds: half a minute on a busy machine)
// and starts it again, so that the suite's server stays up for the other tests.
