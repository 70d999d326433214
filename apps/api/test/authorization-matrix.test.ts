/**
 * The authorisation matrix (SPEC §6 roles): every caller × every member, VIP and public route → the
 * status it must get. Each cell sends a valid request, so its status says who may call, nothing else
 * (a 400 would hide a missing check), and each cell has a caller of its own, so the destructive routes
 * (logout, delete, password) cannot spoil another cell. Adding a route is one line in ROUTES; a secured
 * route missing from it fails the last test.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts.ts';
import { buildTestApp, type TestApp } from './build.ts';

/**
 * Who calls. The revoked and deleted callers are VIPs — the caller every route here lets in — so their
 * 401 can only come from the revocation or deletion check, never from a missing VIP.
 */
const CALLERS = ['noToken', 'visitor', 'user', 'vip', 'expiredVip', 'revokedVip', 'deletedVip'] as const;
type CallerName = (typeof CALLERS)[number];

type Status = 200 | 401 | 403;
type Access = Record<CallerName, Status>;

/** SPEC §6: a logged-in user, VIP or not; a visitor, a missing, revoked or deleted session → 401. */
const MEMBER: Access = {
  noToken: 401,
  visitor: 401,
  user: 200,
  vip: 200,
  expiredVip: 200,
  revokedVip: 401,
  deletedVip: 401,
};
/** SPEC §4, §6: VIP active only while vip_expire is later than the server's now; other users → 403. */
const VIP_ONLY: Access = { ...MEMBER, user: 403, expiredVip: 403 };
/** Readable by anyone: SPEC §7 clients send a token, but these routes neither need nor check one. */
const PUBLIC: Access = {
  noToken: 200,
  visitor: 200,
  user: 200,
  vip: 200,
  expiredVip: 200,
  revokedVip: 200,
  deletedVip: 200,
};

/** The envelope `code` each status answers with (packages/contracts/src/errors.ts). */
const ENVELOPE_CODE: Record<Status, 0 | 'Unauthorized' | 'Forbidden'> = {
  200: 0,
  401: 'Unauthorized',
  403: 'Forbidden',
};

/** A small real PNG, made once in beforeAll. */
let png: Buffer;

/** What a cell sends besides method and URL; `token` is the caller's, absent for `noToken`. */
type Send = (token: string | undefined) => Pick<InjectOptions, 'headers' | 'payload' | 'query'>;

/** The token in header `token` (SPEC §7), plus a JSON body and a query string when given. */
const json =
  (body?: object, query?: Record<string, string>): Send =>
  (token) => ({
    headers: token ? { token } : {},
    ...(body === undefined ? {} : { payload: body }),
    ...(query === undefined ? {} : { query }),
  });

/** A GET with the token in header `token` and `query` as its query string. */
const get = (query?: Record<string, string>): Send => json(undefined, query);

/**
 * SPEC §7 upload: multipart, the image in field `file`; the token in the header or in form field
 * `token`, so each way of naming the caller is a row of its own.
 */
const upload =
  (tokenIn: 'header' | 'form'): Send =>
  (token) => {
    const boundary = `----matrix${randomUUID()}`;
    const field = (name: string, value: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const payload = Buffer.concat([
      ...(token && tokenIn === 'form' ? [field('token', token)] : []),
      field('purpose', 'avatar'),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return {
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(token && tokenIn === 'header' ? { token } : {}),
      },
      payload,
    };
  };

interface Route {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  send: Send;
  /** Told apart in the case name when one path has several rows. */
  variant?: string;
}

/** A row of {@link ROUTES}. */
const route = (
  method: Route['method'],
  path: string,
  access: Access,
  send: Send,
  variant?: string,
): Route => ({
  method,
  path,
  access,
  send,
  variant,
});

const PROFILE = { name: '示例', sex: '男', born: '公 1990-05-10 08:00' } as const;
const FORTUNE = { bazi: PROFILE, yunType: 'caiyun', date: '2026-01-15' } as const;

/** One line per route; the bodies are valid, so only authorisation decides the status. */
const ROUTES: Route[] = [
  route('GET', '/api/crm/member/profile', MEMBER, get()),
  route('POST', '/api/crm/member/profile', MEMBER, json({ nickname: '新名字' })),
  route('POST', '/api/crm/member/password', MEMBER, json({ password: 'abc12345' })),
  route('POST', '/api/crm/member/logout', MEMBER, json()),
  route('POST', '/api/crm/member/delete', MEMBER, json({})),
  route('GET', '/api/crm/ketang/myorder', MEMBER, get()),
  route('POST', '/api/base/upload', MEMBER, upload('header'), 'header token'),
  route('POST', '/api/base/upload', MEMBER, upload('form'), 'form token'),
  route('POST', '/api/crm/feedback', MEMBER, json({ content: '很好用', rating: 5 })),
  route('POST', '/api/app/bln.Suan/dingzhi', VIP_ONLY, json(FORTUNE)),
  route('POST', '/api/crm/article/search', PUBLIC, json({ label: '节气', page: 1, size: 5 })),
  route('POST', '/api/crm/article/read', PUBLIC, json({ label: '协议', name: '用户协议' })),
  route('GET', '/api/crm/dashi', PUBLIC, get()),
  route('POST', '/api/base/sysapi/label', PUBLIC, json({ model: 'crm', name: '在线客服' })),
  route('GET', '/api/calendar/day', PUBLIC, get({ date: '2026-01-15' })),
  route('POST', '/api/app/bln.Suan/bzdata', PUBLIC, json(PROFILE)),
];

/**
 * Secured routes that are deliberately not member routes: a visitor's session is enough, because a
 * visitor calls them to look at or end the session, or to become a user (sms, login).
 */
const SESSION_ONLY = [
  'GET /api/base/session',
  'POST /api/base/logout',
  'POST /api/crm/member/sms',
  'POST /api/crm/member/login',
];

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#672f0d' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await t?.close();
});

/** A VIP's token after POST `url` (logout or delete) answered 200 for it. */
async function vipTokenAfter(url: string): Promise<string> {
  const { token } = await signIn(t, 'vip');
  const res = await t.app.inject({ method: 'POST', url, headers: { token }, payload: {} });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return token;
}

/** A fresh caller of this kind: its token, or undefined for `noToken`. */
async function tokenOf(caller: CallerName): Promise<string | undefined> {
  switch (caller) {
    case 'noToken':
      return undefined;
    case 'revokedVip':
      return vipTokenAfter('/api/crm/member/logout');
    case 'deletedVip':
      return vipTokenAfter('/api/crm/member/delete');
    default:
      return (await signIn(t, caller)).token;
  }
}

const routeName = (route: Route) =>
  `${route.method} ${route.path}${route.variant ? ` (${route.variant})` : ''}`;

const CASES = ROUTES.flatMap((route) =>
  CALLERS.map((caller) => ({ caller, route, name: routeName(route), status: route.access[caller] })),
);

describe('authorisation matrix: caller × route → status', () => {
  it.each(CASES)('$caller × $name → $status', async ({ caller, route, status }) => {
    const token = await tokenOf(caller);
    const res = await t.app.inject({ method: route.method, url: route.path, ...route.send(token) });
    expect({ status: res.statusCode, code: res.json().code }, res.body.slice(0, 300)).toEqual({
      status,
      code: ENVELOPE_CODE[status],
    });
  });

  it('has a row for every route that takes a token, except the session routes a visitor may call', () => {
    const documented = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const secured = Object.entries(documented.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation.security?.length ?? 0) > 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`.toLowerCase()),
    );
    const covered = new Set(
      [...ROUTES.map((route) => `${route.method} ${route.path}`), ...SESSION_ONLY].map((name) =>
        name.toLowerCase(),
      ),
    );
    expect(secured.length).toBeGreaterThan(SESSION_ONLY.length);
    expect(secured.filter((name) => !covered.has(name))).toEqual([]);
  });
});
