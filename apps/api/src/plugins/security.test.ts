import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { HELMET_OPTIONS, helmetHeaders } from './security.ts';

/** Headers of a response, as name → value, without the per-response and Fastify-set ones. */
function securityHeaders(headers: Record<string, unknown>, names: string[]) {
  return Object.fromEntries(names.map((name) => [name, headers[name]]));
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are the headers @fastify/helmet itself sends with the same options', async () => {
    // The reference: @fastify/helmet registered the ordinary way (it rebuilds helmet per request).
    const reference = Fastify({ logger: false });
    await reference.register(helmet, HELMET_OPTIONS);
    reference.get('/', async () => 'ok');
    const expected = await reference.inject({ method: 'GET', url: '/' });
    await reference.close();

    const captured = await helmetHeaders();
    const names = captured.map(([name]) => name.toLowerCase());
    expect(names).toContain('content-security-policy');
    expect(names).toContain('strict-transport-security');
    const helmetOnly = Object.keys(expected.headers).filter(
      (name) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name),
    );
    expect(names.toSorted()).toEqual(helmetOnly.toSorted());
    // Every kind of response carries them: a route, a 404 and a validation error.
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/calendar/day?date=2026-01-15' }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/app/bln.suan/bzdata',
        payload: { sex: 'x', born: '' },
      }),
    ]) {
      // Over plain http all but HSTS, which only https answers carry (app.test.ts 'HSTS').
      const overHttp = names.filter((name) => name !== 'strict-transport-security');
      expect(securityHeaders(res.headers, overHttp)).toEqual(securityHeaders(expected.headers, overHttp));
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
