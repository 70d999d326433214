import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, FIXED_NOW, type TestApp, testConfig } from '../../../test/build.ts';
import { postRaw } from '../../../test/raw-body.ts';
import { useTestApp } from '../../../test/suite.ts';
import { sessions } from './schema.ts';
import { bindSessionToUser, purgeExpiredSessions, revokeSession } from './service.ts';

/** The claims of a JWT, unverified. */
function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
}

describe('POST /api/base/token', () => {
  const t = useTestApp();

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

  it('issues a token in `data` (PRODUCT.md#paths) with iat from the clock', async () => {
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
    const empty = await postRaw(t, '/api/base/token', '');
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
  const t = useTestApp();

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
  const t = useTestApp();

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
      msg: '请求内容缺少 name',
      field: 'name',
    });
  });
});

describe('token claims and rotation', () => {
  const t = useTestApp();

  const issue = (token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/base/token', headers: token ? { token } : {} });
  const session = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/base/session', headers: { token } });

  it('issues tokens with exp, iat, sub, sid and the generation as jti', async () => {
    const { jwt, iat } = (await issue()).json().data;
    const claims = claimsOf(jwt);
    expect(claims).toMatchObject({ iss: 'xuanli', iat, exp: iat + t.config.tokenTtlSeconds, jti: '0' });
    expect(claims.sid).toEqual(expect.any(String));
    expect(claims.sub).toMatch(/^visitor:/);
  });

  it('refuses a correctly signed token that lacks exp, iat, sub, sid or jti', async () => {
    const { jwt } = (await issue()).json().data;
    const { sid, sub, iat, exp, jti } = claimsOf(jwt) as {
      sid: string;
      sub: string;
      iat: number;
      exp: number;
      jti: string;
    };
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const signed = async (omit: string) => {
      let token = new SignJWT(omit === 'sid' ? {} : { sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('xuanli');
      if (omit !== 'sub') token = token.setSubject(sub);
      if (omit !== 'iat') token = token.setIssuedAt(iat);
      if (omit !== 'exp') token = token.setExpirationTime(exp);
      if (omit !== 'jti') token = token.setJti(jti);
      return token.sign(key);
    };
    // The control: with every claim the hand-made token is as good as the issued one.
    expect((await session(await signed('none'))).statusCode).toBe(200);
    for (const claim of ['exp', 'iat', 'sub', 'sid', 'jti']) {
      const token = await signed(claim);
      for (const res of [await session(token), await issue(token)]) {
        expect(res.statusCode, claim).toBe(401);
        expect(res.json(), claim).toEqual({ code: 'Unauthorized', msg: 'invalid token' });
      }
    }
  });

  it('refuses a correctly signed token whose sid is not a session id we issue (NUL, path, long)', async () => {
    const { jwt } = (await issue()).json().data;
    const { sub, iat, exp, jti } = claimsOf(jwt) as { sub: string; iat: number; exp: number; jti: string };
    const key = new TextEncoder().encode(t.config.jwtSecret);
    for (const sid of ['\u0000', `${'a'.repeat(8)}\u0000`, '../x', 'x'.repeat(300)]) {
      const token = await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('xuanli')
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setJti(jti)
        .sign(key);
      for (const res of [await session(token), await issue(token)]) {
        expect(res.statusCode, JSON.stringify(sid)).toBe(401);
        expect(res.json()).toEqual({ code: 'Unauthorized', msg: 'invalid token' });
      }
    }
  });

  it('rotates on refresh: the replaced token works for the grace period, then 401', async () => {
    const first = (await issue()).json().data.jwt;
    t.clock.advanceSeconds(3600);
    const second = (await issue(first)).json().data.jwt;
    expect(claimsOf(second).jti).toBe('1');
    t.clock.advanceSeconds(t.config.tokenGraceSeconds - 1);
    expect((await session(first)).statusCode).toBe(200);
    t.clock.advanceSeconds(1);
    const late = await session(first);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ code: 'Unauthorized', msg: 'token replaced by a newer one' });
    expect((await session(second)).statusCode).toBe(200);
  });

  it('answers refreshes of the same token within the grace period with the same new token', async () => {
    const first = (await issue()).json().data.jwt;
    t.clock.advanceSeconds(7200);
    // A client's parallel requests both refresh: one rotates, the other gets that same token.
    const [a, b] = await Promise.all([issue(first), issue(first)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data).toEqual(b.json().data);
    t.clock.advanceSeconds(10);
    const c = await issue(first);
    expect(c.json().data).toEqual(a.json().data);
    expect(claimsOf(a.json().data.jwt).jti).toBe('1');
  });

  it('ends the session when a replaced token is used to refresh after the grace period', async () => {
    const first = (await issue()).json().data.jwt;
    const second = (await issue(first)).json().data.jwt;
    t.clock.advanceSeconds(t.config.tokenGraceSeconds);
    const replay = await issue(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'Unauthorized', msg: 'token reused; session ended' });
    // Token-reuse detection: the holder of the newest token is out too.
    const res = await session(second);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('session ended');
  });
});

describe('POST /api/base/logout', () => {
  const t = useTestApp();

  it('ends the session: its tokens, including one in its grace period, answer 401 afterwards', async () => {
    const first = (await t.app.inject({ method: 'POST', url: '/api/base/token' })).json().data.jwt;
    const second = (
      await t.app.inject({ method: 'POST', url: '/api/base/token', headers: { token: first } })
    ).json().data.jwt;
    const res = await t.app.inject({ method: 'POST', url: '/api/base/logout', headers: { token: second } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      msg: 'ok',
      resData: { revokedAt: new Date(FIXED_NOW).toISOString() },
    });
    for (const token of [first, second]) {
      const after = await t.app.inject({ method: 'GET', url: '/api/base/session', headers: { token } });
      expect(after.statusCode).toBe(401);
      expect(after.json().msg).toBe('session ended');
      const refresh = await t.app.inject({ method: 'POST', url: '/api/base/token', headers: { token } });
      expect(refresh.statusCode).toBe(401);
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/base/logout', headers: { token: second } });
    expect(again.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/base/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'Unauthorized', msg: 'missing token' });
  });

  it('is in the OpenAPI document with its answer schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const logout = doc.paths['/api/base/logout'].post;
    expect(logout.security).toEqual([{ token: [] }]);
    const ok = logout.responses['200'].content['application/json'].schema;
    expect(ok.properties.resData.properties.revokedAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(logout.responses['401']).toBeDefined();
  });
});

describe('purgeExpiredSessions', () => {
  const t = useTestApp();

  it('deletes visitor sessions whose tokens have all expired, keeps users and live ones; safe to run twice at once', async () => {
    const newSession = async () => {
      const { jwt } = (await t.app.inject({ method: 'POST', url: '/api/base/token' })).json().data;
      return { jwt, sid: claimsOf(jwt).sid as string };
    };
    const deps = { db: t.database.db, config: t.config, clock: t.clock };
    const visitor = await newSession();
    const member = await newSession();
    const user = await t.database.db.query.users.findFirst();
    await bindSessionToUser(t.database.db, member.sid, user!.id);
    // Just inside: the token expired a moment ago, but not yet beyond the grace period.
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + t.config.tokenGraceSeconds);
    const fresh = await newSession();
    expect(await purgeExpiredSessions(deps)).toBe(0);
    t.clock.advanceSeconds(1);
    const counts = await Promise.all([purgeExpiredSessions(deps), purgeExpiredSessions(deps)]);
    expect(counts.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    const left = (await t.database.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(left).not.toContain(visitor.sid);
    expect(left).toContain(member.sid);
    expect(left).toContain(fresh.sid);
    expect(await purgeExpiredSessions(deps)).toBe(0);
  });

  it('works in batches', async () => {
    const deps = { db: t.database.db, config: t.config, clock: t.clock };
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'POST', url: '/api/base/token' });
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + t.config.tokenGraceSeconds + 1);
    expect(await purgeExpiredSessions(deps, 2)).toBeGreaterThanOrEqual(5);
    expect(await purgeExpiredSessions(deps, 2)).toBe(0);
  });
});

describe('session creation budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    const rateBudgets = { ...testConfig().rateBudgets, sessionCreate: { max: 3, windowSeconds: 60 } };
    t = await buildTestApp({ config: { rateLimitMax: 100, rateBudgets } });
  });
  afterAll(() => t.close());

  it('limits new sessions per IP more tightly than the general budget; refreshes are not counted in it', async () => {
    const create = (remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/base/token', remoteAddress });
    const made = [await create(), await create(), await create()];
    expect(made.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    // A sliding minute: the three sessions count until their 2-second slot has left it, 62 s on.
    expect(refused.json()).toEqual({ code: 'TooManyRequests', msg: 'too many requests, retry in 62 s' });
    expect(refused.headers['retry-after']).toBe('62');
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: { token: made[0].json().data.jwt },
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await create('192.0.2.1')).statusCode).toBe(200);
    t.clock.advanceSeconds(61);
    expect((await create()).statusCode).toBe(429);
    t.clock.advanceSeconds(1);
    expect((await create()).statusCode).toBe(200);
  });
});
