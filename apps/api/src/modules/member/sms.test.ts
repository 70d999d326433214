/**
 * `POST /api/crm/member/sms` and the code rules behind it: the outbox, the 60 s resend rule, the daily
 * caps per phone and per IP (checked in the database, so several processes agree), and the answer
 * that never tells whether a phone has an account.
 */
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testPhone, visitorToken } from '../../../test/accounts.ts';
import { FIXED_NOW, type TestApp } from '../../../test/build.ts';
import { captureLog } from '../../../test/log-capture.ts';
import { parseSmsConfig } from '../../config.ts';
import { DAILY_SENDS_PER_IP, DAILY_SENDS_PER_PHONE } from './codes.ts';
import { buildMemberApp, outboxLines } from './testing.ts';

type MemberApp = TestApp & { dataDir: string; outboxFile: string };

function sms(t: TestApp, token: string | undefined, phone: unknown, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/crm/member/sms',
    headers: token ? { token } : {},
    payload: { phone },
    remoteAddress,
  });
}

describe('POST /api/crm/member/sms', () => {
  let t: MemberApp;
  const { stream, lines: logLines } = captureLog();
  beforeAll(async () => {
    t = await buildMemberApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('writes one {phone, code, at} line to the outbox (folder 0700, file 0600) and logs it without the code', async () => {
    const token = await visitorToken(t);
    const phone = testPhone();
    const res = await sms(t, token, phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', resData: { resendAfter: 60 } });
    const lines = outboxLines(t.outboxFile).filter((line) => line.phone === phone);
    expect(lines).toHaveLength(1);
    expect(lines[0].code).toMatch(/^\d{6}$/);
    expect(lines[0].at).toBe(new Date(FIXED_NOW).toISOString());
    expect(statSync(t.outboxFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(t.dataDir, 'outbox')).mode & 0o777).toBe(0o700);
    const logged = logLines.filter((line) => line.includes('sms written to outbox'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain(lines[0].code);
    expect(logged[0]).not.toContain(phone);
    expect(logged[0]).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(logLines.join('')).not.toContain(lines[0].code);
  });

  it('answers a phone with an account exactly as one without', async () => {
    const token = await visitorToken(t);
    const member = testPhone();
    await signIn(t, 'user', member);
    const stranger = testPhone();
    const a = await sms(t, token, member);
    const b = await sms(t, token, stranger);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
  });

  it('refuses anything but an 11-digit mainland mobile number with InvalidPhone', async () => {
    const token = await visitorToken(t);
    for (const phone of [
      '12800138000',
      '1380013800',
      '138001380000',
      '+8613800138000',
      ' 13800138000',
      '1380013800a',
      '',
    ]) {
      const res = await sms(t, token, phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().code, phone).toBe('InvalidPhone');
    }
  });

  it('needs a session token, and a live one', async () => {
    const phone = testPhone();
    expect((await sms(t, undefined, phone)).statusCode).toBe(401);
    expect((await sms(t, 'not-a-token', phone)).statusCode).toBe(401);
    const token = await visitorToken(t);
    await t.app.inject({ method: 'POST', url: '/api/base/logout', headers: { token } });
    expect((await sms(t, token, phone)).statusCode).toBe(401);
    expect(outboxLines(t.outboxFile).some((line) => line.phone === phone)).toBe(false);
  });

  it('refuses a second code within 60 s with 429 and the seconds left, then sends again', async () => {
    const token = await visitorToken(t);
    const phone = testPhone();
    expect((await sms(t, token, phone)).statusCode).toBe(200);
    t.clock.advanceSeconds(20);
    const early = await sms(t, token, phone);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      code: 'TooManyRequests',
      msg: 'a code was sent to this phone less than 60 s ago',
      retryAfter: 40,
    });
    expect(early.headers['retry-after']).toBe('40');
    t.clock.advanceSeconds(39);
    expect((await sms(t, token, phone)).statusCode).toBe(429);
    t.clock.advanceSeconds(1);
    expect((await sms(t, token, phone)).statusCode).toBe(200);
    expect(outboxLines(t.outboxFile).filter((line) => line.phone === phone)).toHaveLength(2);
  });

  it('of two sends at the same moment, exactly one wins', async () => {
    const token = await visitorToken(t);
    const phone = testPhone();
    const answers = await Promise.all([sms(t, token, phone), sms(t, token, phone), sms(t, token, phone)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429, 429]);
    expect(outboxLines(t.outboxFile).filter((line) => line.phone === phone)).toHaveLength(1);
  });
});

describe('daily SMS caps', () => {
  let t: MemberApp;
  beforeAll(async () => {
    t = await buildMemberApp();
  });
  afterAll(() => t.close());

  it(`sends at most ${DAILY_SENDS_PER_PHONE} codes a Beijing day to one phone`, async () => {
    const token = await visitorToken(t);
    const phone = testPhone();
    const start = t.clock.now();
    for (let i = 0; i < DAILY_SENDS_PER_PHONE; i++) {
      expect((await sms(t, token, phone)).statusCode, `send ${i + 1}`).toBe(200);
      t.clock.advanceSeconds(60);
    }
    const refused = await sms(t, token, phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('daily sms limit of this phone reached');
    // FIXED_NOW is 12:00 in Beijing: the day ends 12 h after the first send.
    expect(refused.json().retryAfter).toBe((start + 12 * 3_600_000 - t.clock.now()) / 1000);
    // Another phone from the same client is not affected.
    expect((await sms(t, token, testPhone())).statusCode).toBe(200);
    t.clock.set(start + 12 * 3_600_000);
    expect((await sms(t, token, phone)).statusCode).toBe(200);
    t.clock.set(start);
  });

  it(`sends at most ${DAILY_SENDS_PER_IP} codes a day to one client IP; a refused send uses nothing up`, async () => {
    const token = await visitorToken(t);
    const ip = '198.51.100.7';
    const first = testPhone();
    expect((await sms(t, token, first, ip)).statusCode).toBe(200);
    // Refused by the 60 s rule: rolled back, so it takes none of the IP's or the phone's quota.
    for (let i = 0; i < 5; i++) expect((await sms(t, token, first, ip)).statusCode).toBe(429);
    for (let i = 1; i < DAILY_SENDS_PER_IP; i++) {
      expect((await sms(t, token, testPhone(), ip)).statusCode, `send ${i + 1}`).toBe(200);
    }
    const refused = await sms(t, token, testPhone(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('daily sms limit of this network reached');
    expect((await sms(t, token, testPhone(), '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('a failing SMS sender', () => {
  it('answers 503 Unavailable without saying why, and no code is usable', async () => {
    const blocked = join(tmpdir(), `xuanli-blocked-${process.pid}`);
    // The outbox folder's place is taken by a file: every append fails, as a full disk would.
    writeFileSync(blocked, '');
    const t = await buildMemberApp({
      config: { sms: parseSmsConfig({ SMS_OUTBOX_DIR: blocked }, '/unused') },
    });
    try {
      const token = await visitorToken(t);
      const phone = testPhone();
      const res = await sms(t, token, phone);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'Unavailable',
        msg: 'the SMS could not be sent; try again in a minute',
      });
    } finally {
      await t.close();
      rmSync(blocked, { force: true });
    }
  });
});
