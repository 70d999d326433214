/**
 * Console login through the API: password, one answer for every failure, the rate limits per
 * username and per IP, two-step verification (enrol, confirm, required, replay, window, disable),
 * the 12-hour login, logout, an own password change, disabled operators, app tokens refused, and
 * no credential in the logs.
 */
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp, testConfig } from '../../../test/build.ts';
import {
  addTestOperator,
  loginRequest,
  OPERATOR_PASSWORD,
  signInOperator,
  testUsername,
} from '../../../test/operators.ts';
import { runCommand } from '../../cli/commands.ts';
import { auditLog } from '../../shared/audit.ts';
import { disableOperator } from './operators.ts';
import { totpCode, totpStep } from './totp.ts';

const HOUR = 3_600_000;

describe('console login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

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
  const codeOf = (secret: string, offset = 0) => totpCode(secret, totpStep(t.clock.now()) + offset);

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
      const { secret } = (await post('/api/admin/me/totp/enrol', op.jwt)).json().resData;
      expect(
        (await post('/api/admin/me/totp/confirm', op.jwt, { code: codeOf(secret, -1) })).statusCode,
      ).toBe(200);
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
      const { secret } = (await post('/api/admin/me/totp/enrol', op.jwt)).json().resData;
      expect((await post('/api/admin/me/totp/confirm', op.jwt, { code: codeOf(secret) })).statusCode).toBe(
        200,
      );
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
      const { secret } = (await post('/api/admin/me/totp/enrol', op.jwt)).json().resData;
      await post('/api/admin/me/totp/confirm', op.jwt, { code: codeOf(secret) });
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
  beforeAll(async () => {
    const rateBudgets = { ...testConfig().rateBudgets, adminLogin: { max: 3, windowSeconds: 900 } };
    t = await buildTestApp({ config: { rateBudgets } });
  });
  afterAll(() => t?.close());

  it('stops a username after its budget, from any IP, and lets it in again after the window', async () => {
    const { username } = await addTestOperator(t, 'admin');
    for (let i = 1; i <= 3; i++) {
      const res = await loginRequest(t, { username, password: `guess-number-${i}` }, `10.0.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    // The right password from a fourth IP: still refused, the username's budget is spent.
    const refused = await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TooManyRequests', retryAfter: expect.any(Number) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The budget is a sliding window: the guesses count until Retry-After says, then no longer.
    t.clock.advanceSeconds(Number(refused.headers['retry-after']));
    expect((await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.0.0.5')).statusCode).toBe(
      200,
    );
  });

  it('stops an IP trying many usernames', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await loginRequest(t, { username: testUsername('x'), password: 'whatever-1' }, '10.9.9.9');
      expect(res.statusCode).toBe(401);
    }
    const { username } = await addTestOperator(t, 'editor');
    expect((await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.9.9.9')).statusCode).toBe(
      429,
    );
    expect((await loginRequest(t, { username, password: OPERATOR_PASSWORD }, '10.9.9.8')).statusCode).toBe(
      200,
    );
  });

  it('counts codes typed on the own account with the logins of the username', async () => {
    const op = await signInOperator(t, 'support');
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/totp/enrol',
      headers: op.headers,
      remoteAddress: '10.1.1.1',
    });
    expect(enrol.statusCode).toBe(200);
    // The login spent one of the username's three; two wrong codes spend the rest.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/me/totp/confirm',
        headers: op.headers,
        remoteAddress: `10.1.1.${i + 2}`,
        payload: { code: '000000' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe('console logs', () => {
  it('never hold a password, a console token or a TOTP secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await buildTestApp({ logger: { level: 'trace', stream } });
    try {
      const { username } = await addTestOperator(t, 'admin');
      const failed = await loginRequest(t, { username, password: 'a-wrong-password-42' });
      expect(failed.statusCode).toBe(401);
      const res = await loginRequest(t, { username, password: OPERATOR_PASSWORD });
      const { jwt } = res.json().resData;
      const enrol = await t.app.inject({
        method: 'POST',
        url: '/api/admin/me/totp/enrol',
        headers: { authorization: `Bearer ${jwt}` },
      });
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
