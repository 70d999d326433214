/**
 * Inside WeChat and on a desktop, against stand-ins of WeChat (网页授权, apps/api/src/modules/wechat/
 * testing.ts) and of WeChat Pay (apps/api/src/modules/pay/testing.ts) on loopback HTTP, with an API
 * server of its own configured for them. In WeChat's browser (its user agent) a visitor who buys a
 * course is logged in silently through the stand-in's authorisation page, and pays by JSAPI: the page
 * calls a `WeixinJSBridge` injected here that answers as WeChat's does, backed by the stand-in, which
 * then sends the signed payment callback — and the order shows paid. On a 1280×800 desktop WeChat Pay
 * draws Native's QR code, and the page goes on to the order once the callback arrives.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { loginBySms, newPhone } from '../lib/accounts.ts';
import { toastGone } from '../lib/buyer.ts';
import { assert, expectHash, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle, NARROW_VIEWPORT, SCREENSHOT_DIR, type TestContext, VIEWPORT } from '../lib/harness.ts';
import { checkLayout } from '../lib/page-checks.ts';
import { type RunningServer, startServer } from '../lib/server.ts';

const E2E_DIR = join(import.meta.dirname, '..');
const COURSE = { id: 'bazi-rumen', title: '八字入门二十讲' };
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** What this file uses of the API tests' WeChat stand-in (apps/api/src/modules/wechat/testing.ts). */
interface StandInWechat {
  current: { openid: string };
  url: string;
  listen(): Promise<void>;
  close(): Promise<void>;
  env(publicUrl: string): NodeJS.ProcessEnv;
  calls(path: string): unknown[];
}

/** What this file uses of the API tests' WeChat Pay stand-in (apps/api/src/modules/pay/testing.ts). */
interface FakeWechatPay {
  appId: string;
  trades: Map<string, unknown>;
  requests: { url: string; body: string }[];
  handle: unknown;
  env(endpoint: string): NodeJS.ProcessEnv;
  pay(outTradeNo: string): { headers: Record<string, string>; body: Buffer };
}

interface ProviderServer {
  url: string;
  close(): Promise<void>;
}

/** The stand-ins and an API server configured for them. */
interface WechatWorld {
  wechat: StandInWechat;
  pay: FakeWechatPay;
  payServer: ProviderServer;
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * The API's own stand-ins, imported at run time: the e2e project type-checks its own files, not the
 * API's modules behind them (the interfaces above say what is used).
 */
async function standIns() {
  const api = join(E2E_DIR, '..', 'apps/api/src/modules');
  const pay = (await import(pathToFileURL(join(api, 'pay/testing.ts')).href)) as {
    FakeWechatPay: new (clock: { now(): number }) => FakeWechatPay;
    serveProvider(handler: unknown): Promise<ProviderServer>;
  };
  const wechat = (await import(pathToFileURL(join(api, 'wechat/testing.ts')).href)) as {
    StandInWechat: new (clock: { now(): number }, appId: string) => StandInWechat;
  };
  return { ...pay, ...wechat };
}

async function startWechatWorld(): Promise<WechatWorld> {
  const { FakeWechatPay, StandInWechat, serveProvider } = await standIns();
  const clock = { now: () => Date.now() };
  const pay = new FakeWechatPay(clock);
  const wechat = new StandInWechat(clock, pay.appId);
  await wechat.listen();
  const payServer = await serveProvider(pay.handle);
  const server = await startServer({
    repoRoot: join(E2E_DIR, '..'),
    webDist: join(E2E_DIR, '.tmp', 'dist'),
    logFile: join(E2E_DIR, '.tmp', 'server-wechat.log'),
    // WeChat sends readers back to the server itself (http outside production); WeChat Pay's
    // callbacks need an https origin, which this file stands in for by posting them itself.
    env: (origin) => ({
      ...pay.env(payServer.url),
      ...wechat.env(origin),
      PAY_PUBLIC_URL: 'https://pay.xuanli.example.com',
    }),
  });
  return {
    wechat,
    pay,
    payServer,
    server,
    async close() {
      await server.stop();
      await payServer.close();
      await wechat.close();
    },
  };
}

/**
 * WeChat Pay's side of a payment: the buyer paid trade `outTradeNo`; the stand-in's signed callback is
 * delivered to the server as WeChat would deliver it.
 */
async function payAndNotify(world: WechatWorld, outTradeNo: string): Promise<void> {
  const notice = world.pay.pay(outTradeNo);
  const response = await fetch(`${world.server.origin}/api/pay/notify/wechat`, {
    method: 'POST',
    headers: notice.headers,
    body: new Uint8Array(notice.body),
  });
  assert(response.ok, `the payment callback was refused: HTTP ${response.status} ${await response.text()}`);
}

/** A browser window of its own (user agent, size) on the world's server, as the runner's `t` does it. */
async function windowOn(
  t: TestContext,
  world: WechatWorld,
  options: { userAgent: string; viewport: { width: number; height: number }; mobile: boolean },
): Promise<{ t: TestContext; context: BrowserContext; page: Page; problems: string[] }> {
  const browser = t.context.browser();
  assert(browser, 'no browser');
  const context = await browser.newContext({
    userAgent: options.userAgent,
    viewport: options.viewport,
    screen: options.viewport,
    deviceScaleFactor: 2,
    isMobile: options.mobile,
    hasTouch: options.mobile,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} from ${response.url()}`);
  });
  const appURL = world.server.appURL;
  const own: TestContext = {
    page,
    context,
    appURL,
    server: { origin: world.server.origin, dataDir: world.server.dataDir, env: world.server.env },
    async open(route) {
      await page.goto(`${appURL}#${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    },
    async screenshot(name) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, animations: 'disabled' });
      return path;
    },
    allowPageErrors() {},
    allowServerErrors() {},
  };
  return { t: own, context, page, problems };
}

/** Waits for the order page (`#/pages/user/order?orderNo=…`). */
async function onOrderPage(page: Page): Promise<void> {
  await page.waitForFunction(() => location.hash.startsWith('#/pages/user/order?orderNo='), undefined, {
    timeout: 15_000,
  });
}

/** Photographs at the window's size and at 320×568, with the layout checks. */
async function shootBoth(t: TestContext, name: string, what: string): Promise<void> {
  await toastGone(t.page);
  await t.screenshot(name);
  await checkLayout(t.page, what, { clampedNames: true });
  await t.page.setViewportSize(NARROW_VIEWPORT);
  await t.page.waitForTimeout(150);
  await t.screenshot(`${name}-320`);
  await checkLayout(t.page, `${what} at 320×568`, { clampedNames: true });
  await t.page.setViewportSize(VIEWPORT);
}

test('wechatReaderLogsInSilentlyAndPaysByJsapi', async ({ t }) => {
  const world = await startWechatWorld();
  const win = await windowOn(t, world, { userAgent: WECHAT_UA, viewport: VIEWPORT, mobile: true });
  try {
    const { page } = win;
    const asked: string[] = [];
    // WeChat's bridge as the page sees it: the pay sheet is the stand-in, which pays and calls back.
    await win.context.exposeBinding('standInPay', async (_source, prepay: string) => {
      const outTradeNo = /^prepay_id=wx(.+)$/.exec(prepay)?.[1] ?? '';
      asked.push(outTradeNo);
      await payAndNotify(world, outTradeNo);
      return 'get_brand_wcpay_request:ok';
    });
    await win.context.addInitScript(() => {
      const w = window as unknown as {
        WeixinJSBridge: unknown;
        standInPay(prepay: string): Promise<string>;
      };
      w.WeixinJSBridge = {
        invoke(api: string, params: { package: string }, done: (result: { err_msg: string }) => void) {
          if (api !== 'getBrandWCPayRequest') return done({ err_msg: `${api}:fail` });
          void w.standInPay(params.package).then((message) => done({ err_msg: message }));
        },
      };
    });

    // A visitor buys: the login page goes through WeChat's authorisation by itself and comes back.
    await win.t.open(`/pages/ketang/show?id=${COURSE.id}`);
    await expectVisible(page.getByRole('heading', { level: 2, name: COURSE.title }), 'the course page');
    const traded = page.waitForResponse(
      (r) => r.url().endsWith('/api/crm/member/wechat') && r.request().method() === 'POST',
      { timeout: 20_000 },
    );
    await page.getByRole('button', { name: '立即购买' }).click();
    assert((await traded).ok(), 'the ticket traded for a session');
    // Back on the course page, now signed in by WeChat.
    await expectVisible(page.getByRole('heading', { level: 2, name: COURSE.title }), 'the course page again');
    await page.getByRole('button', { name: '立即购买' }).click();
    await expectVisible(headerTitle(page).filter({ hasText: '确认订单' }), 'the checkout after WeChat login');
    assert(world.wechat.calls('/connect/oauth2/authorize').length === 1, 'one authorisation');
    assert(world.wechat.calls('/sns/oauth2/access_token').length === 1, 'one code exchange');
    await expectVisible(page.getByRole('radio', { name: '微信支付' }), 'WeChat Pay offered');
    assert((await page.getByRole('radio', { name: '支付宝' }).count()) === 0, 'no Alipay inside WeChat');
    await shootBoth(win.t, '24-wechat-checkout', '确认订单 (inside WeChat)');

    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await onOrderPage(page);
    await expectVisible(page.getByText('订单已完成，感谢您的支持'), 'the course order paid (done)');
    assert(asked.length === 1, `one JSAPI payment, got ${asked.length}`);
    // The openid the payment carried is the one the stand-in's authorisation gave the server.
    const jsapi = world.pay.requests.find((r) => r.url.startsWith('/v3/pay/transactions/jsapi'));
    assert(jsapi, 'a JSAPI order at WeChat Pay');
    const payer = (JSON.parse(jsapi.body) as { payer?: { openid?: string } }).payer?.openid;
    assert(payer === world.wechat.current.openid, `JSAPI paid as ${payer}`);
    await shootBoth(win.t, '24-wechat-paid', '订单详情 (paid inside WeChat)');

    // 我的 shows the WeChat account's ways in, with the phone still to link.
    await win.t.open('/pages/user/index');
    await expectVisible(page.getByText('账号绑定'), 'the account binding');
    await expectVisible(page.getByText('去绑定'), 'the phone to link');
    await shootBoth(win.t, '24-wechat-user', '我的 (WeChat account)');
    assert(win.problems.length === 0, win.problems.join('\n'));
  } finally {
    await win.context.close();
    await world.close();
  }
});

test('desktopBuyerPaysByWechatQrCode', async ({ t }) => {
  const world = await startWechatWorld();
  const desktop = { width: 1280, height: 800 };
  const win = await windowOn(t, world, { userAgent: DESKTOP_UA, viewport: desktop, mobile: false });
  try {
    const { page } = win;
    await win.t.open('/pages/user/login');
    await loginBySms(win.t, newPhone());
    await expectHash(page, '#/pages/user/index');
    await win.t.open(`/pages/ketang/show?id=${COURSE.id}`);
    await page.getByRole('button', { name: '立即购买' }).click();
    await expectVisible(headerTitle(page).filter({ hasText: '确认订单' }), 'the checkout');
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await expectVisible(headerTitle(page).filter({ hasText: '微信扫码支付' }), 'the QR code page');
    const code = page.getByRole('img', { name: '微信支付二维码' });
    await expectVisible(code, 'the QR code');
    const codeUrl = (await code.getAttribute('data-code-url')) ?? '';
    const outTradeNo = [...world.pay.trades.keys()].find((no) => no.endsWith(codeUrl.split('pr=')[1] ?? '-'));
    assert(outTradeNo, `no Native trade for ${codeUrl}`);
    await toastGone(page);
    await win.t.screenshot('15-desktop-qrcode');
    await checkLayout(page, '微信扫码支付 (1280×800)', { clampedNames: true });

    // The buyer scans and pays on the phone; WeChat calls back; the page goes on by itself.
    await payAndNotify(world, outTradeNo);
    await onOrderPage(page);
    await expectVisible(page.getByText('订单已完成，感谢您的支持'), 'the course order paid (done)');
    assert(win.problems.length === 0, win.problems.join('\n'));
  } finally {
    await win.context.close();
    await world.close();
  }
});
