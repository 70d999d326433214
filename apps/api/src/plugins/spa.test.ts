import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';

describe('SPA at /xuanli/', () => {
  const dist = mkdtempSync(join(tmpdir(), 'xuanli-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>玄历</title><script type="module" src="/xuanli/assets/index-abc123.js"></script>',
    );
    writeFileSync(join(dist, 'assets/index-abc123.js'), 'console.log(1)');
    // The web build writes compressed copies next to its text files (apps/web/vite.config.ts).
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(readFileSync(join(dist, 'index.html'))));
    writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    t = await buildTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at /xuanli/ without caching it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/xuanli/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('玄历');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('redirects /xuanli to /xuanli/ and / to /xuanli/', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/xuanli' })).headers.location).toBe('/xuanli/');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/xuanli/');
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/xuanli/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/xuanli/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the compressed copy the client accepts, varying on Accept-Encoding', async () => {
    const url = '/xuanli/assets/index-abc123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe('console.log(1)');
  });

  it('sends index.html compressed and still revalidated; a file without copies is sent as is', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/xuanli/', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('玄历');
    const icon = await t.app.inject({
      method: 'GET',
      url: '/xuanli/favicon.svg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe('<svg/>');
  });

  it('answers a missing file with the 404 envelope and never leaves the dist folder', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/xuanli/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NotFound');
    const traversal = await t.app.inject({ method: 'GET', url: '/xuanli/../../../etc/passwd' });
    expect(traversal.statusCode).toBe(404);
    const encoded = await t.app.inject({ method: 'GET', url: '/xuanli/%2e%2e/%2e%2e/etc/passwd' });
    expect([400, 403, 404]).toContain(encoded.statusCode);
    expect(encoded.body).not.toContain('root:');
  });
});

describe('SPA not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { webDist: join(tmpdir(), 'xuanli-no-such-dist') } });
  });
  afterAll(() => t.close());

  it('answers /xuanli/ with a clear 503 text instead of crashing', async () => {
    for (const url of ['/xuanli/', '/xuanli', '/xuanli/assets/x.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toContain('npm run build -w @xuanli/web');
    }
  });
});
