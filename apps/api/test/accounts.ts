/**
 * Test helper: a session for each kind of caller of PRODUCT.md#roles (visitor, user, VIP, lapsed VIP), made
 * straight in the database so that tests of other modules do not depend on the login routes.
 */
import { eq } from 'drizzle-orm';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { users } from '../src/modules/member/testing-tables.ts';
import { bindSessionToUser } from '../src/modules/sessions/index.ts';
import type { TestApp } from './build.ts';

/** Who calls a route, as the authorisation matrix tests name them. */
export type Caller = 'visitor' | 'user' | 'vip' | 'expiredVip';

/** A signed-in test caller: the `token` header value and, except for a visitor, the user's id. */
export interface SignedIn {
  token: string;
  userId: number | null;
}

let phones = 0;

/** A fresh mainland mobile number (1 + 3–9 + 9 digits), unique within the test process. */
export function testPhone(): string {
  phones += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phones).padStart(4, '0')}`;
}

/** A visitor token from `POST /api/base/token`. */
export async function visitorToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/base/token' });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().data.jwt as string;
}

/** The session id (`sid` claim) a token names. */
export function sessionIdOf(jwt: string): string {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).sid as string;
}

/**
 * A session of `caller`: a visitor's own, or a new user's (VIP until 30 days after the test clock's
 * now for `vip`, ended a second before now for `expiredVip`) bound to a fresh visitor session.
 */
export async function signIn(t: TestApp, caller: Caller, phone = testPhone()): Promise<SignedIn> {
  const token = await visitorToken(t);
  if (caller === 'visitor') return { token, userId: null };
  const now = t.clock.now();
  const vipExpire =
    caller === 'vip'
      ? new Date(now + 30 * 86_400_000)
      : caller === 'expiredVip'
        ? new Date(now - 1000)
        : null;
  const [user] = await t.database.db
    .insert(users)
    .values({ phone, nickname: `测试${phone.slice(-4)}`, vipExpire })
    .returning({ id: users.id });
  await bindSessionToUser(t.database.db, sessionIdOf(token), user.id);
  return { token, userId: user.id };
}

/** Sets the VIP end of `userId` (null = never VIP). */
export async function setVipExpire(t: TestApp, userId: number, vipExpire: Date | null): Promise<void> {
  await t.database.db.update(users).set({ vipExpire }).where(eq(users.id, userId));
}

/** A request as a caller: `method` on the path after the base, with `who`'s token (none for null). */
export type CallerRequest = (
  method: HTTPMethods,
  path: string,
  who: { token: string } | null,
  payload?: object,
  query?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** {@link CallerRequest}s on `t` to the paths under `base` (`/api/shop/`, …), with JSON bodies. */
export function callerRequests(t: TestApp, base: string): CallerRequest {
  return (method, path, who, payload, query) =>
    t.app.inject({
      method,
      url: `${base}${path}`,
      headers: who ? { token: who.token } : {},
      ...(payload ? { payload } : {}),
      ...(query ? { query } : {}),
    });
}
