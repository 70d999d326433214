/**
 * The OpenAPI fuzz (test/openapi-fuzz.test.ts) sends visitor tokens, which the case book refuses
 * before it reads anything; this one sends a signed-in account's bodies, mutated from valid ones —
 * wrong types, odd strings, numbers as text, deep and long values, nulls, extra fields — to every
 * route that reads a body or a query, and none may answer 5xx. Seeded, so a failure repeats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';

const RUNS = Number(process.env.MINGLI_FUZZ_RUNS ?? 300);

/** mulberry32: small, seeded, the same sequence everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]! };
}

const ODD_VALUES: readonly unknown[] = [
  null,
  '',
  ' ',
  '\u0000',
  '😀'.repeat(30),
  '２０２０－０１－０１',
  '公 1990-05-10 08:00',
  '农 2023-02(闰)-15 08:00',
  '1e309',
  'NaN',
  -1,
  0,
  1.5,
  2 ** 31,
  true,
  [],
  {},
  [{ date: '2020-02-30', text: '婚' }],
  { timeZone: 'Asia/Hong_Kong', longitude: 200 },
  '家人',
  'x'.repeat(600),
  { __proto__: { polluted: true } },
];

/** `value` with one field (at any depth) replaced, removed or added. */
function mutate(value: unknown, r: ReturnType<typeof random>): unknown {
  if (value === null || typeof value !== 'object') return r.pick(ODD_VALUES);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  const keys = Object.keys(copy);
  const roll = r.next();
  if (roll < 0.15 || keys.length === 0) {
    (copy as Record<string, unknown>)[r.pick(['extra', 'id', 'userId', '0', 'constructor'])] =
      r.pick(ODD_VALUES);
  } else if (roll < 0.3) {
    delete (copy as Record<string, unknown>)[r.pick(keys)];
  } else {
    const key = r.pick(keys);
    (copy as Record<string, unknown>)[key] = mutate((copy as Record<string, unknown>)[key], r);
  }
  return copy;
}

const PROFILE = {
  clientId: 'fuzz-1',
  name: '张三',
  sex: '男',
  born: '公 1990-05-10 08:00',
  options: { zi: 'early', province: '广东', city: '广州', longitude: 113.3, timeZone: 'Asia/Shanghai' },
  group: '家人',
  note: '备注',
  events: [{ date: '2020-01-01', text: '婚' }],
  updatedAt: '2026-01-15T04:00:00.000Z',
};

describe('the case book answers a signed-in account’s odd inputs without a 5xx', () => {
  let t: TestApp;
  let token: string;
  let id: number;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ token } = await signIn(t, 'user'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/crm/bazi/profiles',
      headers: { token },
      payload: PROFILE,
    });
    id = res.json().resData.id;
  });
  afterAll(() => t.close());

  const cases = [
    { name: 'POST profiles', method: 'POST', url: () => '/api/crm/bazi/profiles', body: PROFILE },
    {
      name: 'PATCH profiles/{id}',
      method: 'PATCH',
      url: () => `/api/crm/bazi/profiles/${id}`,
      body: PROFILE,
    },
    {
      name: 'POST profiles/import',
      method: 'POST',
      url: () => '/api/crm/bazi/profiles/import',
      body: { format: 'xuanli-mingli', version: 1, profiles: [PROFILE, { ...PROFILE, name: '李四' }] },
    },
  ] as const;

  it.each(cases)('$name', async ({ name, method, url, body }) => {
    const r = random(20_261_128 ^ name.length);
    const statuses = new Map<number, number>();
    for (let i = 0; i < RUNS; i++) {
      let payload = body as unknown;
      for (let n = 1 + Math.floor(r.next() * 3); n > 0; n--) payload = mutate(payload, r);
      const res = await t.app.inject({
        method,
        url: url(),
        headers: { token, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, `#${i} ${JSON.stringify(payload).slice(0, 300)} → ${res.body}`).toBeLessThan(
        500,
      );
    }
    // Some mutations still make valid requests: the handler, not only the schema, was reached.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  });

  it('GET with odd queries', async () => {
    const r = random(7);
    for (let i = 0; i < RUNS; i++) {
      const query = {
        q: String(r.pick(ODD_VALUES)),
        group: String(r.pick(ODD_VALUES)),
        page: String(r.pick(['1', '0', '100001', '1e309', 'x', '-1', '2'])),
        size: String(r.pick(['1', '100', '101', 'Infinity', ''])),
      };
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/crm/bazi/profiles',
        headers: { token },
        query,
      });
      expect(res.statusCode, `${JSON.stringify(query)} → ${res.body}`).toBeLessThan(500);
    }
  });
});
