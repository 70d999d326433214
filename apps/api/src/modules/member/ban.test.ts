/**
 * A banned account through HTTP, as its owner meets it: an operator bans it in the console, its
 * sessions end at once, its phone gets no SMS code and logs in by no method — each with the same 403
 * AccountBanned and its Chinese sentence — until the ban is lifted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPhone, visitorToken } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/build.ts';
import { signInOperator, type TestOperator } from '../../../test/operators.ts';
import { buildMemberApp, lastCode, outboxLines } from './testing.ts';
import { loginBySms } from './testing-login.ts';

type MemberApp = TestApp & { dataDir: string; outboxFile: string };

const BANNED = { code: 'AccountBanned', msg: '该账号已被停用，如有疑问请联系客服' };

describe('a banned account', () => {
  let t: MemberApp;
  let support: TestOperator;
  beforeAll(async () => {
    t = await buildMemberApp();
    support = await signInOperator(t, 'support');
  });
  afterAll(() => t.close());

  const crm = (url: string, token: string, payload?: object) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/crm/${url}`,
      headers: { token },
      ...(payload ? { payload } : {}),
    });
  const consolePost = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/${url}`, headers: support.headers, payload });

  it('loses every session at once and may not log in by any method until unbanned', async () => {
    const phone = testPhone();
    const first = await loginBySms(t, phone);
    const userId = first.user.id;
    const token = first.jwt;
    await crm('member/password', token, { password: 'lunar2026' });
    t.clock.advanceSeconds(61);
    // A code asked for before the ban, to try after it.
    await crm('member/sms', await visitorToken(t), { phone });
    const earlierCode = lastCode(t.outboxFile, phone);

    const ban = await consolePost('users/ban', { userId, reason: '发布违规广告' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json().resData).toEqual({
      userId,
      bannedAt: new Date(t.clock.now()).toISOString(),
      banReason: '发布违规广告',
      sessionsEnded: 1,
    });

    const stale = await crm('member/profile', token);
    expect(stale.statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/base/token', headers: { token } });
    expect(refresh.statusCode).toBe(401);

    t.clock.advanceSeconds(61);
    const sentBefore = outboxLines(t.outboxFile).length;
    const sms = await crm('member/sms', await visitorToken(t), { phone });
    expect(sms.statusCode).toBe(403);
    expect(sms.json()).toEqual(BANNED);
    expect(outboxLines(t.outboxFile)).toHaveLength(sentBefore);
    for (const body of [
      { phone, code: earlierCode },
      { phone, password: 'lunar2026' },
    ]) {
      const login = await crm('member/login', await visitorToken(t), body);
      expect(login.statusCode, JSON.stringify(body)).toBe(403);
      expect(login.json()).toEqual(BANNED);
    }

    const unban = await consolePost('users/unban', { userId, reason: '用户申诉通过' });
    expect(unban.statusCode, unban.body).toBe(200);
    expect(unban.json().resData).toEqual({ userId, bannedAt: null, banReason: null, sessionsEnded: 0 });
    // The code from before the ban was never used: it still logs in, as does the password.
    const byCode = await crm('member/login', await visitorToken(t), { phone, code: earlierCode });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().resData.user.id).toBe(userId);
    const byPassword = await crm('member/login', await visitorToken(t), { phone, password: 'lunar2026' });
    expect(byPassword.statusCode).toBe(200);
    expect((await crm('member/profile', byPassword.json().resData.jwt)).statusCode).toBe(200);
  });

  it('keeps other phones as they were: no hint about accounts that are not banned', async () => {
    const stranger = testPhone();
    const sms = await crm('member/sms', await visitorToken(t), { phone: stranger });
    expect(sms.statusCode).toBe(200);
    const login = await crm('member/login', await visitorToken(t), {
      phone: stranger,
      password: 'lunar2026',
    });
    expect(login.json().code).toBe('LoginFailed');
  });
});
