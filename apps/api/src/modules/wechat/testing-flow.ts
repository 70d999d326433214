/**
 * Test helpers over the 公众号 stand-in: a test app configured for it, and the browser's walk through
 * 网页授权 — our start route, WeChat's authorisation page, our callback with the state cookie — ending at
 * the app route with its `wxticket`, as a phone inside WeChat walks it. Nothing here is used by the app.
 */
import { expect } from 'vitest';
import { visitorToken } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import type { Config } from '../../config.ts';
import { parseWechatConfig } from './settings.ts';
import { StandInWechat, type StandInWechatUser } from './testing.ts';

/** The site's origin in the tests. */
export const SITE = 'https://xuanli.example.com';

/** A test app whose 公众号 is `stand`; `config` adds to it. */
export async function buildWechatApp(
  stand: StandInWechat,
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<TestApp> {
  const env = stand.env(SITE);
  const extra: Partial<Config> = { wechat: parseWechatConfig(env), publicUrl: SITE };
  return buildTestApp({ ...options, config: { ...extra, ...options.config } });
}

/** Where one step of the walk ended: the Location and the cookie it set. */
export interface Hop {
  location: string;
  cookie: string;
}

/** `GET /api/wechat/oauth`: WeChat's authorisation URL and the state cookie. */
export async function startOauth(t: TestApp, to: string, scope: 'base' | 'userinfo' = 'base'): Promise<Hop> {
  const res = await t.app.inject({ method: 'GET', url: '/api/wechat/oauth', query: { to, scope } });
  expect(res.statusCode, res.body).toBe(302);
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
  return { location: String(res.headers.location), cookie };
}

/** WeChat's authorisation page, opened by the phone: where it sends the browser (our callback). */
export async function openAuthorizePage(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl.replace(/#wechat_redirect$/, ''), { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  return String(res.headers.get('location'));
}

/** Our callback, as the browser calls it (with `cookie`, or none): the app address it answers. */
export async function callback(t: TestApp, callbackUrl: string, cookie?: string): Promise<string> {
  const url = new URL(callbackUrl);
  const res = await t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

/** The query of the app route an address `/xuanli/#<route>?…` names. */
export function routeQuery(location: string): URLSearchParams {
  expect(location.startsWith('/xuanli/#/pages/')).toBe(true);
  return new URLSearchParams(location.split('?')[1] ?? '');
}

/** The whole walk for `user`: the ticket the app receives. */
export async function authorize(
  t: TestApp,
  stand: StandInWechat,
  user: StandInWechatUser,
  scope: 'base' | 'userinfo' = 'base',
): Promise<string> {
  stand.current = user;
  const start = await startOauth(t, '/pages/user/login?redirect=%2Fpages%2Fuser%2Findex', scope);
  const back = await openAuthorizePage(start.location);
  const ticket = routeQuery(await callback(t, back, start.cookie)).get('wxticket');
  expect(ticket).toMatch(/^[0-9a-f]{64}$/);
  return ticket as string;
}

/** `POST /api/crm/member/wechat {ticket}` with `token` (a visitor's when absent). */
export async function wechatLogin(t: TestApp, ticket: string, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/crm/member/wechat',
    headers: { token: token ?? (await visitorToken(t)) },
    payload: { ticket },
  });
}

/** A WeChat user signed in through the whole walk: their token and account. */
export async function signInByWechat(
  t: TestApp,
  stand: StandInWechat,
  user: StandInWechatUser = StandInWechat.user('李大爷'),
): Promise<{ token: string; userId: number }> {
  const res = await wechatLogin(t, await authorize(t, stand, user));
  expect(res.statusCode, res.body).toBe(200);
  const { jwt, user: profile } = res.json().resData as { jwt: string; user: { id: number } };
  return { token: jwt, userId: profile.id };
}
