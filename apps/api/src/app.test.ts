import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build.ts';
import { captureLog } from '../test/log-capture.ts';
import { postRaw } from '../test/raw-body.ts';
import { useTestApp } from '../test/suite.ts';
import { BODY_LIMIT } from './app.ts';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ready: false });
    // Test-only routes, added before ready(): a bug (plain Error) and an error carrying internals.
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    t.app.get('/api/test/status', async () => {
      throw Object.assign(new Error('db host 10.0.0.3 down'), { statusCode: 503 });
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'NotFound', msg: 'no route GET /api/nope' });
  });

  it('answers an unknown method on a known path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/base/token' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NotFound');
  });

  it('hides internals of a thrown Error behind a 500 InternalError envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'InternalError', msg: 'internal error' });
    expect(res.body).not.toContain('hunter2');
  });

  it('hides the message of any 5xx, whatever status it carries', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/status' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'InternalError', msg: 'internal error' });
  });

  it('refuses a body over the limit with a 413 envelope', async () => {
    const res = await postRaw(t, '/api/base/token', JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT + 1) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PayloadTooLarge', msg: '提交的内容太大' });
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await postRaw(t, '/api/base/token', '{"device_id":');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BadRequest');
  });

  it('refuses prototype poisoning in JSON bodies', async () => {
    const res = await postRaw(t, '/api/base/token', '{"__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BadRequest');
  });

  it('refuses an unsupported content type with a 415 envelope', async () => {
    const res = await postRaw(t, '/api/base/token', '<a/>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UnsupportedMediaType');
  });

  it('redirects / to the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/xuanli/');
  });

  it('serves the OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/base/token',
        '/api/base/sysapi/label',
        '/api/calendar/day',
        '/api/calendar/month',
        '/api/calendar/terms',
        '/api/calendar/ics',
        '/api/calendar/holidays',
      ]),
    );
    // Test-only and SPA routes stay out of the contract.
    expect(Object.keys(doc.paths)).not.toContain('/');
  });

  it('serves the swagger-ui page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });

  it('sets security headers with a CSP that frames external pages but not scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-src 'self' https: http:");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Plain http (inject's default): HSTS is meaningless there (see 'HSTS' below).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a malformed URL (Fastify framework error) with our envelope and headers', async () => {
    for (const url of ['/api/health%ff', '/api/calendar/day%zz?date=2026-01-15', '/xuanli/%e4%ff']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toEqual({ code: 'BadRequest', msg: '网址有误：百分号编码不正确' });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends rate-limit headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.headers['x-ratelimit-limit']).toBe(String(t.config.rateLimitMax));
  });
});

describe('rate limiting', () => {
  const t = useTestApp({ config: { rateLimitMax: 3 } });

  it('answers 429 TooManyRequests after the budget, on routes and on unknown paths', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/base/token' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await t.app.inject({ method: 'POST', url: '/api/base/token' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TooManyRequests' });
    expect(limited.json().msg).toMatch(/too many requests/);
    const probe = await t.app.inject({ method: 'GET', url: '/api/probe' });
    expect(probe.statusCode).toBe(429);
    expect(probe.json().code).toBe('TooManyRequests');
  });

  it('counts per client IP', async () => {
    const other = await t.app.inject({ method: 'POST', url: '/api/base/token', remoteAddress: '10.1.2.3' });
    expect(other.statusCode).toBe(200);
  });
});

describe('HSTS', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';

  it('is sent only to requests that came over https, as a trusted proxy says', async () => {
    const t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    try {
      const url = '/api/calendar/terms?year=2024';
      const https = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe(HSTS);
      // Also on refusals and 404s, which get the headers from the same hook.
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/nope',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(missing.headers['strict-transport-security']).toBe(HSTS);
      const http = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      expect(http.headers['content-security-policy']).toBeDefined();
      const direct = await t.app.inject({ method: 'GET', url });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('is not sent when an untrusted client claims https', async () => {
    const t = await buildTestApp({ config: { trustProxy: false } });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/calendar/terms?year=2024',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('NUL characters in input', () => {
  const t = useTestApp();

  const NUL_MESSAGE = /must not contain the NUL character/;
  const chart = { sex: '男', born: '公 1990-05-10 08:00' };

  /** Asserts the 400 NUL refusal; `where` is the path the message names. */
  function expectNulRefusal(res: Awaited<ReturnType<TestApp['app']['inject']>>, where: string) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      code: 'ValidationError',
      msg: `${where} must not contain the NUL character (\\u0000)`,
    });
    expect(res.headers['content-security-policy']).toBeDefined();
  }

  const post = (url: string, payload: unknown) =>
    postRaw(t, url, typeof payload === 'string' ? payload : JSON.stringify(payload));

  it('refuses a NUL in any string of a JSON body, on every route family', async () => {
    expectNulRefusal(await post('/api/base/token', { device_id: 1, note: 'a\u0000' }), 'body/note');
    expectNulRefusal(
      await post('/api/base/sysapi/label', { model: 'crm\u0000', name: '在线客服' }),
      'body/model',
    );
    expectNulRefusal(await post('/api/base/sysapi/label', { model: 'crm', name: '\u0000' }), 'body/name');
    expectNulRefusal(await post('/api/app/bln.suan/bzdata', { ...chart, name: '张\u0000三' }), 'body/name');
    expectNulRefusal(await post('/api/app/bln.Suan/bzdata', { ...chart, sex: '男\u0000' }), 'body/sex');
    expectNulRefusal(
      await post('/api/app/bln.suan/miji', { ...chart, born: `${chart.born}\u0000` }),
      'body/born',
    );
    expectNulRefusal(
      await post('/api/app/bln.suan/jxfen', { fen: { wo: '子', ta: '丑\u0000' } }),
      'body/fen/ta',
    );
  });

  it('refuses a NUL in keys, in arrays, deep down and as a raw byte', async () => {
    expectNulRefusal(
      await post('/api/base/sysapi/label', '{"model":"crm","name":"x","k\\u0000":1}'),
      'body/k\\u0000',
    );
    expectNulRefusal(
      await post('/api/app/bln.suan/jxfen', { fen: { wo: '子', ta: ['丑', 'x\u0000'] } }),
      'body/fen/ta/1',
    );
    const depth = 20_000;
    expectNulRefusal(
      await post('/api/base/sysapi/label', `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`),
      `body${'/0'.repeat(depth)}`.slice(0, 200).concat('…'),
    );
    // A raw NUL is not even JSON; it gets the same refusal.
    expectNulRefusal(await post('/api/base/sysapi/label', '{"model":"crm\u0000","name":"x"}'), 'body');
  });

  it('refuses a body string with an unpaired surrogate, which has no UTF-8 form', async () => {
    for (const payload of ['{"label":"宜\\udfff\\ud800忌"}', '{"label":"\\uD800"}', '{"k\\udc00":1}']) {
      const res = await post('/api/crm/article/search', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe('ValidationError');
      expect(res.json().msg).toMatch(/unpaired surrogate/);
    }
    // A surrogate pair written as escapes is an ordinary character (😀).
    const pair = await post('/api/crm/article/search', '{"keyword":"\\ud83d\\ude00"}');
    expect(pair.statusCode).toBe(200);
  });

  it('accepts an escaped backslash before "u0000", which is no NUL', async () => {
    const res = await post('/api/base/sysapi/label', { model: 'crm\\u0000', name: '在线客服' });
    expect(res.json().msg ?? '').not.toMatch(NUL_MESSAGE);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a NUL in the query string of every calendar route', async () => {
    for (const [url, where] of [
      ['/api/calendar/day?date=2026-01-1%00', 'querystring/date'],
      ['/api/calendar/day?date=%00', 'querystring/date'],
      ['/api/calendar/month?ym=2026-0%00', 'querystring/ym'],
      ['/api/calendar/month?weekStart=1%00', 'querystring/weekStart'],
      ['/api/calendar/terms?year=2024%00', 'querystring/year'],
      ['/api/calendar/ics?from=2025&to=2026%00', 'querystring/to'],
      ['/api/calendar/day?da%00te=2026-01-15', 'querystring/da\\u0000te'],
      ['/api/calendar/day?date=2026-01-15&date=%00', 'querystring/date/1'],
      // On a POST route and on an unknown path too: the rule is the app's, not a route's.
      ['/api/base/token?x=%00', 'querystring/x'],
      ['/api/nope?x=%00', 'querystring/x'],
    ] as const) {
      const res = await t.app.inject({ method: url.startsWith('/api/base') ? 'POST' : 'GET', url });
      expectNulRefusal(res, where);
    }
  });

  it('refuses a NUL in path parameters', async () => {
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/xuanli/a%00b.js' }), 'params/*');
  });

  it('leaves %2500 (an encoded "%00", no NUL) to the route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/day?date=%2500' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).not.toMatch(NUL_MESSAGE);
  });

  it('still serves the same routes without NUL', async () => {
    expect((await post('/api/base/sysapi/label', { model: 'crm', name: '在线客服' })).statusCode).toBe(200);
    expect((await post('/api/app/bln.suan/bzdata', chart)).statusCode).toBe(200);
    expect((await post('/api/app/bln.suan/jxfen', { fen: { wo: '子', ta: '丑' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/day?date=2026-01-15' })).statusCode).toBe(
      200,
    );
  });
});

describe('request logs', () => {
  it('never print the token header', async () => {
    const { stream, lines } = captureLog();
    const t = await buildTestApp({ logger: { level: 'trace', stream } });
    try {
      const issued = await t.app.inject({ method: 'POST', url: '/api/base/token' });
      const { jwt } = issued.json().data;
      await t.app.inject({ method: 'POST', url: '/api/base/token', headers: { token: jwt } });
      await t.app.inject({ method: 'GET', url: '/api/base/session', headers: { token: `${jwt}x` } });
      const log = lines.join('');
      // One line per request (plugins/request-log.ts), not Fastify's two.
      expect(log).not.toContain('incoming request');
      expect(log.match(/"msg":"request[ "]/g)).toHaveLength(3);
      expect(log).not.toContain(jwt);
      expect(log).not.toContain(jwt.split('.')[2]);
    } finally {
      await t.close();
    }
  });
});
