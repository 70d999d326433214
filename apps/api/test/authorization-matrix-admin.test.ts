/**
 * The authorisation matrix of the operators' console: every caller × every `/api/admin/…` route → the
 * status it must get. App callers (no token, a visitor, a logged-in app user whose token is sent both
 * as `token` and as a bearer) and console logins that ended (logged out, operator disabled) get 401;
 * each operator role gets 200 where its area admits it and 403 elsewhere. Each cell sends a valid
 * request with a caller of its own, so only authorisation decides the status. A console route
 * missing from ROUTES fails the last test.
 */
import { ADMIN_AREA_ROLES, type AdminArea, type AdminRole } from '@xuanli/contracts/admin-labels';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../src/modules/admin/index.ts';
import { signIn, testPhone } from './accounts.ts';
import { buildTestApp, type TestApp } from './build.ts';
import { addTestOperator, OPERATOR_PASSWORD, signInOperator, testUsername } from './operators.ts';

const CALLERS = [
  'noToken',
  'visitor',
  'appUser',
  'loggedOut',
  'disabled',
  'admin',
  'editor',
  'support',
] as const;
type CallerName = (typeof CALLERS)[number];
type Status = 200 | 401 | 403;
type Access = Record<CallerName, Status>;

/** App callers and ended console logins: 401 on every console route. */
const OUTSIDERS = { noToken: 401, visitor: 401, appUser: 401, loggedOut: 401, disabled: 401 } as const;

/** Any operator role. */
const ANY_OPERATOR: Access = { ...OUTSIDERS, admin: 200, editor: 200, support: 200 };

/** The roles of a console area (admin-labels.ts ADMIN_AREA_ROLES): 200 for them, 403 for the others. */
function area(name: AdminArea): Access {
  const allowed = ADMIN_AREA_ROLES[name] as readonly AdminRole[];
  const status = (role: AdminRole): Status => (allowed.includes(role) ? 200 : 403);
  return { ...OUTSIDERS, admin: status('admin'), editor: status('editor'), support: status('support') };
}

const ENVELOPE_CODE: Record<Status, 0 | 'Unauthorized' | 'Forbidden'> = {
  200: 0,
  401: 'Unauthorized',
  403: 'Forbidden',
};

/** Who calls a cell: the headers that carry its token (none for `noToken`). */
interface Caller {
  headers: Record<string, string>;
  /** The bearer token of an operator caller, for cells that first set something up as that caller. */
  jwt?: string;
}

type Request = Pick<InjectOptions, 'payload' | 'query'> & { url?: string };
type Send = (caller: Caller) => Request | Promise<Request>;

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  access: Access;
  send: Send;
}

let t: TestApp;

const route = (method: Route['method'], path: string, access: Access, send: Send = () => ({})): Route => ({
  method,
  path,
  access,
  send,
});

/** A fresh app user with a phone, for the cells that change a user. */
const someUser = () => signIn(t, 'user', testPhone());

/** A fresh operator to act on (disable, change the role of). */
const someOperator = () => addTestOperator(t, 'support');

/** The TOTP secret a caller enrols (through the API, as itself); undefined for a caller that cannot. */
async function enrolled(caller: Caller): Promise<string | undefined> {
  if (!caller.jwt) return undefined;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/me/totp/enrol',
    headers: caller.headers,
  });
  return res.statusCode === 200 ? (res.json().resData.secret as string) : undefined;
}

const codeOf = (secret: string | undefined, offset = 0) =>
  secret ? totpCode(secret, totpStep(t.clock.now()) + offset) : '123456';

let holidayDays = 0;
/** A date of its own for each cell (2030, days 1…). */
const nextHolidayDate = () => {
  holidayDays += 1;
  const date = new Date(Date.UTC(2030, 0, holidayDays));
  return date.toISOString().slice(0, 10);
};

const ROUTES: Route[] = [
  route('POST', '/api/admin/logout', ANY_OPERATOR),
  route('GET', '/api/admin/me', ANY_OPERATOR),
  route('POST', '/api/admin/me/password', ANY_OPERATOR, () => ({
    payload: { oldPassword: OPERATOR_PASSWORD, password: 'another-password-9' },
  })),
  route('POST', '/api/admin/me/totp/enrol', ANY_OPERATOR),
  route('POST', '/api/admin/me/totp/confirm', ANY_OPERATOR, async (caller) => ({
    payload: { code: codeOf(await enrolled(caller)) },
  })),
  route('POST', '/api/admin/me/totp/disable', ANY_OPERATOR, async (caller) => {
    const secret = await enrolled(caller);
    if (secret) {
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/me/totp/confirm',
        headers: caller.headers,
        payload: { code: codeOf(secret) },
      });
    }
    // The confirming code's step is spent; the next step's code is current within the window.
    return { payload: { code: codeOf(secret, 1) } };
  }),
  route('GET', '/api/admin/users', area('users'), () => ({ query: { q: '139' } })),
  route('GET', '/api/admin/users/{id}', area('users'), async () => ({
    url: `/api/admin/users/${(await someUser()).userId}`,
  })),
  route('POST', '/api/admin/users/vip', area('users'), async () => {
    const phone = testPhone();
    await signIn(t, 'user', phone);
    return { payload: { phone, days: 30, reason: '矩阵测试' } };
  }),
  route('POST', '/api/admin/users/vip/revoke', area('users'), async () => {
    const phone = testPhone();
    await signIn(t, 'vip', phone);
    return { payload: { phone, reason: '矩阵测试' } };
  }),
  route('POST', '/api/admin/users/sessions/revoke', area('users'), async () => ({
    payload: { userId: (await someUser()).userId, reason: '矩阵测试' },
  })),
  route('GET', '/api/admin/operators', area('operators')),
  route('POST', '/api/admin/operators', area('operators'), () => ({
    payload: {
      username: testUsername('added'),
      displayName: '新同事',
      role: 'editor',
      password: 'first-password-1',
    },
  })),
  route('POST', '/api/admin/operators/{id}/disable', area('operators'), async () => ({
    url: `/api/admin/operators/${(await someOperator()).id}/disable`,
    payload: { reason: '矩阵测试' },
  })),
  route('POST', '/api/admin/operators/{id}/role', area('operators'), async () => ({
    url: `/api/admin/operators/${(await someOperator()).id}/role`,
    payload: { role: 'editor' },
  })),
  route('GET', '/api/admin/holidays', area('holidays'), () => ({ query: { year: '2030' } })),
  route('POST', '/api/admin/holidays', area('holidays'), () => ({
    payload: { date: nextHolidayDate(), name: '测试假日', offDay: true, notice: '矩阵测试通知' },
  })),
  route('DELETE', '/api/admin/holidays', area('holidays'), async () => {
    const date = nextHolidayDate();
    const maker = await signInOperator(t, 'editor');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/holidays',
      headers: maker.headers,
      payload: { date, name: '测试假日', offDay: true, notice: '矩阵测试通知' },
    });
    if (saved.statusCode !== 200) throw new Error(`holiday save: ${saved.body}`);
    return { query: { date } };
  }),
  route('GET', '/api/admin/audit', area('audit'), () => ({ query: { action: 'vip.grant' } })),
];

/** A fresh caller of this kind. */
async function callerOf(name: CallerName): Promise<Caller> {
  switch (name) {
    case 'noToken':
      return { headers: {} };
    case 'visitor':
      return { headers: { token: (await signIn(t, 'visitor')).token } };
    case 'appUser': {
      const { token } = await signIn(t, 'vip');
      return { headers: { token, authorization: `Bearer ${token}` } };
    }
    case 'loggedOut': {
      const op = await signInOperator(t, 'admin');
      const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: op.headers });
      if (out.statusCode !== 200) throw new Error(`logout: ${out.body}`);
      return { headers: op.headers };
    }
    case 'disabled': {
      const op = await signInOperator(t, 'admin');
      const by = await signInOperator(t, 'admin');
      const off = await t.app.inject({
        method: 'POST',
        url: `/api/admin/operators/${op.id}/disable`,
        headers: by.headers,
        payload: {},
      });
      if (off.statusCode !== 200) throw new Error(`disable: ${off.body}`);
      return { headers: op.headers };
    }
    default: {
      const op = await signInOperator(t, name);
      return { headers: op.headers, jwt: op.jwt };
    }
  }
}

const CASES = ROUTES.flatMap((row) =>
  CALLERS.map((caller) => ({ caller, row, name: `${row.method} ${row.path}`, status: row.access[caller] })),
);

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('console authorisation matrix: caller × route → status', () => {
  it.each(CASES)('$caller × $name → $status', async ({ caller, row, status }) => {
    const who = await callerOf(caller);
    const { url, ...request } = await row.send(who);
    const res = await t.app.inject({
      method: row.method,
      url: url ?? row.path,
      headers: who.headers,
      ...request,
    });
    expect({ status: res.statusCode, code: res.json().code }, res.body.slice(0, 300)).toEqual({
      status,
      code: ENVELOPE_CODE[status],
    });
  });

  it('has a row for every console route but login, each documented with its bearer security', () => {
    const documented = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[]; tags?: string[] }>>;
    };
    const console = Object.entries(documented.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          name: `${method.toUpperCase()} ${path}`,
          operation,
        })),
      );
    const covered = new Set(ROUTES.map((row) => `${row.method} ${row.path}`));
    const names = console.map((entry) => entry.name).filter((name) => name !== 'POST /api/admin/login');
    expect(names.length).toBe(ROUTES.length);
    expect(names.filter((name) => !covered.has(name))).toEqual([]);
    for (const { name, operation } of console) {
      expect(operation.tags, name).toEqual(['admin']);
      if (name === 'POST /api/admin/login') expect(operation.security, name).toBeUndefined();
      else expect(operation.security, name).toEqual([{ adminBearer: [] }]);
    }
  });
});
