import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { useTestApp } from '../../test/suite.ts';

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
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"玄历"}');
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

  it('revalidates the service worker and the manifest every time, so a deploy reaches phones', async () => {
    for (const url of ['/xuanli/sw.js', '/xuanli/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await t.app.inject({ method: 'GET', url: '/xuanli/favicon.svg' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
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

describe('SPA static hygiene', () => {
  const dist = mkdtempSync(join(tmpdir(), 'xuanli-dist-'));
  // Outside the served folder: what a symlink must never expose.
  const outside = mkdtempSync(join(tmpdir(), 'xuanli-outside-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.git'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>玄历</title>');
    writeFileSync(join(dist, 'assets/app-1.js'), 'console.log("app")');
    // Files a careless deploy copies along.
    writeFileSync(join(dist, '.env'), 'JWT_SECRET=dotenv-secret');
    writeFileSync(join(dist, '.git/config'), '[remote "origin"] git-secret');
    writeFileSync(join(dist, 'assets/.hidden'), 'hidden-secret');
    writeFileSync(join(outside, 'secret.txt'), 'outside-secret');
    mkdirSync(join(outside, 'dir'));
    writeFileSync(join(outside, 'dir/x.js'), 'outside-dir-secret');
    // Symlinks: out of the folder (a file, /etc/passwd, a directory), into it, and a compressed copy.
    symlinkSync(join(outside, 'secret.txt'), join(dist, 'secret.txt'));
    symlinkSync('/etc/passwd', join(dist, 'passwd'));
    symlinkSync(join(outside, 'dir'), join(dist, 'linked'));
    symlinkSync(join(dist, 'assets/app-1.js'), join(dist, 'assets/alias.js'));
    writeFileSync(join(dist, 'assets/app-2.js'), 'console.log("plain")');
    symlinkSync(join(outside, 'secret.txt'), join(dist, 'assets/app-2.js.br'));
    // Served through a symlinked folder, as a deploy's `current -> releases/N` would be.
    symlinkSync(dist, `${dist}-current`);
    t = await buildTestApp({ config: { webDist: `${dist}-current` } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(`${dist}-current`, { force: true });
    rmSync(dist, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('still serves the app through a symlinked dist folder', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/xuanli/' })).statusCode).toBe(200);
    const asset = await t.app.inject({ method: 'GET', url: '/xuanli/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
  });

  it('never serves dotfiles or dot-folders', async () => {
    for (const url of [
      '/xuanli/.env',
      '/xuanli/.git/config',
      '/xuanli/assets/.hidden',
      '/xuanli/%2eenv',
      '/xuanli/.git/',
    ]) {
      for (const encoding of ['identity', 'br, gzip']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'NotFound' });
        expect(res.body).not.toMatch(/dotenv-secret|git-secret|hidden-secret/);
      }
    }
  });

  it('never serves a symlink, whether it points outside the folder or inside it', async () => {
    for (const url of [
      '/xuanli/secret.txt',
      '/xuanli/passwd',
      '/xuanli/linked/x.js',
      '/xuanli/assets/alias.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NotFound' });
      expect(res.body).not.toMatch(/outside-secret|outside-dir-secret|root:|console\.log/);
    }
  });

  it('never sends a symlinked compressed copy in place of the file', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/xuanli/assets/app-2.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('outside-secret');
  });
});

describe('SPA not built', () => {
  const t = useTestApp({ config: { webDist: join(tmpdir(), 'xuanli-no-such-dist') } });

  it('answers /xuanli/ with a clear 503 text instead of crashing', async () => {
    for (const url of ['/xuanli/', '/xuanli', '/xuanli/assets/x.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toContain('npm run build -w @xuanli/web');
    }
  });
});
