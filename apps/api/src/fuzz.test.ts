import { describe, expect, it } from 'vitest';
import { postRaw } from '../test/raw-body.ts';
import { useTestApp } from '../test/suite.ts';

// A seeded generator so that a failure reproduces; print the seed with the failing request.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ALPHABET = [
  'a',
  'Z',
  '0',
  '9',
  '-',
  ':',
  '.',
  '%',
  '%00',
  '%ff',
  '&',
  '=',
  '?',
  '/',
  '..',
  ' ',
  '中',
  '😀',
  '"',
  "'",
  '<',
  '{',
  '[',
  '\\',
  '+',
  'e',
  'E',
];

describe('fuzz: the API never answers 5xx', () => {
  const t = useTestApp();

  it('random query strings on every GET route', async () => {
    const next = random(20260115);
    const text = (max: number) => {
      let out = '';
      const length = Math.floor(next() * max);
      for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)];
      return out;
    };
    const routes = [
      ['/api/calendar/day', ['date']],
      ['/api/calendar/month', ['ym', 'weekStart']],
      ['/api/calendar/terms', ['year']],
      ['/api/calendar/ics', ['from', 'to']],
      ['/api/calendar/holidays', ['since']],
      ['/api/base/session', []],
    ] as const;
    for (let i = 0; i < 300; i++) {
      const [path, params] = routes[i % routes.length];
      const query = params.map((name) => `${name}=${encodeURIComponent(text(14))}`).join('&');
      const url = `${path}?${query}&${text(6)}`;
      const res = await t.app.inject({ method: 'GET', url, headers: { token: text(40) } });
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode >= 400) {
        // A refused schema adds the field it refused.
        const body = res.json();
        const keys =
          body.code === 'ValidationError' && 'field' in body ? ['code', 'field', 'msg'] : ['code', 'msg'];
        expect(Object.keys(body).sort(), url).toEqual(keys);
      }
    }
  });

  it('random and numeric-edge values that pass the schema reach the engine safely', async () => {
    const years = [1, 1899, 1900, 2100, 2101, 9999, 0, -1];
    for (const year of years) {
      for (const path of [`/api/calendar/terms?year=${year}`, `/api/calendar/ics?from=${year}&to=${year}`]) {
        const res = await t.app.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBeLessThan(500);
      }
      for (const month of ['00', '01', '12', '13', '99']) {
        const path = `/api/calendar/month?ym=${String(Math.max(0, year)).padStart(4, '0')}-${month}`;
        expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBeLessThan(500);
      }
      const day = `/api/calendar/day?date=${String(Math.max(0, year)).padStart(4, '0')}-12-31`;
      expect((await t.app.inject({ method: 'GET', url: day })).statusCode, day).toBeLessThan(500);
    }
  });

  it('random bodies and content types on every POST route', async () => {
    const next = random(42);
    const bodies = [
      '',
      'null',
      '[]',
      '"x"',
      '123',
      '{"device_id":null}',
      '{"device_id":{"$gt":0}}',
      '{"model":["crm"],"name":{}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '\u0000\u0001',
      '{'.repeat(5000),
      JSON.stringify({ name: 'x'.repeat(60_000) }),
    ];
    const types = [
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      '',
    ];
    for (let i = 0; i < 120; i++) {
      const url = i % 2 ? '/api/base/token' : '/api/base/sysapi/label';
      const payload = bodies[Math.floor(next() * bodies.length)];
      const type = types[Math.floor(next() * types.length)];
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: type ? { 'content-type': type } : {},
      });
      expect(res.statusCode, `${url} ${type} ${payload.slice(0, 40)}`).toBeLessThan(500);
    }
  });

  it('a huge body is refused with a 4xx envelope', async () => {
    const res = await postRaw(
      t,
      '/api/base/sysapi/label',
      `{"model":"crm","name":"${'x'.repeat(2_000_000)}"}`,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PayloadTooLarge');
  });

  it('random paths are 404 envelopes', async () => {
    const next = random(7);
    for (let i = 0; i < 100; i++) {
      let path = '/';
      for (let j = 0; j < 1 + Math.floor(next() * 5); j++)
        path += `${ALPHABET[Math.floor(next() * ALPHABET.length)]}/`;
      const res = await t.app.inject({ method: i % 3 ? 'GET' : 'PUT', url: `/api${path}` });
      expect(res.statusCode, path).toBeLessThan(500);
    }
  });
});
