/**
 * What the log never holds: a phone number, a name, an address, an SMS code, a password or a token —
 * neither in request lines nor in the lines of failed requests, whose errors carry the database
 * driver's own text (PostgreSQL's `Key (phone)=(…) already exists`, Drizzle's `params: …`). The whole
 * pino stream of a test app at level trace is captured while a buyer logs in by SMS, adds a 收货地址,
 * orders, saves and searches a 命例 and imports a wrong one, an operator searches orders by phone, a
 * unique violation is forced and bad requests are sent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorToken } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { captureLog } from '../../test/log-capture.ts';
import { signInOperator } from '../../test/operators.ts';
import { addProduct } from '../../test/shop-fixtures.ts';
import { parseSmsConfig } from '../config.ts';
import { OUTBOX_FILE } from '../modules/member/index.ts';
import { users } from '../modules/member/testing-tables.ts';

// Values that must not reach the log, each distinctive enough that a hit is never a coincidence.
const BUYER_PHONE = '13912345678';
const RECEIVER_PHONE = '15887654321';
const RECEIVER_NAME = '欧阳明远';
const ADDRESS_DETAIL = '梧桐巷十七号三单元';
const PASSWORD = 'secret-pass-42';
const REMARK = '下午五点后送到门卫';
// A 命例: a client's name and what the note says of them.
const CASE_NAME = '司马晓岚';
const CASE_NOTE = '丙午年问离婚官司';

describe('log lines', () => {
  const log = captureLog();
  // The SMS outbox, where the login code is read as a developer reads it.
  const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-log-privacy-'));
  const lastCode = (phone: string): string =>
    readFileSync(join(dataDir, 'outbox', OUTBOX_FILE), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { phone: string; code: string })
      .findLast((line) => line.phone === phone)?.code ?? '';
  let t: TestApp;
  const secrets: string[] = [
    BUYER_PHONE,
    RECEIVER_PHONE,
    RECEIVER_NAME,
    ADDRESS_DETAIL,
    PASSWORD,
    REMARK,
    CASE_NAME,
    CASE_NOTE,
    encodeURIComponent(CASE_NAME),
  ];

  beforeAll(async () => {
    t = await buildTestApp({
      ready: false,
      config: { sms: parseSmsConfig({}, dataDir) },
      logger: { level: 'trace', stream: log.stream },
    });
    // A write that breaks a unique constraint, as a bug in a service would: the buyer's phone twice.
    t.app.post('/api/test/duplicate-phone', async () => {
      await t.database.db.insert(users).values({ phone: BUYER_PHONE, nickname: RECEIVER_NAME });
      return { ok: true };
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hold no phone, name, address, SMS code, password or token through login, address, order and failures', async () => {
    const visitor = await visitorToken(t);
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers });

    // Login by SMS code.
    expect((await post('/api/crm/member/sms', { phone: BUYER_PHONE }, { token: visitor })).statusCode).toBe(
      200,
    );
    const code = lastCode(BUYER_PHONE);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await post('/api/crm/member/login', { phone: BUYER_PHONE, code: wrong }, { token: visitor }))
        .statusCode,
    ).toBe(400);
    const login = await post('/api/crm/member/login', { phone: BUYER_PHONE, code }, { token: visitor });
    expect(login.statusCode).toBe(200);
    const token = login.json().resData.jwt as string;
    secrets.push(code, wrong, token, visitor);
    expect(
      (await post('/api/crm/member/password', { password: PASSWORD }, { token })).statusCode,
    ).toBeLessThan(500);

    // A 收货地址 and an order delivered there.
    const address = await post(
      '/api/shop/addresses',
      {
        name: RECEIVER_NAME,
        phone: RECEIVER_PHONE,
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        detail: ADDRESS_DETAIL,
        isDefault: true,
      },
      { token },
    );
    expect(address.statusCode).toBe(200);
    const addressId = address.json().resData.id as number;
    const { skuId } = await addProduct(t.database.db);
    const order = await post(
      '/api/shop/orders',
      { items: [{ skuId, qty: 1 }], addressId, idempotencyKey: 'privacy-test-1', remark: REMARK },
      { token },
    );
    expect(order.statusCode).toBe(200);

    // 命例: a client's birth and note saved, searched for by name, and imports refused for a wrong
    // entry (the refusal names the entry by its number) and for a file that is not JSON.
    const caseBook = await post(
      '/api/crm/bazi/profiles',
      { name: CASE_NAME, sex: '女', born: '公 1983-07-21 05:30', note: CASE_NOTE },
      { token },
    );
    expect(caseBook.statusCode).toBe(200);
    const search = `/api/crm/bazi/profiles?q=${encodeURIComponent(CASE_NAME)}`;
    expect((await t.app.inject({ method: 'GET', url: search, headers: { token } })).statusCode).toBe(200);
    const wrongEntry = await post(
      '/api/crm/bazi/profiles/import',
      {
        format: 'xuanli-mingli',
        version: 1,
        profiles: [{ name: CASE_NAME, sex: '女', born: '公 1983-02-30 05:30', note: CASE_NOTE }],
      },
      { token },
    );
    expect(wrongEntry.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/crm/bazi/profiles/import',
      headers: { token, 'content-type': 'application/json' },
      payload: `{"profiles":[{"name":"${CASE_NAME}","note":"${CASE_NOTE}"`,
    });
    expect(notJson.statusCode).toBe(400);

    // An operator looks the buyer up by phone; the phone is in the URL.
    const operator = await signInOperator(t, 'admin');
    for (const url of [`/api/admin/orders?phone=${BUYER_PHONE}`, `/api/admin/users?q=${BUYER_PHONE}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: operator.headers })).statusCode).toBe(200);
    }

    // A unique violation (500, with the driver's error logged) and bad requests that echo input.
    expect((await post('/api/test/duplicate-phone', {})).statusCode).toBe(500);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/shop/addresses',
      headers: { token, 'content-type': 'application/json' },
      payload: `{"name":"${RECEIVER_NAME}","phone":"${RECEIVER_PHONE}","detail":"${ADDRESS_DETAIL}"x}`,
    });
    expect(badJson.statusCode).toBe(400);
    // The login ended the visitor's session: a new visitor asks for a code to a malformed phone.
    const stranger = await visitorToken(t);
    secrets.push(stranger);
    const badPhone = await post('/api/crm/member/sms', { phone: `${RECEIVER_PHONE}0` }, { token: stranger });
    expect(badPhone.statusCode).toBe(400);
    const strayField = await post(
      '/api/shop/addresses',
      { name: RECEIVER_NAME, phone: RECEIVER_PHONE, [RECEIVER_PHONE]: ADDRESS_DETAIL },
      { token },
    );
    expect(strayField.statusCode).toBe(400);

    const text = log.text();
    expect(log.lines.length).toBeGreaterThan(15);
    // The failures were logged, with the driver's error (so the check below looked at it).
    expect(text).toContain('"msg":"request error"');
    expect(text).toMatch(/duplicate key value violates unique constraint/);
    for (const secret of secrets) expect(text, `the log holds ${secret}`).not.toContain(secret);
  });
});
