import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, get as httpGet, type Server } from 'node:http';
import { createServer as createHttpsServer, get as httpsGet } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { useTestApp } from '../../test/suite.ts';
import { HELMET_OPTIONS, helmetHeaders } from './security.ts';

/** Headers of a response, as name → value, without the per-response and Fastify-set ones. */
function securityHeaders(headers: Record<string, unknown>, names: string[]) {
  return Object.fromEntries(names.map((name) => [name, headers[name]]));
}

describe('security headers', () => {
  const t = useTestApp();

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

describe('Strict-Transport-Security', () => {
  const HALF_A_YEAR = 180 * 86_400;

  it('keeps browsers on https for at least 180 days, subdomains included', async () => {
    const hsts = (await helmetHeaders()).find(([name]) => name.toLowerCase() === 'strict-transport-security');
    const [maxAge, ...flags] = String(hsts?.[1]).split(/;\s*/);
    expect(Number(/^max-age=(\d+)$/.exec(maxAge)?.[1])).toBeGreaterThanOrEqual(HALF_A_YEAR);
    expect(flags).toContain('includeSubDomains');
  });

  it('is sent behind a proxy trusted by hop count that says https, never over plain http', async () => {
    const t = await buildTestApp({ config: { trustProxy: 1 } });
    try {
      const url = '/api/calendar/terms?year=2024';
      const https = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
      const http = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      expect(
        (await t.app.inject({ method: 'GET', url })).headers['strict-transport-security'],
      ).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  describe('on the app served straight over TLS', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xuanli-tls-'));
    let t: TestApp;
    const servers: Server[] = [];
    beforeAll(async () => {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem')].concat([
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
        ]),
        { stdio: 'ignore' },
      );
      // No proxy trusted: only the socket can say https here.
      t = await buildTestApp({ config: { trustProxy: false } });
      await t.app.ready();
      const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
      // As server.ts hands its own listening server to the app.
      for (const server of [createHttpsServer(tls), createHttpServer()]) {
        server.on('request', t.app.routing);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        servers.push(server);
      }
    });
    afterAll(async () => {
      for (const server of servers) await new Promise((resolve) => server.close(resolve));
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** The HSTS header of GET `path` over the https (0) or http (1) server. */
    function hstsOf(which: 0 | 1, headers: Record<string, string> = {}): Promise<string | undefined> {
      const { port } = servers[which].address() as AddressInfo;
      const get = which === 0 ? httpsGet : httpGet;
      const url = `${which === 0 ? 'https' : 'http'}://127.0.0.1:${port}/api/calendar/terms?year=2024`;
      return new Promise((resolve, reject) => {
        get(url, { headers, rejectUnauthorized: false }, (response) => {
          response.resume();
          expect(response.statusCode).toBe(200);
          resolve(response.headers['strict-transport-security']);
        }).on('error', reject);
      });
    }

    it('is sent over https, and not over http even when the client claims https', async () => {
      expect(await hstsOf(0)).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(await hstsOf(1)).toBeUndefined();
      expect(await hstsOf(1, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    });
  });
});
