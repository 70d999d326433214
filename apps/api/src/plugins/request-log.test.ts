import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { captureLog } from '../../test/log-capture.ts';
import { AppError } from '../shared/errors.ts';
import { serializeError } from './log-redaction.ts';
import {
  MAX_LOGGED_URL,
  redactUrl,
  requestIdOf,
  TOO_MANY_SAMPLE_EVERY,
  TooManySampler,
} from './request-log.ts';

describe('redactUrl', () => {
  it('redacts credential-like query parameters and JWTs, keeps the rest', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2OjEifQ.c2lnbmF0dXJl';
    expect(redactUrl('/api/calendar/day?date=2026-01-15')).toBe('/api/calendar/day?date=2026-01-15');
    expect(redactUrl(`/api/x?token=${jwt}&date=1`)).toBe('/api/x?token=[redacted]&date=1');
    expect(redactUrl('/api/x?jwt=abc&access_token=def&Authorization=ghi&api_key=k')).toBe(
      '/api/x?jwt=[redacted]&access_token=[redacted]&Authorization=[redacted]&api_key=[redacted]',
    );
    // An encoded name is still recognised; a JWT under any name or in the path is still caught.
    expect(redactUrl('/api/x?%74oken=abc')).toBe('/api/x?%74oken=[redacted]');
    expect(redactUrl(`/api/x?q=${jwt}`)).toBe('/api/x?q=[redacted]');
    expect(redactUrl(`/api/${jwt}/y`)).toBe('/api/[redacted]/y');
    expect(redactUrl(`/api/x?${jwt}`)).toBe('/api/x?[redacted]');
    // A subscribed calendar's link is its own key: the path segment after feed/ is the secret.
    const link = 'kq3V0r8yQm2Zx_9-Lb7Tn4Hc1Ws6Ud5Ef0Gi8Jo2Ap3';
    expect(redactUrl(`/api/calendar/feed/${link}.ics`)).toBe('/api/calendar/feed/[redacted]');
    expect(redactUrl(`/API/Calendar/Feed/${link}.ics?x=1`)).toBe('/API/Calendar/Feed/[redacted]?x=1');
  });

  it('redacts personal query parameters and masks mobile numbers anywhere', () => {
    for (const [url, logged] of [
      ['/api/admin/orders?phone=13912345678&status=paid', '/api/admin/orders?phone=[redacted]&status=paid'],
      ['/api/admin/users?q=%E5%BC%A0%E4%B8%89&page=2', '/api/admin/users?q=[redacted]&page=2'],
      [
        '/api/x?receiverName=a&address=b&keyword=c',
        '/api/x?receiverName=[redacted]&address=[redacted]&keyword=[redacted]',
      ],
      ['/api/x/13912345678?to=15887654321', '/api/x/139****5678?to=158****4321'],
      // A 20-digit order number is not a phone number.
      ['/api/shop/orders/20260115120000000001', '/api/shop/orders/20260115120000000001'],
    ]) {
      expect(redactUrl(url), url).toBe(logged);
    }
  });

  it('caps long URLs', () => {
    const logged = redactUrl(`/api/x?pad=${'a'.repeat(10_000)}`);
    expect(logged.length).toBe(MAX_LOGGED_URL + 1);
    expect(logged.endsWith('…')).toBe(true);
  });
});

describe('requestIdOf', () => {
  const withId = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as never;

  it("keeps a load balancer's short, plain id and makes one for anything else", () => {
    expect(requestIdOf(withId('lb-7f3a.2026:01'))).toBe('lb-7f3a.2026:01');
    expect(requestIdOf(withId('x'.repeat(64)))).toBe('x'.repeat(64));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const id of [undefined, '', 'x'.repeat(65), 'a b', 'a"b', 'a\nb', '13912345678 张三', '<script>']) {
      expect(requestIdOf(withId(id)), String(id)).toMatch(uuid);
    }
  });
});

describe('serializeError', () => {
  it('keeps type, masked message and stack, safe fields and causes; drops everything else', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_phone_unique"'),
      {
        code: '23505',
        detail: 'Key (phone)=(13912345678) already exists.',
      },
    );
    const error = Object.assign(
      new Error('Failed query: insert into users values ($1)\nparams: 13912345678'),
      {
        cause,
        params: ['13912345678'],
        statusCode: 500,
        body: { phone: '13912345678' },
      },
    );
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into users values ($1)\nparams: …',
      statusCode: 500,
      params: '1 masked',
      cause: { code: '23505', detail: 'Key (phone)=(…) already exists.' },
    });
    expect(serialized).not.toHaveProperty('body');
    expect(JSON.stringify(serialized)).not.toContain('13912345678');
    expect(serializeError('lookup 15887654321 failed')).toBe('lookup 158****4321 failed');
  });
});

describe('TooManySampler', () => {
  it('keeps the first 429 of a client per minute, then one in N, and starts over each minute', () => {
    const sampler = new TooManySampler();
    const kept: number[] = [];
    for (let i = 0; i < 2 * TOO_MANY_SAMPLE_EVERY + 5; i++) {
      const count = sampler.hit('10.0.0.1', 1_000 + i);
      if (TooManySampler.logs(count)) kept.push(count);
    }
    expect(kept).toEqual([1, TOO_MANY_SAMPLE_EVERY, 2 * TOO_MANY_SAMPLE_EVERY]);
    expect(sampler.hit('10.0.0.2', 2_000)).toBe(1);
    expect(sampler.hit('10.0.0.1', 61_000)).toBe(1);
  });
});

describe('request log lines', () => {
  let t: TestApp;
  const log = captureLog();
  let id = 0;
  /** Injects with a fresh request id; returns the response and the lines logged under that id. */
  async function request(options: InjectOptions & { headers?: Record<string, string> }) {
    const reqId = `t-${++id}`;
    const res = await t.app.inject({ ...options, headers: { ...options.headers, 'x-request-id': reqId } });
    const raw = log.lines.filter((line) => line.includes(`"reqId":"${reqId}"`));
    return { res, raw, lines: raw.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ ready: false, logger: { level: 'trace', stream: log.stream } });
    t.app.get('/api/test/boom', async () => {
      throw new Error('boom: a bug');
    });
    // Stands in for the rate limiter's refusal, whose budget other tests would have to exhaust.
    t.app.get('/api/test/limited', { config: { rateLimit: false } }, async () => {
      throw new AppError('TooManyRequests', 'too many requests, retry in 1 minute');
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('writes exactly one line for a served request, with its facts and one msg', async () => {
    const { res, lines, raw } = await request({ method: 'GET', url: '/api/calendar/terms?year=2024' });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/calendar/terms?year=2024',
      status: 200,
      ip: '127.0.0.1',
    });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(lines[0]).not.toHaveProperty('req');
    expect(lines[0]).not.toHaveProperty('res');
    expect(raw[0].match(/"msg":/g)).toHaveLength(1);
  });

  it('puts the refusal reason of a 4xx on that one line', async () => {
    const notFound = await request({ method: 'GET', url: '/api/nope?x=1' });
    expect(notFound.res.statusCode).toBe(404);
    expect(notFound.lines).toHaveLength(1);
    expect(notFound.lines[0]).toMatchObject({
      msg: 'request refused',
      status: 404,
      code: 'NotFound',
      reason: 'no route GET /api/nope',
    });
    const invalid = await request({ method: 'GET', url: '/api/calendar/terms?year=abc' });
    expect(invalid.res.statusCode).toBe(400);
    expect(invalid.lines).toHaveLength(1);
    expect(invalid.lines[0]).toMatchObject({ status: 400, code: 'ValidationError' });
    const badJson = await request({
      method: 'POST',
      url: '/api/base/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"device_id":',
    });
    expect(badJson.lines).toHaveLength(1);
    expect(badJson.lines[0]).toMatchObject({ status: 400, code: 'BadRequest' });
    // The envelope's msg is `reason`: pino's own msg stays the only one.
    for (const { raw } of [notFound, invalid, badJson]) expect(raw[0].match(/"msg":/g)).toHaveLength(1);
  });

  it('logs a bad URL (Fastify framework error) like any other refusal', async () => {
    const { res, lines } = await request({ method: 'GET', url: '/api/health%ff' });
    expect(res.statusCode).toBe(400);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request refused', status: 400, code: 'BadRequest' });
  });

  it('adds one error line with the stack for a 5xx, beside the request line', async () => {
    const { res, lines } = await request({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(lines).toHaveLength(2);
    const [error, line] = lines;
    expect(error).toMatchObject({ level: 50, msg: 'request error' });
    expect((error.err as { stack: string }).stack).toContain('boom: a bug');
    expect(line).toMatchObject({ msg: 'request failed', status: 500, code: 'InternalError' });
    expect(line).not.toHaveProperty('err');
  });

  it('keeps the health probe silent', async () => {
    const { res, lines } = await request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it('samples 429 floods: the first per client per minute, then one in N', async () => {
    const logged: Record<string, unknown>[] = [];
    for (let i = 0; i < TOO_MANY_SAMPLE_EVERY + 1; i++) {
      const { res, lines } = await request({
        method: 'GET',
        url: '/api/test/limited',
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(429);
      logged.push(...lines);
    }
    expect(logged.map((line) => line.limited)).toEqual([1, TOO_MANY_SAMPLE_EVERY]);
    expect(logged[0]).toMatchObject({ status: 429, code: 'TooManyRequests', ip: '10.9.9.9' });
    // Another client is counted apart; a minute later the flooding client's next 429 is written again.
    const other = await request({ method: 'GET', url: '/api/test/limited', remoteAddress: '10.9.9.8' });
    expect(other.lines).toHaveLength(1);
    const again = await request({ method: 'GET', url: '/api/test/limited', remoteAddress: '10.9.9.9' });
    expect(again.lines).toEqual([]);
    t.clock.advanceSeconds(60);
    const later = await request({ method: 'GET', url: '/api/test/limited', remoteAddress: '10.9.9.9' });
    expect(later.lines).toHaveLength(1);
    expect(later.lines[0].limited).toBe(1);
  });

  it('never writes the token, wherever the client put it', async () => {
    const issued = await request({ method: 'POST', url: '/api/base/token' });
    const { jwt } = issued.res.json().data;
    const signature = jwt.split('.')[2];
    await request({ method: 'POST', url: '/api/base/token', headers: { token: jwt } });
    await request({ method: 'GET', url: '/api/base/session', headers: { token: `${jwt}x` } });
    await request({ method: 'GET', url: '/api/base/session', headers: { authorization: `Bearer ${jwt}` } });
    await request({ method: 'GET', url: '/api/base/session', headers: { cookie: `token=${jwt}` } });
    for (const url of [
      `/api/base/session?token=${jwt}`,
      `/api/base/session?jwt=${jwt}`,
      `/api/base/session?access_token=${signature}`,
      `/api/calendar/day?date=2026-01-15&x=${jwt}`,
      `/api/nope/${jwt}`,
      `/api/health%ff?token=${jwt}`,
    ]) {
      const { lines } = await request({ method: 'GET', url });
      expect(lines.length, url).toBeGreaterThanOrEqual(1);
    }
    const text = log.text();
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(jwt);
    expect(text).not.toContain(signature);
  });

  it('writes a request id of its own instead of one that is long or not plain', async () => {
    for (const given of ['x'.repeat(65), 'forged","level":60,"x":"', '\u001b[31mred']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/calendar/terms?year=2024',
        headers: { 'x-request-id': given },
      });
      expect(res.statusCode).toBe(200);
      expect(log.text()).not.toContain(given.slice(0, 20));
    }
    const plain = 'lb-0123456789abcdef';
    await t.app.inject({
      method: 'GET',
      url: '/api/calendar/terms?year=2024',
      headers: { 'x-request-id': plain },
    });
    expect(log.lines.filter((line) => line.includes(`"reqId":"${plain}"`))).toHaveLength(1);
  });
});

describe('request log at LOG_LEVEL warn', () => {
  it('writes nothing for served and refused requests, and still the line of a 5xx', async () => {
    const log = captureLog();
    const t = await buildTestApp({ ready: false, logger: { level: 'warn', stream: log.stream } });
    t.app.get('/api/test/boom', async () => {
      throw new Error('boom: a bug');
    });
    await t.app.ready();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/calendar/terms?year=2024' })).statusCode).toBe(
        200,
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
      // Start-up warnings (the web app not built) are no request lines.
      expect(log.lines.filter((line) => line.includes('"reqId"'))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/test/boom' })).statusCode).toBe(500);
      expect(log.lines.some((line) => line.includes('"status":500'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
