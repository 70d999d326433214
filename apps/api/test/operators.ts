/**
 * Test helper: console operators of each role, added through the admin module's own service (as
 * `npm run admin -- operator add` does) and logged in through `POST /api/admin/login`, so tests of
 * console routes start from a real bearer token.
 */
import type { AdminRole } from '@xuanli/contracts/admin-labels';
import type { LightMyRequestResponse } from 'fastify';
import { addOperator } from '../src/modules/admin/index.ts';
import type { TestApp } from './build.ts';

/** The password every test operator gets (10+ characters). */
export const OPERATOR_PASSWORD = 'console-pass-2026';

/** A logged-in test operator. */
export interface TestOperator {
  id: number;
  username: string;
  role: AdminRole;
  jwt: string;
  /** `Authorization: Bearer <jwt>`, ready for `app.inject`. */
  headers: { authorization: string };
}

let operatorCount = 0;

/** A username unique within the test process. */
export function testUsername(prefix = 'op'): string {
  operatorCount += 1;
  return `${prefix}.${process.pid % 10_000}.${operatorCount}`;
}

/** Adds an operator of `role` (as the command line would) without logging in. */
export async function addTestOperator(
  t: TestApp,
  role: AdminRole,
  username = testUsername(role),
): Promise<{ id: number; username: string }> {
  const operator = await addOperator(
    { db: t.database.db, clock: t.clock, config: t.config },
    { username, role, password: OPERATOR_PASSWORD, displayName: `测试${role}` },
    { actor: 'test@host' },
  );
  return { id: operator.id, username: operator.username };
}

/** Logs `username` in and answers the raw response (for tests about login itself). */
export function loginRequest(
  t: TestApp,
  body: { username: string; password: string; totp?: string },
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/admin/login', payload: body, remoteAddress });
}

/** A fresh operator of `role`, logged in. */
export async function signInOperator(t: TestApp, role: AdminRole): Promise<TestOperator> {
  const { id, username } = await addTestOperator(t, role);
  const res = await loginRequest(t, { username, password: OPERATOR_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`admin login: ${res.statusCode} ${res.body}`);
  const jwt = res.json().resData.jwt as string;
  return { id, username, role, jwt, headers: { authorization: `Bearer ${jwt}` } };
}

/** The console's requests as operator `op` (its bearer token read at each call). */
export interface OperatorRequests {
  /** `GET url` with `query`. */
  get(url: string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** `POST url` with the JSON body `payload`. */
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** {@link OperatorRequests} of `op` on `t`. */
export function operatorRequests(t: TestApp, op: TestOperator): OperatorRequests {
  return {
    get: (url, query) => t.app.inject({ method: 'GET', url, headers: op.headers, query }),
    post: (url, payload) => t.app.inject({ method: 'POST', url, headers: op.headers, payload }),
  };
}
