/**
 * Helpers of the tests that log members in: the login by SMS code as the app's login page makes it —
 * a code asked for with a session's token, read back from the app's SMS outbox the way a developer
 * (or the end-to-end test) reads it, then sent to `POST /api/crm/member/login`. Nothing here is used
 * by the app itself.
 */
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { testPhone, visitorToken } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/build.ts';
import { OUTBOX_FILE } from './sms/outbox.ts';
import { lastCode } from './testing.ts';

/** `POST /api/crm/member/sms` for `phone` with `token`'s session (none when absent). */
export function askForCode(t: TestApp, phone: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/crm/member/sms',
    headers: token ? { token } : {},
    payload: { phone },
  });
}

/** Asks for a code for `phone` with `token`'s session (expects 200) and reads it back from the outbox. */
export async function smsCode(t: TestApp, phone: string, token: string): Promise<string> {
  const res = await askForCode(t, phone, token);
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(join(t.config.sms.outboxDir, OUTBOX_FILE), phone);
}

/** What a login answers, with the visitor session it started from and the phone. */
export interface SmsLogin {
  visitor: string;
  phone: string;
  jwt: string;
  iat: number;
  user: { id: number } & Record<string, unknown>;
}

/** A fresh visitor logs in as `phone` by SMS code (expects 200). */
export async function loginBySms(t: TestApp, phone = testPhone()): Promise<SmsLogin> {
  const visitor = await visitorToken(t);
  const code = await smsCode(t, phone, visitor);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/crm/member/login',
    headers: { token: visitor },
    payload: { phone, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { visitor, phone, ...(res.json().resData as Omit<SmsLogin, 'visitor' | 'phone'>) };
}
