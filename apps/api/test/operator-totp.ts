/**
 * Test helper: two-step verification (TOTP) of a test operator — enrolled and confirmed through the
 * console's own routes — and the codes an authenticator app shows for it on the test clock.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { totpCode, totpStep } from '../src/modules/admin/index.ts';
import type { TestApp } from './build.ts';
import type { TestOperator } from './operators.ts';

/** The code an authenticator app shows for `secret`, `offset` 30-second steps from `t`'s clock. */
export function totpNow(t: TestApp, secret: string, offset = 0): string {
  return totpCode(secret, totpStep(t.clock.now()) + offset);
}

/** `POST /api/admin/me/totp/enrol` with `headers` (an operator's bearer token), from `remoteAddress`. */
export function enrolTotp(
  t: TestApp,
  headers: Record<string, string>,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/admin/me/totp/enrol', headers, remoteAddress });
}

/**
 * Turns two-step verification on for `op`: enrolled, then confirmed with the code of `offset` steps from
 * now (expects 200); answers the secret.
 */
export async function turnOnTotp(t: TestApp, op: TestOperator, offset = 0): Promise<string> {
  const enrol = await enrolTotp(t, op.headers);
  expect(enrol.statusCode, enrol.body).toBe(200);
  const secret = enrol.json().resData.secret as string;
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/admin/me/totp/confirm',
    headers: op.headers,
    payload: { code: totpNow(t, secret, offset) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return secret;
}
