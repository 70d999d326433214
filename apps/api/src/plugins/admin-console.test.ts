import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { useTestApp } from '../../test/suite.ts';

describe('operators console at /admin/ beside the app at /xuanli/', () => {
  const adminDist = mkdtempSync(join(tmpdir(), 'xuanli-admin-dist-'));
  const webDist = mkdtempSync(join(tmpdir(), 'xuanli-web-dist-'));
  const outside = mkdtempSync(join(tmpdir(), 'xuanli-outside-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(adminDist, 'assets'));
    writeFileSync(
      join(adminDist, 'index.html'),
      '<!doctype html><html lang="zh-CN"><title>玄历后台</title><script type="module" src="/admin/assets/index-c0ffee.js"></script>',
    );
    writeFileSync(join(adminDist, 'assets/index-c0ffee.js'), 'console.log("console")');
    // The console's build writes compressed copies beside its text files (apps/admin/vite.config.ts).
    writeFileSync(join(adminDist, 'assets/index-c0ffee.js.br'), brotliCompressSync('console.log("console")'));
    writeFileSync(
      join(adminDist, 'index.html.br'),
      brotliCompressSync(readFileSync(join(adminDist, 'index.html'))),
    );
    writeFileSync(join(adminDist, '.env'), 'JWT_SECRET=dotenv-secret');
    writeFileSync(join(outside, 'secret.txt'), 'outside-secret');
    symlinkSync(join(outside, 'secret.txt'), join(adminDist, 'assets/secret.js'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>中华玄历</title>');
    t = await buildTestApp({ config: { adminDist, webDist } });
  });
  afterAll(async () => {
    await t.close();
    for (const dir of [adminDist, webDist, outside]) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the console’s index.html at /admin/, revalidated, kept out of search engines', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('玄历后台');
    expect((await t.app.inject({ method: 'GET', url: '/admin' })).headers.location).toBe('/admin/');
  });

  it('caches hashed assets for a year and sends the compressed copy the client accepts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/assets/index-c0ffee.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("console")');
    const page = await t.app.inject({ method: 'GET', url: '/admin/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the app at /xuanli/ and the console API at /api/admin/ apart from the console’s files', async () => {
    const app = await t.app.inject({ method: 'GET', url: '/xuanli/' });
    expect(app.statusCode).toBe(200);
    expect(app.body).toContain('中华玄历');
    expect(app.body).not.toContain('玄历后台');
    const api = await t.app.inject({ method: 'GET', url: '/api/admin/index.html' });
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.body).not.toContain('玄历后台');
  });

  it('never serves a dotfile, a symlink or anything outside the folder', async () => {
    for (const url of [
      '/admin/.env',
      '/admin/assets/secret.js',
      '/admin/../../etc/passwd',
      '/admin/nope.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NotFound' });
      expect(res.body).not.toMatch(/dotenv-secret|outside-secret|root:/);
    }
  });
});

describe('operators console not built', () => {
  const t = useTestApp({ config: { adminDist: join(tmpdir(), 'xuanli-no-such-admin-dist') } });

  it('answers /admin/ with a clear 503 text, and the rest of the API still serves', async () => {
    for (const url of ['/admin/', '/admin', '/admin/assets/x.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toContain('npm run build -w @xuanli/admin');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
