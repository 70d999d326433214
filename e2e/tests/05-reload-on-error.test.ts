/**
 * PRODUCT.md#screens: a slow page shows its header over a skeleton after 200 ms; when a page's code fails to
 * load, an error view appears and a tap reloads; when it fails because the phone is offline, the page
 * says it is not on the phone yet and opens by itself when the network returns. The failures start
 * after the calendar has loaded (so the tests do not depend on chunk names).
 */
import type { Page, Route } from '@playwright/test';
import { shootNarrow } from '../lib/buyer.ts';
import { assert, eventually, expectText, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle, type TestContext } from '../lib/harness.ts';

/**
 * No service worker in these tests: once one controls the page it answers the chunks from its cache,
 * where page.route cannot hold or drop them (the offline behaviour is 09-offline's subject).
 */
async function withoutServiceWorker(page: Page): Promise<void> {
  await page.route(/\/sw\.js(\?.*)?$/, (route) => route.abort());
}

/** Opens the calendar and answers the addresses of the scripts it loaded, the ones later pages share. */
async function openCalendarNotingScripts(t: TestContext): Promise<Set<string>> {
  const loaded = new Set<string>();
  t.page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') loaded.add(request.url());
  });
  await t.open('/pages/index/index');
  await t.page.getByRole('region', { name: '当日信息' }).waitFor();
  return loaded;
}

test('failedChunkShowsErrorViewAndTapReloads', async ({ t }) => {
  t.allowPageErrors();
  await withoutServiceWorker(t.page);
  const loaded = await openCalendarNotingScripts(t);

  // Online, but the page's code arrives broken (a proxy's error page, a cut transfer): every script
  // the calendar did not load answers with something that is not JavaScript.
  const broken: string[] = [];
  await t.page.route(/\/assets\/.+\.js(\?.*)?$/, (route) => {
    if (loaded.has(route.request().url())) return route.continue();
    broken.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: '<html>502 Bad Gateway</html>',
    });
  });

  await t.page.getByRole('link', { name: /查看老黄历/ }).tap();
  const retry = t.page.getByRole('button', { name: /页面加载失败，点击重试/ });
  await expectVisible(retry, 'the error view after the page chunk failed');
  assert(broken.length > 0, 'no script was broken: 老黄历 did not load lazily');
  await t.screenshot('reload-on-error-view');

  await t.page.unroute(/\/assets\/.+\.js(\?.*)?$/);
  await retry.tap();
  await expectText(headerTitle(t.page), '老黄历', 'header after the reload');
  await expectVisible(
    t.page.getByRole('button', { name: '后一天', exact: true }),
    '老黄历 content after the reload',
  );
  assert((await retry.count()) === 0, 'the error view is gone after the reload');
});

/**
 * A page first opened offline, whose code never reached the phone: it says so — not a retry button
 * that cannot help without a network — and opens by itself once the network is back.
 */
test('aPageFirstOpenedOfflineOpensWhenTheNetworkReturns', async ({ t }) => {
  t.allowPageErrors();
  await withoutServiceWorker(t.page);
  await t.open('/pages/index/index');
  await t.page.getByRole('region', { name: '当日信息' }).waitFor();

  // The connection drops as a whole (Chromium's offline emulation, which also tells the page).
  const failedScripts: string[] = [];
  t.page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script') failedScripts.push(request.url());
  });
  await t.context.setOffline(true);
  await t.page.getByRole('link', { name: /查看老黄历/ }).tap();
  await expectVisible(t.page.getByText('网络未连接'), 'the offline view');
  await expectVisible(
    t.page.getByText('这一页还没有存到手机上，联网后会自动打开'),
    'what the offline view says',
  );
  assert(failedScripts.length > 0, 'no script failed: 老黄历 did not load lazily');
  assert(
    (await t.page.getByRole('button', { name: /页面加载失败/ }).count()) === 0,
    'no retry button offline',
  );
  await expectVisible(t.page.getByRole('button', { name: '返回' }), 'a way back while offline');
  await t.screenshot('offline-page-not-on-phone');
  await shootNarrow(t, 'offline-page-not-on-phone-320', 'the offline view');

  await t.context.setOffline(false);
  await expectText(headerTitle(t.page), '老黄历', 'header once the network is back, without a tap');
  await expectVisible(
    t.page.getByRole('button', { name: '后一天', exact: true }),
    '老黄历 content once the network is back',
  );
});

/**
 * A page whose code is slow to arrive shows, after 200 ms, its own header (title and 返回) over a grey
 * skeleton — not a bare spinner — and then the page.
 */
test('slowPageShowsItsHeaderAndASkeleton', async ({ t }) => {
  await withoutServiceWorker(t.page);
  const loaded = await openCalendarNotingScripts(t);

  // Hold back every script the calendar did not load, until the skeleton has been looked at.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    if (!loaded.has(route.request().url())) await released;
    return route.continue();
  };
  await t.page.route(/\/assets\/.+\.js(\?.*)?$/, hold);
  await t.page.getByRole('link', { name: /查看老黄历/ }).tap();

  const skeleton = t.page.getByRole('status', { name: '加载中' });
  await expectVisible(skeleton, 'the loading skeleton');
  await expectText(headerTitle(t.page), '老黄历', 'the header while loading');
  await expectVisible(t.page.getByRole('button', { name: '返回' }), 'a way back while loading');
  await t.screenshot('loading-skeleton');

  release();
  await expectVisible(t.page.getByRole('button', { name: '后一天', exact: true }), '老黄历 after loading');
  assert((await skeleton.count()) === 0, 'the skeleton is gone once the page is there');
  await t.page.unroute(/\/assets\/.+\.js(\?.*)?$/, hold);
});

/** The webview page with a url it will not open: a Chinese title (链接无效), a reason, no frame. */
test('webviewNamesABadLinkInChinese', async ({ t }) => {
  for (const url of ['garbage', 'javascript:alert(1)']) {
    await t.open(`/pages/webview/index?url=${encodeURIComponent(url)}`);
    await expectText(headerTitle(t.page), '链接无效', `header for url=${url}`);
    await expectVisible(t.page.getByText('网址无效，无法打开此页面。'), `reason for url=${url}`);
    await eventually(
      `document.title for url=${url}`,
      () => t.page.title(),
      (title) => title === '链接无效 · 中华玄历',
    );
    assert((await t.page.locator('iframe').count()) === 0, `url=${url} must not load a frame`);
  }
  await t.screenshot('webview-invalid-link');
});
