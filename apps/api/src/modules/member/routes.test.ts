/**
 * The member routes through HTTP: login by SMS code (the code read from the outbox) and by password,
 * the new session every login opens, logout, the profile, the password, account deletion, and the
 * authorisation of every route.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf, setVipExpire, signIn, testPhone, visitorToken } from '../../../test/accounts.ts';
import { FIXED_NOW, type TestApp, testConfig } from '../../../test/build.ts';
import { sessions } from '../sessions/testing-tables.ts';
import { CODE_TTL_MS, MAX_WRONG_TRIES } from './codes.ts';
import { users } from './schema.ts';
import { LOGINS_PER_PHONE_PER_HOUR } from './service.ts';
import { buildMemberApp } from './testing.ts';
import { erasedAccount } from './testing-erasure.ts';
import { loginBySms, smsCode } from './testing-login.ts';

type MemberApp = TestApp & { dataDir: string; outboxFile: string };

function call(t: TestApp, method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/crm/${url}`,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

describe('login by SMS code', () => {
  let t: MemberApp;
  beforeAll(async () => {
    t = await buildMemberApp();
  });
  afterAll(() => t.close());

  it('creates the user on the first login and answers {jwt, iat, user} with the masked phone', async () => {
    const phone = testPhone();
    const visitor = await visitorToken(t);
    const code = await smsCode(t, phone, visitor);
    const res = await call(t, 'POST', 'member/login', visitor, { phone, code });
    expect(res.statusCode).toBe(200);
    const { jwt, iat, user } = res.json().resData;
    expect(iat).toBe(FIXED_NOW / 1000);
    expect(user).toEqual({
      id: expect.any(Number),
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      nickname: `玄历用户${phone.slice(-4)}`,
      avatar: '',
      vip_expire: null,
      isVip: false,
      hasPassword: false,
    });
    expect(claimsOf(jwt).uid).toBe(user.id);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.phone).toBe(phone);
  });

  it('logs the same user in again on a later login, from another session', async () => {
    const first = await loginBySms(t);
    t.clock.advanceSeconds(60);
    const again = await loginBySms(t, first.phone);
    expect(again.user.id).toBe(first.user.id);
  });

  it("ends the caller's session at once and answers the token of a new session for the user", async () => {
    const device = 1_700_000_000_123;
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      payload: { device_id: device },
    });
    const visitor: string = issued.json().data.jwt;
    const phone = testPhone();
    const code = await smsCode(t, phone, visitor);
    const res = await call(t, 'POST', 'member/login', visitor, { phone, code });
    expect(res.statusCode).toBe(200);
    const { jwt, user } = res.json().resData;
    expect(sessionIdOf(jwt)).not.toBe(sessionIdOf(visitor));
    expect(claimsOf(jwt)).toMatchObject({ uid: user.id, jti: '0', sub: expect.stringMatching(/^user:/) });
    expect(claimsOf(jwt).sub).not.toBe(claimsOf(visitor).sub);

    // No grace period: the token from before the login is dead on the very next request …
    const stale = await call(t, 'GET', 'member/profile', visitor);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ code: 'Unauthorized', msg: 'session ended' });
    // … and refreshing it gives nothing, least of all the user's token.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: { token: visitor },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().code).toBe('Unauthorized');

    const profile = await call(t, 'GET', 'member/profile', jwt);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().resData.id).toBe(user.id);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(visitor)));
    expect(rows[0]).toMatchObject({ userId: null, revokedAt: new Date(t.clock.now()) });
    const [opened] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(jwt)));
    expect(opened).toMatchObject({ userId: user.id, deviceId: device, generation: 0, revokedAt: null });
  });

  it("ends a logged-in caller's session too when they log in again, as another account or the same", async () => {
    const first = await loginBySms(t);
    t.clock.advanceSeconds(60);
    const code = await smsCode(t, first.phone, first.jwt);
    const again = await call(t, 'POST', 'member/login', first.jwt, { phone: first.phone, code });
    expect(again.statusCode).toBe(200);
    const second: string = again.json().resData.jwt;
    expect(sessionIdOf(second)).not.toBe(sessionIdOf(first.jwt));
    expect((await call(t, 'GET', 'member/profile', first.jwt)).statusCode).toBe(401);
    expect((await call(t, 'GET', 'member/profile', second)).statusCode).toBe(200);
  });

  it('gives the new session the usual grace on its own refreshes: parallel ones get the same token', async () => {
    const { jwt } = await loginBySms(t);
    t.clock.advanceSeconds(7200);
    const refresh = () => t.app.inject({ method: 'POST', url: '/api/base/token', headers: { token: jwt } });
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.jwt).toBe(b.json().data.jwt);
    // The token it replaced still works for the grace period (requests in flight), then not.
    expect((await call(t, 'GET', 'member/profile', jwt)).statusCode).toBe(200);
    t.clock.advanceSeconds(t.config.tokenGraceSeconds);
    expect((await call(t, 'GET', 'member/profile', jwt)).statusCode).toBe(401);
    expect((await call(t, 'GET', 'member/profile', a.json().data.jwt)).statusCode).toBe(200);
  });

  it('keeps the user through a token refresh', async () => {
    const { jwt, user } = await loginBySms(t);
    t.clock.advanceSeconds(7200);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/base/token', headers: { token: jwt } });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().data.jwt;
    expect(claimsOf(next).uid).toBe(user.id);
    const profile = await call(t, 'GET', 'member/profile', next);
    expect(profile.json().resData.id).toBe(user.id);
  });

  it('uses a code once', async () => {
    const phone = testPhone();
    const visitor = await visitorToken(t);
    const code = await smsCode(t, phone, visitor);
    expect((await call(t, 'POST', 'member/login', visitor, { phone, code })).statusCode).toBe(200);
    const again = await call(t, 'POST', 'member/login', await visitorToken(t), { phone, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'InvalidCode', msg: 'wrong, expired or used code' });
  });

  it('lets two racing logins with one code have one winner', async () => {
    const phone = testPhone();
    const visitor = await visitorToken(t);
    const code = await smsCode(t, phone, visitor);
    const [a, b] = await Promise.all([
      call(t, 'POST', 'member/login', visitor, { phone, code }),
      call(t, 'POST', 'member/login', await visitorToken(t), { phone, code }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it(`burns a code after ${MAX_WRONG_TRIES} wrong tries; fewer leave it usable`, async () => {
    const visitor = await visitorToken(t);
    const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const patient = testPhone();
    const kept = await smsCode(t, patient, visitor);
    for (let i = 0; i < MAX_WRONG_TRIES - 1; i++) {
      expect(
        (await call(t, 'POST', 'member/login', visitor, { phone: patient, code: wrongOf(kept) })).statusCode,
      ).toBe(400);
    }
    expect((await call(t, 'POST', 'member/login', visitor, { phone: patient, code: kept })).statusCode).toBe(
      200,
    );

    const guesser = testPhone();
    const visitor2 = await visitorToken(t);
    const burnt = await smsCode(t, guesser, visitor2);
    for (let i = 0; i < MAX_WRONG_TRIES; i++) {
      const res = await call(t, 'POST', 'member/login', visitor2, { phone: guesser, code: wrongOf(burnt) });
      expect(res.json().code).toBe('InvalidCode');
    }
    const right = await call(t, 'POST', 'member/login', visitor2, { phone: guesser, code: burnt });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('InvalidCode');
  });

  it('expires a code after 5 minutes', async () => {
    const visitor = await visitorToken(t);
    const early = testPhone();
    const late = testPhone();
    const earlyCode = await smsCode(t, early, visitor);
    const lateCode = await smsCode(t, late, visitor);
    t.clock.advanceSeconds(CODE_TTL_MS / 1000 - 1);
    expect(
      (await call(t, 'POST', 'member/login', visitor, { phone: early, code: earlyCode })).statusCode,
    ).toBe(200);
    t.clock.advanceSeconds(1);
    const expired = await call(t, 'POST', 'member/login', await visitorToken(t), {
      phone: late,
      code: lateCode,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('InvalidCode');
  });

  it('accepts only the newest code of a phone', async () => {
    const phone = testPhone();
    const visitor = await visitorToken(t);
    const old = await smsCode(t, phone, visitor);
    t.clock.advanceSeconds(60);
    const fresh = await smsCode(t, phone, visitor);
    if (old !== fresh) {
      expect((await call(t, 'POST', 'member/login', visitor, { phone, code: old })).json().code).toBe(
        'InvalidCode',
      );
    }
    expect((await call(t, 'POST', 'member/login', visitor, { phone, code: fresh })).statusCode).toBe(200);
  });

  it('answers InvalidCode for a phone that never got a code, InvalidPhone for a malformed phone', async () => {
    const visitor = await visitorToken(t);
    const none = await call(t, 'POST', 'member/login', visitor, { phone: testPhone(), code: '123456' });
    expect(none.json()).toEqual({ code: 'InvalidCode', msg: 'wrong, expired or used code' });
    const bad = await call(t, 'POST', 'member/login', visitor, { phone: '23800138000', code: '123456' });
    expect(bad.json().code).toBe('InvalidPhone');
  });

  it('needs exactly one of code and password, and a session token', async () => {
    const visitor = await visitorToken(t);
    const phone = testPhone();
    for (const body of [{ phone }, { phone, code: '123456', password: 'abc12345' }]) {
      const res = await call(t, 'POST', 'member/login', visitor, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'ValidationError', msg: 'body must have either code or password' });
    }
    const anonymous = await call(t, 'POST', 'member/login', undefined, { phone, code: '123456' });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`limits login attempts to ${LOGINS_PER_PHONE_PER_HOUR} an hour per phone, with the wait`, async () => {
    const phone = testPhone();
    const visitor = await visitorToken(t);
    for (let i = 0; i < LOGINS_PER_PHONE_PER_HOUR; i++) {
      const res = await call(t, 'POST', 'member/login', visitor, { phone, password: 'wrong-pass-1' });
      expect(res.json().code).toBe('LoginFailed');
    }
    const refused = await call(t, 'POST', 'member/login', visitor, { phone, password: 'wrong-pass-1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TooManyRequests', retryAfter: expect.any(Number) });
    expect(Number(refused.headers['retry-after'])).toBe(refused.json().retryAfter);
    // Another phone from the same client still logs in.
    expect((await loginBySms(t)).jwt).toBeTruthy();
    t.clock.advanceSeconds(refused.json().retryAfter);
    expect(
      (await call(t, 'POST', 'member/login', visitor, { phone, password: 'wrong-pass-1' })).json().code,
    ).toBe('LoginFailed');
  });
});

describe('login budget per IP', () => {
  let t: MemberApp;
  beforeAll(async () => {
    const rateBudgets = { ...testConfig().rateBudgets, login: { max: 3, windowSeconds: 600 } };
    t = await buildMemberApp({ config: { rateBudgets } });
  });
  afterAll(() => t.close());

  it('refuses the client IP past its login budget with TooManyRequests, whatever the phone', async () => {
    const visitor = await visitorToken(t);
    const attempt = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/crm/member/login',
        headers: { token: visitor },
        payload: { phone: testPhone(), password: 'wrong-pass-1' },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await attempt('192.0.2.10')).json().code).toBe('LoginFailed');
    const refused = await attempt('192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TooManyRequests');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await attempt('192.0.2.11')).json().code).toBe('LoginFailed');
  });
});

describe('passwords', () => {
  let t: MemberApp;
  beforeAll(async () => {
    t = await buildMemberApp();
  });
  afterAll(() => t.close());

  const passwordLogin = async (phone: string, password: string) =>
    call(t, 'POST', 'member/login', await visitorToken(t), { phone, password });

  it("ends the caller's session at once on a password login too: a new session, no grace", async () => {
    const { jwt, phone } = await loginBySms(t);
    await call(t, 'POST', 'member/password', jwt, { password: 'lunar2026' });
    const visitor = await visitorToken(t);
    const res = await call(t, 'POST', 'member/login', visitor, { phone, password: 'lunar2026' });
    expect(res.statusCode).toBe(200);
    const next: string = res.json().resData.jwt;
    expect(sessionIdOf(next)).not.toBe(sessionIdOf(visitor));
    expect((await call(t, 'GET', 'member/profile', visitor)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: { token: visitor },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await call(t, 'GET', 'member/profile', next)).statusCode).toBe(200);
  });

  it('sets a password after an SMS login; then phone + password logs in', async () => {
    const { jwt, phone, user } = await loginBySms(t);
    const set = await call(t, 'POST', 'member/password', jwt, { password: 'lunar2026' });
    expect(set.statusCode).toBe(200);
    expect(set.json().resData).toEqual({ ok: true });
    const res = await passwordLogin(phone, 'lunar2026');
    expect(res.statusCode).toBe(200);
    expect(res.json().resData.user).toMatchObject({ id: user.id, hasPassword: true });
    expect((await call(t, 'GET', 'member/profile', res.json().resData.jwt)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, user.id as number));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers LoginFailed alike for a wrong password, no password and no account', async () => {
    const withPassword = await loginBySms(t);
    await call(t, 'POST', 'member/password', withPassword.jwt, { password: 'lunar2026' });
    const withoutPassword = await loginBySms(t);
    const answers = [
      await passwordLogin(withPassword.phone, 'lunar2027'),
      await passwordLogin(withoutPassword.phone, 'lunar2026'),
      await passwordLogin(testPhone(), 'lunar2026'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'LoginFailed', msg: 'wrong phone or password' });
    }
  });

  it('refuses passwords that are short, long, or lack a letter or a digit', async () => {
    const { jwt } = await loginBySms(t);
    for (const password of ['abc123', 'abcdefgh', '12345678', `a1${'x'.repeat(63)}`]) {
      const res = await call(t, 'POST', 'member/password', jwt, { password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().code, password).toBe('ValidationError');
    }
    expect(
      (await call(t, 'POST', 'member/password', jwt, { password: `a1${'x'.repeat(62)}` })).statusCode,
    ).toBe(200);
  });

  it('needs the current password to change it, and ends the other sessions', async () => {
    const { jwt, phone } = await loginBySms(t);
    await call(t, 'POST', 'member/password', jwt, { password: 'lunar2026' });
    const other = (await passwordLogin(phone, 'lunar2026')).json().resData.jwt;
    for (const body of [{ password: 'solar2026' }, { password: 'solar2026', oldPassword: 'lunar2027' }]) {
      const res = await call(t, 'POST', 'member/password', jwt, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('LoginFailed');
    }
    expect((await call(t, 'GET', 'member/profile', other)).statusCode).toBe(200);
    const changed = await call(t, 'POST', 'member/password', jwt, {
      password: 'solar2026',
      oldPassword: 'lunar2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(t, 'GET', 'member/profile', jwt)).statusCode).toBe(200);
    expect((await call(t, 'GET', 'member/profile', other)).statusCode).toBe(401);
    expect((await passwordLogin(phone, 'lunar2026')).json().code).toBe('LoginFailed');
    expect((await passwordLogin(phone, 'solar2026')).statusCode).toBe(200);
  });
});

describe('profile', () => {
  let t: MemberApp;
  beforeAll(async () => {
    t = await buildMemberApp();
  });
  afterAll(() => t.close());

  it('answers the user with the phone masked and VIP by the server clock', async () => {
    const phone = testPhone();
    const { token, userId } = await signIn(t, 'vip', phone);
    const res = await call(t, 'GET', 'member/profile', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().resData).toEqual({
      id: userId,
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      nickname: `测试${phone.slice(-4)}`,
      avatar: '',
      vip_expire: new Date(FIXED_NOW + 30 * 86_400_000).toISOString(),
      isVip: true,
      hasPassword: false,
    });
    expect(res.body).not.toContain(phone);
    await setVipExpire(t, userId!, new Date(FIXED_NOW));
    expect((await call(t, 'GET', 'member/profile', token)).json().resData.isVip).toBe(false);
  });

  it('changes the nickname (trimmed, 1–20 characters) and the avatar (an upload URL or empty)', async () => {
    const { token } = await signIn(t, 'user');
    const nickname = '七'.repeat(20);
    const res = await call(t, 'POST', 'member/profile', token, { nickname: `  ${nickname} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().resData.nickname).toBe(nickname);
    const avatar = '/api/files/avatars/3f2a9c.webp';
    const withAvatar = await call(t, 'POST', 'member/profile', token, { avatar });
    expect(withAvatar.json().resData).toMatchObject({ nickname, avatar });
    expect((await call(t, 'GET', 'member/profile', token)).json().resData).toMatchObject({
      nickname,
      avatar,
    });
    expect((await call(t, 'POST', 'member/profile', token, { avatar: '' })).json().resData.avatar).toBe('');
    expect((await call(t, 'POST', 'member/profile', token, {})).json().resData.nickname).toBe(nickname);
  });

  it('refuses a bad nickname or avatar with ValidationError and changes nothing', async () => {
    const { token } = await signIn(t, 'user');
    const before = (await call(t, 'GET', 'member/profile', token)).json().resData;
    const bad = [
      { nickname: '' },
      { nickname: '   ' },
      { nickname: '七'.repeat(21) },
      { nickname: 'a\u0000b' },
      { nickname: 'a\nb' },
      { nickname: 'a\u202eb' },
      { avatar: 'https://evil.example/x.png' },
      { avatar: '/api/files/../secret' },
      { avatar: '/api/files/' },
      { avatar: 'javascript:alert(1)' },
      { nickname: 'ok', avatar: '/etc/passwd' },
    ];
    for (const body of bad) {
      const res = await call(t, 'POST', 'member/profile', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(['ValidationError', 'BadRequest']).toContain(res.json().code);
    }
    expect((await call(t, 'GET', 'member/profile', token)).json().resData).toEqual(before);
  });

  it('answers the empty course list', async () => {
    const { token } = await signIn(t, 'user');
    const res = await call(t, 'GET', 'ketang/myorder', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', resData: { list: [], total: 0 } });
  });
});

describe('logout and account deletion', () => {
  let t: MemberApp;
  beforeAll(async () => {
    t = await buildMemberApp();
  });
  afterAll(() => t.close());

  it('logout ends the session: its token and its refresh answer 401', async () => {
    const { jwt } = await loginBySms(t);
    const res = await call(t, 'POST', 'member/logout', jwt);
    expect(res.statusCode).toBe(200);
    expect(res.json().resData).toEqual({ revokedAt: new Date(t.clock.now()).toISOString() });
    const after = await call(t, 'GET', 'member/profile', jwt);
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('session ended');
    const refresh = await t.app.inject({ method: 'POST', url: '/api/base/token', headers: { token: jwt } });
    expect(refresh.statusCode).toBe(401);
  });

  it('deletion anonymises the account, ends all its sessions and frees the phone', async () => {
    const first = await loginBySms(t);
    t.clock.advanceSeconds(60);
    const second = await loginBySms(t, first.phone);
    await call(t, 'POST', 'member/password', first.jwt, { password: 'lunar2026' });
    await call(t, 'POST', 'member/profile', first.jwt, {
      nickname: '张三',
      avatar: '/api/files/avatars/a.webp',
    });
    // Sessions are re-read after the password change ended the second one; log in once more.
    t.clock.advanceSeconds(60);
    const third = await loginBySms(t, first.phone);

    const res = await call(t, 'POST', 'member/delete', first.jwt, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().resData).toEqual({ deletedAt: new Date(t.clock.now()).toISOString() });

    for (const token of [first.jwt, second.jwt, third.jwt]) {
      expect((await call(t, 'GET', 'member/profile', token)).statusCode).toBe(401);
    }
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, first.user.id as number));
    expect(row).toMatchObject(erasedAccount(new Date(t.clock.now())));
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, first.user.id as number));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);

    // The phone signs up afresh: a new account, nothing of the old one.
    t.clock.advanceSeconds(60);
    const fresh = await loginBySms(t, first.phone);
    expect(fresh.user.id).not.toBe(first.user.id);
    expect(fresh.user).toMatchObject({
      nickname: `玄历用户${first.phone.slice(-4)}`,
      hasPassword: false,
      avatar: '',
    });
  });

  it('takes an empty body or none', async () => {
    const { jwt } = await loginBySms(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/delete',
      headers: { token: jwt },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('authorisation of every member route', () => {
  let t: MemberApp;
  beforeAll(async () => {
    t = await buildMemberApp();
  });
  afterAll(() => t.close());

  // Valid requests, so that only the caller decides the answer.
  const userRoutes: [method: 'GET' | 'POST', url: string, body?: object][] = [
    ['GET', 'member/profile'],
    ['POST', 'member/profile', { nickname: '新名字' }],
    ['POST', 'member/password', { password: 'lunar2026' }],
    ['POST', 'member/logout'],
    ['POST', 'member/delete', {}],
    ['GET', 'ketang/myorder'],
  ];

  it('answers 401 to a visitor, a missing, garbage, revoked or expired token; 200 to a user', async () => {
    const visitor = (await signIn(t, 'visitor')).token;
    const revoked = (await signIn(t, 'user')).token;
    await t.app.inject({ method: 'POST', url: '/api/base/logout', headers: { token: revoked } });
    const expiring = (await signIn(t, 'user')).token;
    for (const [method, url, body] of userRoutes) {
      for (const [who, token] of [
        ['visitor', visitor],
        ['none', undefined],
        ['garbage', 'x.y.z'],
        ['revoked', revoked],
      ] as const) {
        const res = await call(t, method, url, token, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(401);
        expect(res.json().code).toBe('Unauthorized');
      }
    }
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + 1);
    for (const [method, url, body] of userRoutes) {
      expect((await call(t, method, url, expiring, body)).statusCode, `expired ${method} ${url}`).toBe(401);
    }
    t.clock.set(FIXED_NOW);
    for (const caller of ['user', 'vip', 'expiredVip'] as const) {
      for (const [method, url, body] of userRoutes) {
        // Each route with its own fresh user: logout and delete end the session.
        const { token } = await signIn(t, caller);
        expect((await call(t, method, url, token, body)).statusCode, `${caller} ${method} ${url}`).toBe(200);
      }
    }
  });

  it('answers 401 to sms and login without a live session', async () => {
    const revoked = await visitorToken(t);
    await t.app.inject({ method: 'POST', url: '/api/base/logout', headers: { token: revoked } });
    for (const [url, body] of [
      ['member/sms', { phone: testPhone() }],
      ['member/login', { phone: testPhone(), code: '123456' }],
    ] as const) {
      expect((await call(t, 'POST', url, undefined, body)).statusCode).toBe(401);
      expect((await call(t, 'POST', url, revoked, body)).statusCode).toBe(401);
    }
  });

  it('answers 401 to a deleted account whose session somehow lived on', async () => {
    const { token, userId } = await signIn(t, 'user');
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(FIXED_NOW) })
      .where(eq(users.id, userId!));
    const res = await call(t, 'GET', 'member/profile', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('account deleted or banned');
  });

  it('documents every member route with the token requirement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [method, url] of [...userRoutes, ['POST', 'member/sms'], ['POST', 'member/login']] as const) {
      const op = doc.paths[`/api/crm/${url}`][method.toLowerCase()];
      expect(op.security, url).toEqual([{ token: [] }]);
    }
    const sms = doc.paths['/api/crm/member/sms'].post;
    expect(sms.responses['429'].content['application/json'].schema.properties.retryAfter).toBeDefined();
  });
});
