/**
 * The JS-SDK signature (JS-SDK 说明文档 附录1) and the credentials behind it: the official example,
 * the route's signature recomputed independently, pages of other origins refused, one access-token and
 * one ticket fetch for many calls from two app instances on one database, one refresh when WeChat
 * calls the token stale (40001), and WeChat's refusal answered as WechatUnavailable.
 */
import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build.ts';
import { buildApp } from '../../app.ts';
import { jssdkSignature } from './jssdk.ts';
import { wechatCredentials } from './schema.ts';
import { parseWechatConfig } from './settings.ts';
import { JSSDK_EXAMPLE_TICKET } from './testing.ts';
import { useWechatApp } from './testing-app.ts';
import { buildWechatApp, SITE } from './testing-flow.ts';

const { t, stand } = useWechatApp();

/**
 * 附录1 written out again, apart from the module: the four fields sorted by name (ASCII), joined as
 * `k=v&…` with raw values, SHA-1 in hex.
 */
function referenceSignature(fields: Record<string, string | number>): string {
  const text = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHash('sha1').update(text).digest('hex');
}

function jssdk(app: TestApp['app'], url: string) {
  return app.inject({ method: 'GET', url: '/api/wechat/jssdk', query: { url } });
}

describe('the signature', () => {
  it("is the official example's (附录1)", () => {
    const example = {
      ticket: JSSDK_EXAMPLE_TICKET,
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value',
    };
    expect(jssdkSignature(example)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(
      referenceSignature({
        noncestr: example.nonceStr,
        jsapi_ticket: example.ticket,
        timestamp: example.timestamp,
        url: example.url,
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it("signs a page of the site, without its #part, with WeChat's current ticket", async () => {
    stand.fixedTicket = JSSDK_EXAMPLE_TICKET;
    const page = `${SITE}/xuanli/?from=singlemessage`;
    const res = await jssdk(t.app, `${page}#/pages/index/day?date=2026-01-15`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const config = res.json().resData;
    expect(config).toMatchObject({ appId: stand.appId, timestamp: Math.floor(t.clock.now() / 1000) });
    expect(config.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(config.signature).toBe(
      referenceSignature({
        jsapi_ticket: JSSDK_EXAMPLE_TICKET,
        noncestr: config.nonceStr,
        timestamp: config.timestamp,
        url: page,
      }),
    );
    // The ticket was fetched with the stable access token, as WeChat documents both calls.
    const [tokenCall] = stand.calls('/cgi-bin/stable_token');
    expect(JSON.parse(tokenCall.body)).toEqual({
      grant_type: 'client_credential',
      appid: stand.appId,
      secret: stand.appSecret,
      force_refresh: false,
    });
    const ticketCall = new URL(stand.calls('/cgi-bin/ticket/getticket')[0].url, stand.url).searchParams;
    expect(ticketCall.get('type')).toBe('jsapi');
    expect(ticketCall.get('access_token')).toBe(JSON.parse(tokenCall.answer ?? '{}').access_token);
  });

  it("refuses pages of other origins, and anything that is not a page's address", async () => {
    for (const url of [
      'https://evil.example.com/xuanli/',
      'http://xuanli.example.com/xuanli/',
      'xuanli/',
      `${SITE}`,
      'javascript:alert(1)',
    ]) {
      const res = await jssdk(t.app, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('ValidationError');
    }
  });
});

describe('the shared access token and ticket', () => {
  it('fetches each once for many calls from two app instances on one database, and again once they are stale', async () => {
    const other = await buildApp({ db: t.database.db, config: t.config, clock: t.clock, logger: false });
    await other.ready();
    try {
      // Start from nothing kept, as a fresh install does.
      await t.database.db.delete(wechatCredentials);
      const before = {
        token: stand.calls('/cgi-bin/stable_token').length,
        ticket: stand.calls('/cgi-bin/ticket/getticket').length,
      };
      const burst = () =>
        Promise.all(
          Array.from({ length: 24 }, (_, i) => jssdk(i % 2 === 0 ? t.app : other, `${SITE}/xuanli/?n=${i}`)),
        );
      for (const res of await burst()) expect(res.statusCode, res.body).toBe(200);
      expect(stand.calls('/cgi-bin/stable_token').length - before.token).toBe(1);
      expect(stand.calls('/cgi-bin/ticket/getticket').length - before.ticket).toBe(1);
      // Kept until 5 minutes before WeChat's 7200 s are up…
      t.clock.advanceSeconds(7200 - 5 * 60 - 1);
      for (const res of await burst()) expect(res.statusCode).toBe(200);
      expect(stand.calls('/cgi-bin/ticket/getticket').length - before.ticket).toBe(1);
      // …then fetched again, once.
      t.clock.advanceSeconds(2);
      for (const res of await burst()) expect(res.statusCode).toBe(200);
      expect(stand.calls('/cgi-bin/stable_token').length - before.token).toBe(2);
      expect(stand.calls('/cgi-bin/ticket/getticket').length - before.ticket).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('fetches a new token once when WeChat calls the kept one stale (40001), then the ticket', async () => {
    expect((await jssdk(t.app, `${SITE}/xuanli/`)).statusCode).toBe(200);
    const before = {
      token: stand.calls('/cgi-bin/stable_token').length,
      ticket: stand.calls('/cgi-bin/ticket/getticket').length,
    };
    // Another tool forced a new token at WeChat, and our ticket is due.
    stand.replaceAccessToken();
    await t.database.db
      .update(wechatCredentials)
      .set({ renewAt: new Date(0) })
      .where(like(wechatCredentials.key, '%:jsapi_ticket'));
    const res = await jssdk(t.app, `${SITE}/xuanli/`);
    expect(res.statusCode, res.body).toBe(200);
    const tickets = stand.calls('/cgi-bin/ticket/getticket').slice(before.ticket);
    expect(tickets.map((call) => JSON.parse(call.answer ?? '{}').errcode)).toEqual([40001, 0]);
    expect(stand.calls('/cgi-bin/stable_token').length - before.token).toBe(1);
  });

  it('answers WechatUnavailable (502) when WeChat refuses the token, and keeps nothing', async () => {
    const wrong = await buildWechatApp(stand, {
      config: {
        wechat: parseWechatConfig({ ...stand.env(SITE), WECHAT_APP_SECRET: 'e'.repeat(31).concat('1') }),
      },
    });
    try {
      const res = await jssdk(wrong.app, `${SITE}/xuanli/`);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('WechatUnavailable');
      const [row] = await wrong.database.db
        .select()
        .from(wechatCredentials)
        .where(eq(wechatCredentials.key, `${stand.appId}:access_token`));
      expect(row).toMatchObject({ value: '', refreshingUntil: null });
    } finally {
      await wrong.close();
    }
  });
});
