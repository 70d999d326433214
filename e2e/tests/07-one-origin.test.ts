/**
 * The app and the API on one origin: `/` lands on the SPA, and a page of the SPA can reach
 * the API under /api with its security headers on (CSP connect-src 'self'). The calendar itself
 * computes in the browser, so this is the browser-level proof that the real API is wired in.
 */

import { assert, expectText } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle } from '../lib/harness.ts';

test('rootRedirectsToTheApp', async ({ t }) => {
  const origin = new URL(t.appURL).origin;
  const response = await t.page.goto(`${origin}/`);
  assert(response, 'GET / got no response');
  assert(response.ok(), `GET / ended in HTTP ${response?.status()}`);
  assert(new URL(t.page.url()).pathname === '/xuanli/', `/ should land on /xuanli/, got ${t.page.url()}`);
  await expectText(headerTitle(t.page), '中华玄历', 'the calendar opens as the first tab');
  const csp = (await response.allHeaders())['content-security-policy'] ?? '';
  assert(/default-src 'self'/.test(csp), `the SPA should be served with a CSP, got "${csp}"`);
});

test('pageGetsAndRefreshesASessionToken', async ({ t }) => {
  await t.open('/pages/index/index');
  const result = await t.page.evaluate(async () => {
    const post = async (token?: string) => {
      const response = await fetch('/api/base/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify({ device_id: 123456 }),
      });
      return { status: response.status, body: await response.json() };
    };
    const first = await post();
    const refreshed = await post(first.body?.data?.jwt);
    const tampered = await post(`${first.body?.data?.jwt}x`);
    const missing = await fetch('/api/no-such-route');
    return { first, refreshed, tampered, missing: { status: missing.status, body: await missing.json() } };
  });
  const { first, refreshed, tampered, missing } = result;
  assert(first.status === 200 && first.body.code === 0, `token: ${JSON.stringify(first)}`);
  assert(
    typeof first.body.data?.jwt === 'string' && Number.isInteger(first.body.data?.iat),
    `token shape: ${JSON.stringify(first.body)}`,
  );
  assert(
    refreshed.status === 200 && typeof refreshed.body.data?.jwt === 'string',
    `refresh: ${JSON.stringify(refreshed)}`,
  );
  assert(
    tampered.status === 401 && typeof tampered.body.msg === 'string',
    `tampered token: ${JSON.stringify(tampered)}`,
  );
  assert(
    missing.status === 404 && missing.body.code !== 0 && missing.body.msg,
    `unknown route: ${JSON.stringify(missing)}`,
  );
});
