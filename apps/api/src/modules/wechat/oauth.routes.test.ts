/**
 * 网页授权 through HTTP against the 公众号 stand-in (real HTTP on 127.0.0.1): the redirect to WeChat and
 * its parameters, the state (one use, 10 minutes, this browser's), WeChat's refusals of a code (used,
 * invalid, a wrong AppSecret) ending in the app with `wxerror`, never a 5xx, and the ticket (one use, 5
 * minutes) traded for a session.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visitorToken } from '../../../test/accounts.ts';
import { users } from '../member/testing-tables.ts';
import { sessions } from '../sessions/testing-tables.ts';
import { wechatIdentities } from './schema.ts';
import { parseWechatConfig } from './settings.ts';
import { StandInWechat } from './testing.ts';
import { useWechatApp } from './testing-app.ts';
import {
  authorize,
  buildWechatApp,
  callback,
  openAuthorizePage,
  routeQuery,
  SITE,
  startOauth,
  wechatLogin,
} from './testing-flow.ts';

const { t, stand } = useWechatApp();

describe('the start: 302 to WeChat', () => {
  it("sends the browser to WeChat's authorisation page with the documented parameters, in order", async () => {
    const { location, cookie } = await startOauth(t, '/pages/shop/checkout?skuId=3', 'base');
    expect(location.startsWith(`${stand.url}/connect/oauth2/authorize?`)).toBe(true);
    expect(location.endsWith('#wechat_redirect')).toBe(true);
    const query = location.slice(location.indexOf('?') + 1, location.indexOf('#'));
    const params = [...new URLSearchParams(query)];
    expect(params.map(([name]) => name)).toEqual([
      'appid',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ]);
    const values = Object.fromEntries(params);
    expect(values).toMatchObject({
      appid: stand.appId,
      redirect_uri: `${SITE}/api/wechat/oauth/callback`,
      response_type: 'code',
      scope: 'snsapi_base',
    });
    expect(values.state).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).toBe(`xl_wx_state=${values.state}`);
    const userinfo = await startOauth(t, '/pages/user/index', 'userinfo');
    expect(userinfo.location).toContain('&scope=snsapi_userinfo&');
  });

  it('marks the state cookie HttpOnly, SameSite=Lax, for the callback only, for 10 minutes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wechat/oauth',
      query: { to: '/pages/user/index' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; Path=\/api\/wechat\/oauth/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a `to` that is not an app route, so it is never an open redirect', async () => {
    for (const to of [
      'https://evil.example.com/',
      '//evil.example.com/pages/x',
      '/pages/../../evil',
      '/xuanli/',
      '/pages/user/index#x',
      '\\\\evil.example.com',
      '/pages/user/index?x=\\y',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/wechat/oauth', query: { to } });
      expect(res.statusCode, to).toBe(400);
      expect(res.json().code).toBe('ValidationError');
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('the callback', () => {
  it('exchanges the code, then sends the browser back to its route with a one-time ticket', async () => {
    stand.current = StandInWechat.user('王奶奶');
    const start = await startOauth(t, '/pages/shop/checkout?skuId=3&wxticket=old');
    const back = await openAuthorizePage(start.location);
    expect(back.startsWith(`${SITE}/api/wechat/oauth/callback?code=`)).toBe(true);
    const location = await callback(t, back, start.cookie);
    expect(location).toMatch(/^\/xuanli\/#\/pages\/shop\/checkout\?skuId=3&wxticket=[0-9a-f]{64}$/);
    const exchange = stand.calls('/sns/oauth2/access_token').at(-1)!;
    const sent = new URL(exchange.url, stand.url).searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      appid: stand.appId,
      secret: stand.appSecret,
      code: new URL(back).searchParams.get('code'),
      grant_type: 'authorization_code',
    });
    // Silent authorisation reads no profile.
    expect(stand.calls('/sns/userinfo')).toHaveLength(0);
  });

  it("refuses a state without the cookie of the browser that started it, another browser's, and a second use", async () => {
    const start = await startOauth(t, '/pages/user/index');
    const back = await openAuthorizePage(start.location);
    expect(routeQuery(await callback(t, back)).get('wxerror')).toBe('state');
    const other = await startOauth(t, '/pages/user/index');
    expect(routeQuery(await callback(t, back, other.cookie)).get('wxerror')).toBe('state');
    expect(routeQuery(await callback(t, back, start.cookie)).get('wxticket')).toMatch(/^[0-9a-f]{64}$/);
    const again = await callback(t, back, start.cookie);
    expect(routeQuery(again).get('wxerror')).toBe('state');
    expect(again.startsWith('/xuanli/#/pages/user/index?')).toBe(true);
  });

  it('refuses a state older than 10 minutes', async () => {
    const start = await startOauth(t, '/pages/user/index');
    const back = await openAuthorizePage(start.location);
    t.clock.advanceSeconds(10 * 60 + 1);
    try {
      expect(routeQuery(await callback(t, back, start.cookie)).get('wxerror')).toBe('state');
    } finally {
      t.clock.advanceSeconds(-(10 * 60 + 1));
    }
  });

  it("ends WeChat's refusals of a code in the app: used (40163), invalid (40029), declined consent, wrong secret", async () => {
    // The same code a second time, under a fresh state of this browser.
    const first = await startOauth(t, '/pages/user/index');
    const back = await openAuthorizePage(first.location);
    await callback(t, back, first.cookie);
    const second = await startOauth(t, '/pages/user/index');
    const state = new URL(second.location.replace('#wechat_redirect', '')).searchParams.get('state');
    const reused = new URL(back);
    reused.searchParams.set('state', state as string);
    const used = await callback(t, reused.toString(), second.cookie);
    expect(routeQuery(used).get('wxerror')).toBe('expired');
    expect(JSON.parse(stand.calls('/sns/oauth2/access_token').at(-1)?.answer ?? '{}')).toMatchObject({
      errcode: 40163,
    });

    const third = await startOauth(t, '/pages/user/index');
    const forged = new URL(await openAuthorizePage(third.location));
    forged.searchParams.set('code', 'not-a-code-wechat-gave');
    expect(routeQuery(await callback(t, forged.toString(), third.cookie)).get('wxerror')).toBe('expired');
    expect(JSON.parse(stand.calls('/sns/oauth2/access_token').at(-1)?.answer ?? '{}')).toMatchObject({
      errcode: 40029,
    });

    stand.declineConsent = true;
    try {
      const asked = await startOauth(t, '/pages/user/index', 'userinfo');
      const declined = await openAuthorizePage(asked.location);
      expect(new URL(declined).searchParams.has('code')).toBe(false);
      expect(routeQuery(await callback(t, declined, asked.cookie)).get('wxerror')).toBe('denied');
    } finally {
      stand.declineConsent = false;
    }

    // A 公众号 whose AppSecret was reset at WeChat (40125): the user reads that it is unavailable.
    const wrong = await buildWechatApp(stand, {
      config: {
        wechat: parseWechatConfig({ ...stand.env(SITE), WECHAT_APP_SECRET: 'f'.repeat(31).concat('0') }),
      },
    });
    try {
      const start = await startOauth(wrong, '/pages/user/index');
      const location = await callback(wrong, await openAuthorizePage(start.location), start.cookie);
      expect(routeQuery(location).get('wxerror')).toBe('unavailable');
      expect(JSON.parse(stand.calls('/sns/oauth2/access_token').at(-1)?.answer ?? '{}')).toMatchObject({
        errcode: 40125,
      });
    } finally {
      await wrong.close();
    }
  });

  it("refuses a 朋友圈 snapshot page's stand-in account", async () => {
    stand.current = StandInWechat.user('快照用户', { snapshot: true });
    const start = await startOauth(t, '/pages/user/index');
    const location = await callback(t, await openAuthorizePage(start.location), start.cookie);
    expect(routeQuery(location).get('wxerror')).toBe('snapshot');
  });
});

describe('the ticket', () => {
  it('signs in once: a new session for a new account, then the same ticket is refused', async () => {
    const visitor = await visitorToken(t);
    const ticket = await authorize(t, stand, StandInWechat.user('赵叔叔'));
    const res = await wechatLogin(t, ticket, visitor);
    expect(res.statusCode, res.body).toBe(200);
    const login = res.json().resData;
    expect(login).toMatchObject({ bound: false, user: { phone: '', avatar: '' } });
    expect(login.user.nickname).toMatch(/^微信用户.{4}$/);
    // The visitor's token ended with the login; the new one works.
    const old = await t.app.inject({ method: 'GET', url: '/api/base/session', headers: { token: visitor } });
    expect(old.statusCode).toBe(401);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/crm/member/profile',
      headers: { token: login.jwt },
    });
    expect(profile.json().resData.id).toBe(login.user.id);
    const again = await wechatLogin(t, ticket);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('WechatLoginFailed');
  });

  it('expires after 5 minutes', async () => {
    const ticket = await authorize(t, stand, StandInWechat.user('孙阿姨'));
    t.clock.advanceSeconds(5 * 60 + 1);
    try {
      const res = await wechatLogin(t, ticket);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WechatLoginFailed');
    } finally {
      t.clock.advanceSeconds(-(5 * 60 + 1));
    }
    expect((await wechatLogin(t, 'zz')).json().code).toBe('WechatLoginFailed');
  });

  it('the same WeChat user twice is the same account; snsapi_userinfo brings the nickname, avatar and unionid', async () => {
    const user = StandInWechat.user('周老师', { unionid: 'oUnion_test_0001' });
    const first = (await wechatLogin(t, await authorize(t, stand, user, 'userinfo'))).json().resData;
    expect(first.user).toMatchObject({ nickname: '周老师', avatar: user.headimgurl });
    const second = (await wechatLogin(t, await authorize(t, stand, user))).json().resData;
    expect(second.user.id).toBe(first.user.id);
    expect(second.jwt).not.toBe(first.jwt);
    const rows = await t.database.db
      .select()
      .from(wechatIdentities)
      .where(eq(wechatIdentities.openid, user.openid));
    expect(rows).toEqual([
      expect.objectContaining({ userId: first.user.id, unionid: 'oUnion_test_0001', nickname: '周老师' }),
    ]);
    expect(stand.calls('/sns/userinfo').length).toBeGreaterThan(0);
  });

  it('makes one account when the same WeChat user signs in from two requests at once', async () => {
    const user = StandInWechat.user('并发用户');
    const tickets = [await authorize(t, stand, user), await authorize(t, stand, user)];
    const answers = await Promise.all(tickets.map((ticket) => wechatLogin(t, ticket)));
    const ids = answers.map((res) => res.json().resData.user.id);
    expect(ids[0]).toBe(ids[1]);
    expect(
      await t.database.db.select().from(wechatIdentities).where(eq(wechatIdentities.openid, user.openid)),
    ).toHaveLength(1);
  });

  it('refuses a banned account like every login', async () => {
    const user = StandInWechat.user('被封用户');
    const { user: account } = (await wechatLogin(t, await authorize(t, stand, user))).json().resData;
    await t.database.db
      .update(users)
      .set({ bannedAt: new Date(t.clock.now()), banReason: '测试' })
      .where(eq(users.id, account.id));
    const res = await wechatLogin(t, await authorize(t, stand, user));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AccountBanned');
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(live.filter((session) => session.revokedAt === null)).toHaveLength(1);
  });
});
