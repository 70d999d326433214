import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp, testConfig } from '../../../test/build.ts';
import { captureLog } from '../../../test/log-capture.ts';
import { enrolTotp, totpNow, turnOnTotp } from '../../../test/operator-totp.ts';
import {
  addTestOperator,
  loginRequest,
  OPERATOR_PASSWORD,
  signInOperator,
  testUsername,
} from '../../../test/operators.ts';
import { useTestApp } from '../../../test/suite.ts';
import { buildApp } from '../../app.ts';
import { runCommand } from '../../cli/commands.ts';
import { auditLog } from '../../shared/audit.ts';
import { disableOperator } from './operators.ts';

const HOUR = 3_600_000;

describe('console login', () => {
  const t = useTestApp();

  const me = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: authorization ? { authorization } : {},
    });
  const bearer = (jwt: string) => `Bearer ${jwt}`;
  const post = (url: string, jwt: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: bearer(jwt) }, payload });
  /** The code an authenticator app shows for `secret`, `offset` steps from the test clock's now. */
  const codeOf = (secret: string, offset = 0) => totpNow(t, secret, offset);

  it('answers a 12-hour bearer token and the operator; GET me names them; the login is audited', async () => {
    const { id, username } = await addTestOperator(t, 'support');
    // The username is matched as it is stored: trimmed, lower case.
    const res = await loginRequest(t, {
      username: ` ${username.toUpperCase()} `,
      password: OPERATOR_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jwt, expiresAt, operator } = res.json().resData;
    expect(expiresAt).toBe(new Date(t.clock.now() + 12 * HOUR).toISOString());
    expect(operator).toEqual({
      id,
      username,
      displayName: '测试support',
      role: 'support',
      totpEnabled: false,
      disabledAt: null,
      createdAt: new Date(t.clock.now()).toISOString(),
      lastLoginAt: new Date(t.clock.now()).toISOString(),
    });
    expect(JSON.stringify(res.json())).not.toMatch(/argon2|passwordHash|totpSecret/);
    const who = await me(bearer(jwt));
    expect(who.statusCode).toBe(200);
    expect(who.json().resData).toEqual({ operator, expiresAt });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `operator:${id}`), eq(auditLog.action, 'operator.login')));
    expect(audits).toEqual([
      expect.objectContaining({
        actor: username,
        operatorId: id,
        before: null,
        after: { ip: '127.0.0.1', expiresAt },
      }),
    ]);
  });

  it('refuses a wrong password, an unknown username and a disabled operator with the same 401', async () => {
    const { username } = await addTestOperator(t, 'editor');
    const disabled = await addTestOperator(t, 'editor');
    await disableOperator(
      { db: t.database.db, clock: t.clock, config: t.config },
      { id: disabled.id },
      { actor: 'test@host' },
    );
    const answers = await Promise.all([
      loginRequest(t, { username, password: 'not-the-password' }),
      loginRequest(t, { username: 'nobody.here', password: OPERATOR_PASSWORD }),
      loginRequest(t, { username: disabled.username, password: OPERATOR_PASSWORD }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'OperatorLoginFailed', msg: 'wrong username or password' });
    }
    // Validation still answers 400 for a body that is not a login at all.
    const empty = await loginRequest(t, { username: '', password: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('ends the login after 12 hours, and at once on logout', async () => {
    const op = await signInOperator(t, 'editor');
    const start = t.clock.now();
    try {
      t.clock.set(start + 12 * HOUR - 1000);
      expect((await me(op.headers.authorization)).statusCode).toBe(200);
      t.clock.set(start + 12 * HOUR);
      const expired = await me(op.headers.authorization);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('Unauthorized');
    } finally {
      t.clock.set(start);
    }
    const other = await signInOperator(t, 'editor');
    const out = await post('/api/admin/logout', other.jwt);
    expect(out.statusCode).toBe(200);
    expect(out.json().resData).toEqual({ revokedAt: new Date(t.clock.now()).toISOString() });
    expect((await me(other.headers.authorization)).statusCode).toBe(401);
    expect((await post('/api/admin/logout', other.jwt)).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, other.id), eq(auditLog.action, 'operator.logout')));
    expect(row).toMatchObject({ actor: other.username, target: `operator:${other.id}` });
  });

  it('refuses a disabled operator’s live login at its next request', async () => {
    const op = await signInOperator(t, 'support');
    expect((await me(op.headers.authorization)).statusCode).toBe(200);
    const admin = await signInOperator(t, 'admin');
    expect((await post(`/api/admin/operators/${op.id}/disable`, admin.jwt, {})).statusCode).toBe(200);
    expect((await me(op.headers.authorization)).statusCode).toBe(401);
  });

  it('never takes an app token, and a console token never works in the app', async () => {
    const user = await signIn(t, 'vip');
    expect((await me(`Bearer ${user.token}`)).statusCode).toBe(401);
    const asHeader = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { token: user.token },
    });
    expect(asHeader.statusCode).toBe(401);
    const op = await signInOperator(t, 'admin');
    const inApp = await t.app.inject({
      method: 'GET',
      url: '/api/crm/member/profile',
      headers: { token: op.jwt },
    });
    expect(inApp.statusCode).toBe(401);
    for (const header of ['Bearer', `Basic ${op.jwt}`, `Bearer ${op.jwt}x`, op.jwt]) {
      expect((await me(header)).statusCode, header).toBe(401);
    }
  });

  it('changes the own password: the old one is checked, other logins end, this one stays', async () => {
    const first = await signInOperator(t, 'support');
    const second = await loginRequest(t, { username: first.username, password: OPERATOR_PASSWORD });
    const secondJwt = second.json().resData.jwt as string;
    const wrong = await post('/api/admin/me/password', first.jwt, {
      oldPassword: 'not-it-at-all',
      password: 'a-new-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WrongOldPassword');
    const tooShort = await post('/api/admin/me/password', first.jwt, {
      oldPassword: OPERATOR_PASSWORD,
      password: 'short',
    });
    expect(tooShort.statusCode).toBe(400);
    const changed = await post('/api/admin/me/password', first.jwt, {
      oldPassword: OPERATOR_PASSWORD,
      password: 'a-new-password-1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(first.headers.authorization)).statusCode).toBe(200);
    expect((await me(bearer(secondJwt))).statusCode).toBe(401);
    expect(
      (await loginRequest(t, { username: first.username, password: OPERATOR_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await loginRequest(t, { username: first.username, password: 'a-new-password-1' })).statusCode,
    ).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, first.id), eq(auditLog.action, 'operator.password')));
    expect(row).toMatchObject({ before: null, after: { loginsEnded: 1 } });
    expect(JSON.stringify(row)).not.toContain('a-new-password-1');
  });

  describe('two-step verification', () => {
    it('is enrolled, confirmed with a code, then required at login; a code is good once', async () => {
      const op = await signInOperator(t, 'editor');
      const enrol = await post('/api/admin/me/totp/enrol', op.jwt);
      expect(enrol.statusCode, enrol.body).toBe(200);
      const { secret, otpauthUrl } = enrol.json().resData;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toBe(
        `otpauth://totp/${encodeURIComponent('玄历后台')}:${op.username}?secret=${secret}&issuer=${encodeURIComponent('玄历后台')}&algorithm=SHA1&digits=6&period=30`,
      );
      // Enrolled but not confirmed: nothing changes at login yet.
      expect((await loginRequest(t, { username: op.username, password: OPERATOR_PASSWORD })).statusCode).toBe(
        200,
      );
      const wrong = await post('/api/admin/me/totp/confirm', op.jwt, {
        code: codeOf(secret, 3),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('TotpInvalid');
      const confirmed = await post('/api/admin/me/totp/confirm', op.jwt, { code: codeOf(secret) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().resData.operator.totpEnabled).toBe(true);
      expect((await post('/api/admin/me/totp/enrol', op.jwt)).statusCode).toBe(409);

      const missing = await loginRequest(t, { username: op.username, password: OPERATOR_PASSWORD });
      expect(missing.statusCode).toBe(401);
      expect(missing.json().code).toBe('TotpRequired');
      // The wrong password still says only that, with or without a code.
      const badPassword = await loginRequest(t, {
        username: op.username,
        password: 'wrong-password',
        totp: codeOf(secret),
      });
      expect(badPassword.json().code).toBe('OperatorLoginFailed');
      // The confirming code's step is spent: the same code cannot log in.
      const replayed = await loginRequest(t, {
        username: op.username,
        password: OPERATOR_PASSWORD,
        totp: codeOf(secret),
      });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().code).toBe('TotpInvalid');
      t.clock.advanceSeconds(30);
      try {
        const code = codeOf(secret);
        const good = await loginRequest(t, {
          username: op.username,
          password: OPERATOR_PASSWORD,
          totp: code,
        });
        expect(good.statusCode, good.body).toBe(200);
        expect(good.json().resData.operator.totpEnabled).toBe(true);
        // Twice the same code, even racing: at most one login.
        t.clock.advanceSeconds(30);
        const next = codeOf(secret);
        const raced = await Promise.all([
          loginRequest(t, { username: op.username, password: OPERATOR_PASSWORD, totp: next }),
          loginRequest(t, { username: op.username, password: OPERATOR_PASSWORD, totp: next }),
        ]);
        expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 400]);
      } finally {
        t.clock.advanceSeconds(-60);
      }
    });

    it('takes the code of one step either side of now, not two', async () => {
      const op = await signInOperator(t, 'support');
      const secret = await turnOnTotp(t, op, -1);
      const start = t.clock.now();
      try {
        t.clock.set(start + 10 * 60_000);
        const attempt = (offset: number) =>
          loginRequest(t, {
            username: op.username,
            password: OPERATOR_PASSWORD,
            totp: codeOf(secret, offset),
          });
        expect((await attempt(-2)).statusCode).toBe(400);
        expect((await attempt(2)).statusCode).toBe(400);
        expect((await attempt(-1)).statusCode).toBe(200);
        // A later step is still good after an earlier one; an earlier one after a later one is not.
        expect((await attempt(1)).statusCode).toBe(200);
        expect((await attempt(0)).statusCode).toBe(400);
      } finally {
        t.clock.set(start);
      }
    });

    it('is turned off with a current code only, and audited both ways', async () => {
      const op = await signInOperator(t, 'admin');
      const secret = await turnOnTotp(t, op);
      // Spent by the confirmation.
      const spent = await post('/api/admin/me/totp/disable', op.jwt, { code: codeOf(secret) });
      expect(spent.json().code).toBe('TotpInvalid');
      const off = await post('/api/admin/me/totp/disable', op.jwt, { code: codeOf(secret, 1) });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().resData.operator.totpEnabled).toBe(false);
      expect((await post('/api/admin/me/totp/disable', op.jwt, { code: codeOf(secret, 1) })).statusCode).toBe(
        409,
      );
      expect((await post('/api/admin/me/totp/confirm', op.jwt, { code: codeOf(secret) })).statusCode).toBe(
        409,
      );
      expect((await loginRequest(t, { username: op.username, password: OPERATOR_PASSWORD })).statusCode).toBe(
        200,
      );
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `operator:${op.id}`))
        .orderBy(auditLog.id);
      expect(
        rows
          .filter((row) => row.action.startsWith('operator.totp'))
          .map(({ action, before, after }) => ({ action, before, after })),
      ).toEqual([
        { action: 'operator.totp.enable', before: { totpEnabled: false }, after: { totpEnabled: true } },
        { action: 'operator.totp.disable', before: { totpEnabled: true }, after: { totpEnabled: false } },
      ]);
      expect(JSON.stringify(rows)).not.toContain(secret);
    });

    it('is reset from the command line for a lost phone, ending the logins', async () => {
      const op = await signInOperator(t, 'support');
      await turnOnTotp(t, op);
      const output = await runCommand(
        { db: t.database.db, clock: t.clock, actor: 'ops@host', config: t.config },
        ['operator', 'totp-reset', op.username],
      );
      expect(output).toBe(`operator ${op.username}: two-step verification off; their logins are ended`);
      expect((await me(op.headers.authorization)).statusCode).toBe(401);
      expect((await loginRequest(t, { username: op.username, password: OPERATOR_PASSWORD })).statusCode).toBe(
        200,
      );
    });
  });
});

describe('console login limits', () => {
  let t: TestApp;
  // Small numbers, so that the tests reach them: 3 tries per username and IP, 8 per IP, and each
  // attempt on a username past its 4th waits 250 ms, 500 ms, then at most 600 ms.
  const slowdown = { freeAttempts: 4, maxDelayMs: 600 };
  const limitedConfig = () => ({
    rateBudgets: {
      ...testConfig().rateBudgets,
      adminLogin: { max: 3, windowSeconds: 900 },
      adminLoginIp: { max: 8, windowSeconds: 900 },
    },
    adminLoginSlowdown: slowdown,
  });
  beforeAll(async () => {
    t = await buildTestApp({ config: limitedConfig() });
  });
  afterAll(() => t?.close());

  const timed = async (run: () => ReturnType<typeof loginRequest>) => {
    const started = performance.now();
    const res = await run();
    return { res, ms: performance.now() - started };
  };

  it('lets the operator in from another IP while 20 IPs hammer the account with wrong passwords', async () => {
    const { username } = await addTestOperator(t, 'admin');
    // Each attacking IP until its budget for this username is spent: 3 wrong passwords, then 429.
    const attacks = await Promise.all(
      Array.from({ length: 20 }, async (_, ip) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await loginRequest(t, { username, password: `guess-${ip}-${i}` }, `10.20.0.${ip + 1}`);
          statuses.push(res.statusCode);
        }
        return statuses;
      }),
    );
    for (const statuses of attacks) expect(statuses).toEqual([401, 401, 401, 429]);
    // The operator, from an IP of their own: slowed down (the account is under attack), not refused.
    const { res, ms } = await timed(() =>
      loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.30.0.1'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(slowdown.maxDelayMs - 20);
    // The attackers' IPs stay refused for this username until the window has slid past their
    // attempts (Retry-After says when), the right password too.
    const held = await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.20.0.1');
    expect(held.statusCode).toBe(429);
    t.clock.advanceSeconds(Number(held.headers['retry-after']));
    expect((await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.20.0.1')).statusCode).toBe(
      200,
    );
  });

  it('answers one IP hammering one operator with 429, in Chinese, with the wait', async () => {
    const { username } = await addTestOperator(t, 'editor');
    for (let i = 0; i < 3; i++) {
      expect((await loginRequest(t, { username, password: `wrong-${i}-xx` }, '10.40.0.1')).statusCode).toBe(
        401,
      );
    }
    const refused = await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.40.0.1');
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body).toEqual({
      code: 'TooManyRequests',
      msg: expect.any(String),
      retryAfter: expect.any(Number),
    });
    expect(body.msg).toMatch(/^尝试次数太多，请 \d+ (分钟|秒)后再试$/);
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBe(String(body.retryAfter));
  });

  it('stops an IP trying many usernames', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await loginRequest(t, { username: testUsername('x'), password: 'whatever-1' }, '10.9.9.9');
      statuses.push(res.statusCode);
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const { username } = await addTestOperator(t, 'editor');
    const refused = await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/尝试次数太多/);
    expect((await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.9.9.8')).statusCode).toBe(
      200,
    );
  });

  it('slows each attempt on a username past its free ones down more, from any IP, up to the most', async () => {
    const { username } = await addTestOperator(t, 'support');
    // Four free attempts from four IPs.
    for (let i = 0; i < 4; i++) {
      expect(
        (await loginRequest(t, { username, password: `wrong-${i}-xx` }, `10.50.0.${i}`)).statusCode,
      ).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 4; i < 7; i++) {
      const { res, ms } = await timed(() =>
        loginRequest(t, { username, password: `wrong-${i}-xx` }, `10.50.0.${i}`),
      );
      expect(res.statusCode).toBe(401);
      waits.push(ms);
    }
    // 250, 500, then the most (600): each at least its delay (timers may fire a little early).
    expect(waits[0]).toBeGreaterThanOrEqual(240);
    expect(waits[1]).toBeGreaterThanOrEqual(490);
    expect(waits[2]).toBeGreaterThanOrEqual(590);
    // A new window starts without a slow-down.
    t.clock.advanceSeconds(900);
    const next = await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.50.1.1');
    expect(next.statusCode).toBe(200);
  });

  it('still asks an operator with two-step verification on for the code, under attack and after', async () => {
    const op = await signInOperator(t, 'admin');
    const secret = await turnOnTotp(t, op);
    const code = (offset = 0) => totpNow(t, secret, offset);
    for (let ip = 0; ip < 5; ip++) {
      const res = await loginRequest(t, { username: op.username, password: 'bad-guess-1' }, `10.60.0.${ip}`);
      expect(res.statusCode).toBe(401);
    }
    // The right password from a fresh IP without the code: still the code is asked for.
    const noCode = await loginRequest(t, { username: op.username, password: OPERATOR_PASSWORD }, '10.61.0.1');
    expect([noCode.statusCode, noCode.json().code]).toEqual([401, 'TotpRequired']);
    const wrongCode = await loginRequest(
      t,
      { username: op.username, password: OPERATOR_PASSWORD, totp: code(5) },
      '10.61.0.1',
    );
    expect([wrongCode.statusCode, wrongCode.json().code]).toEqual([400, 'TotpInvalid']);
    const good = await loginRequest(
      t,
      { username: op.username, password: OPERATOR_PASSWORD, totp: code(1) },
      '10.61.0.1',
    );
    expect(good.statusCode, good.body).toBe(200);
  });

  it('counts codes typed on the own account with the attempts of the username from that IP', async () => {
    const { username } = await addTestOperator(t, 'support');
    const login = await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.1.1.1');
    const headers = { authorization: `Bearer ${login.json().resData.jwt}` };
    const enrol = await enrolTotp(t, headers, '10.1.1.1');
    expect(enrol.statusCode).toBe(200);
    // The login spent one of the three of this username from 10.1.1.1; two wrong codes spend the rest.
    const confirm = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/me/totp/confirm',
        headers,
        remoteAddress,
        payload: { code: '000000' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await confirm('10.1.1.1')).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
    // The same operator from another IP still gets an answer about the code.
    expect((await confirm('10.1.1.2')).statusCode).toBe(400);
  });

  it('shares the counts between API processes on one database', async () => {
    const shared = { ...limitedConfig(), rateLimitStore: 'database' as const };
    const first = await buildApp({
      db: t.database.db,
      config: { ...t.config, ...shared },
      clock: t.clock,
      logger: false,
    });
    const second = await buildApp({
      db: t.database.db,
      config: { ...t.config, ...shared },
      clock: t.clock,
      logger: false,
    });
    try {
      const { username } = await addTestOperator(t, 'editor');
      const attempt = (app: typeof first, password: string, remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username, password },
          remoteAddress,
        });
      expect((await attempt(first, 'wrong-one-1', '10.70.0.1')).statusCode).toBe(401);
      expect((await attempt(second, 'wrong-two-2', '10.70.0.1')).statusCode).toBe(401);
      expect((await attempt(first, 'wrong-three-3', '10.70.0.1')).statusCode).toBe(401);
      // The fourth try of this username from this IP, in the other process: refused there too.
      expect((await attempt(second, OPERATOR_PASSWORD, '10.70.0.1')).statusCode).toBe(429);
      expect((await attempt(first, 'wrong-four-4', '10.70.0.2')).statusCode).toBe(401);
      // The username's fifth attempt, counted over both processes, waits 250 ms; and gets in.
      const started = performance.now();
      expect((await attempt(second, OPERATOR_PASSWORD, '10.70.0.3')).statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('console logs', () => {
  it('never hold a password, a console token or a TOTP secret', async () => {
    const { stream, lines } = captureLog();
    const t = await buildTestApp({ logger: { level: 'trace', stream } });
    try {
      const { username } = await addTestOperator(t, 'admin');
      const failed = await loginRequest(t, { username, password: 'a-wrong-password-42' });
      expect(failed.statusCode).toBe(401);
      const res = await loginRequest(t, { username, password: OPERATOR_PASSWORD });
      const { jwt } = res.json().resData;
      const enrol = await enrolTotp(t, { authorization: `Bearer ${jwt}` });
      const { secret } = enrol.json().resData;
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${jwt}` },
      });
      const log = lines.join('');
      expect(log).toContain('/api/admin/login');
      for (const credential of [OPERATOR_PASSWORD, 'a-wrong-password-42', jwt, secret]) {
        expect(log).not.toContain(credential);
      }
    } finally {
      await t.close();
    }
  });
});
