/**
 * SPEC §2: when a page's code fails to load, an error view appears and a tap reloads. The network
 * drops every script the first page did not already load (so the test does not depend on chunk
 * names), the reader opens 老黄历, sees the error view, the network comes back, and a tap loads it.
 */
import type { Route } from 'playwright-core';
import { assert, expectText, expectVisible, headerTitle, type TestContext } from '../lib/harness.ts';

export async function failedChunkShowsErrorViewAndTapReloads(t: TestContext) {
  t.allowPageErrors();
  const loaded = new Set<string>();
  t.page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') loaded.add(request.url());
  });
  await t.open('/pages/index/index');
  await t.page.getByRole('region', { name: '当日信息' }).waitFor();

  const blocked: string[] = [];
  const block = async (route: Route) => {
    const url = route.request().url();
    if (loaded.has(url)) return route.continue();
    blocked.push(url);
    return route.abort('internetdisconnected');
  };
  await t.page.route(/\/assets\/.+\.js(\?.*)?$/, block);

  await t.page.getByRole('link', { name: /查看老黄历/ }).tap();
  const retry = t.page.getByRole('button', { name: /页面加载失败，点击重试/ });
  await expectVisible(retry, 'the error view after the page chunk failed');
  assert(blocked.length > 0, 'no script was blocked: 老黄历 did not load lazily');
  await t.screenshot('reload-on-error-view');

  await t.page.unroute(/\/assets\/.+\.js(\?.*)?$/, block);
  await retry.tap();
  await expectText(headerTitle(t.page), '老黄历', 'header after the reload');
  await expectVisible(
    t.page.getByRole('button', { name: '后一天', exact: true }),
    '老黄历 content after the reload',
  );
  assert((await retry.count()) === 0, 'the error view is gone after the reload');
}
