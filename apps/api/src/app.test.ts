import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build.ts';
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT + 1) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PayloadTooLarge', msg: 'request body too large' });
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"device_id":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BadRequest');
  });

  it('refuses prototype poisoning in JSON bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BadRequest');
  });

  it('refuses an unsupported content type with a 415 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('BadRequest');
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
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('sends rate-limit headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.headers['x-ratelimit-limit']).toBe(String(t.config.rateLimitMax));
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitMax: 3 } });
  });
  afterAll(() => t.close());

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

describe('request logs', () => {
  it('never print the token header', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await buildTestApp({ logger: { level: 'trace', stream } });
    try {
      const issued = await t.app.inject({ method: 'POST', url: '/api/base/token' });
      const { jwt } = issued.json().data;
      await t.app.inject({ method: 'POST', url: '/api/base/token', headers: { token: jwt } });
      await t.app.inject({ method: 'GET', url: '/api/base/session', headers: { token: `${jwt}x` } });
      const log = lines.join('');
      expect(log).toContain('incoming request');
      expect(log).not.toContain(jwt);
      expect(log).not.toContain(jwt.split('.')[2]);
    } finally {
      await t.close();
    }
  });
});
