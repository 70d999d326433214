import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, FIXED_NOW, type TestApp } from '../../../test/build.ts';
import { sessions } from './schema.ts';
import { bindSessionToUser, revokeSession } from './service.ts';

describe('POST /api/base/token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function issue(options: { token?: string; body?: unknown } = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: options.token === undefined ? {} : { token: options.token },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  }

  async function sessionOfToken(jwt: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/session', headers: { token: jwt } });
    return res;
  }

  it('issues a token in `data` (SPEC §7) with iat from the clock', async () => {
    const res = await issue({ body: { device_id: 1234567890123 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    expect(body.code).toBe(0);
    expect(body.msg).toBe('ok');
    expect(body.data.iat).toBe(FIXED_NOW / 1000);
    expect(body.data.jwt.split('.')).toHaveLength(3);
  });

  it('stores a real visitor session with the device id', async () => {
    const { jwt } = (await issue({ body: { device_id: 42 } })).json().data;
    const res = await sessionOfToken(jwt);
    expect(res.statusCode).toBe(200);
    const session = res.json().resData;
    expect(session).toMatchObject({ deviceId: 42, userId: null });
    expect(session.subject).toMatch(/^visitor:/);
    expect(session.createdAt).toBe(new Date(FIXED_NOW).toISOString());
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.subject, session.subject));
    expect(rows).toHaveLength(1);
    expect(rows[0].deviceId).toBe(42);
  });

  it('accepts no body, an empty JSON body and a numeric-string device id', async () => {
    expect((await issue()).statusCode).toBe(200);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    expect((await issue({ body: { device_id: '77' } })).statusCode).toBe(200);
  });

  it('refuses a bad device id with a 400 ValidationError naming the field', async () => {
    for (const device_id of [-1, 1.5, 'abc', 2 ** 60]) {
      const res = await issue({ body: { device_id } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('ValidationError');
      expect(res.json().msg).toContain('device_id');
    }
  });

  it('refreshes a valid token for the same subject and session', async () => {
    const first = (await issue({ body: { device_id: 7 } })).json().data;
    t.clock.advanceSeconds(7200);
    const res = await issue({ token: first.jwt });
    expect(res.statusCode).toBe(200);
    const second = res.json().data;
    expect(second.iat).toBe(first.iat + 7200);
    expect(second.jwt).not.toBe(first.jwt);
    const a = (await sessionOfToken(first.jwt)).json().resData;
    const b = (await sessionOfToken(second.jwt)).json().resData;
    expect(b.subject).toBe(a.subject);
    expect(b.deviceId).toBe(7);
    expect(b.refreshedAt).toBe(new Date(second.iat * 1000).toISOString());
    expect(await t.database.db.select().from(sessions).where(eq(sessions.subject, a.subject))).toHaveLength(
      1,
    );
  });

  it('refuses a tampered token with 401 Unauthorized', async () => {
    const { jwt } = (await issue()).json().data;
    const [header, payload, signature] = jwt.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        sub: 'visitor:someone-else',
      }),
    ).toString('base64url');
    for (const bad of [`${header}.${forged}.${signature}`, `${jwt.slice(0, -2)}xx`, 'not-a-jwt', 'a.b.c']) {
      const res = await issue({ token: bad });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'Unauthorized', msg: 'invalid token' });
    }
  });

  it('refuses a token signed with another secret or algorithm', async () => {
    const other = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('xuanli')
      .setSubject('visitor:x')
      .setIssuedAt()
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await issue({ token: other })).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sid":"x","sub":"y"}').toString('base64url')}.`;
    expect((await issue({ token: unsigned })).statusCode).toBe(401);
  });

  it('refuses an expired token with 401 and says so', async () => {
    const { jwt } = (await issue()).json().data;
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + 1);
    const res = await issue({ token: jwt });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'Unauthorized', msg: 'token expired' });
    // Without the dead token the client simply gets a new session.
    expect((await issue()).statusCode).toBe(200);
  });

  it('refuses a token whose session was revoked', async () => {
    const { jwt } = (await issue()).json().data;
    const sid = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).sid as string;
    await revokeSession(t.database.db, sid, new Date(t.clock.now()));
    const res = await issue({ token: jwt });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('session ended');
  });

  it('binds a session to a user; the refreshed token carries it', async () => {
    const { jwt } = (await issue()).json().data;
    const sid = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).sid as string;
    const user = await t.database.db.query.users.findFirst();
    expect(user).toBeDefined();
    await bindSessionToUser(t.database.db, sid, user!.id);
    const refreshed = (await issue({ token: jwt })).json().data.jwt;
    expect(JSON.parse(Buffer.from(refreshed.split('.')[1], 'base64url').toString()).uid).toBe(user!.id);
    expect((await sessionOfToken(refreshed)).json().resData.userId).toBe(user!.id);
  });
});

describe('GET /api/base/session (requireSession)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'Unauthorized', msg: 'missing token' });
  });

  it('answers 401 for a garbage token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/session', headers: { token: '💥' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/base/sysapi/label', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves the seeded customer-service card', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/sysapi/label',
      payload: { model: 'crm', name: '在线客服' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.resData).toMatchObject({ model: 'crm', name: '在线客服', title: '在线客服' });
    expect(Object.keys(body.resData.content).sort()).toEqual(['avatar', 'intro', 'nickname', 'qrcode', 'wx']);
  });

  it('answers 404 for an unknown label and 400 for a missing name', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/base/sysapi/label',
      payload: { model: 'crm', name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NotFound');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/base/sysapi/label',
      payload: { model: 'crm' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      code: 'ValidationError',
      msg: "body must have required property 'name'",
    });
  });
});
