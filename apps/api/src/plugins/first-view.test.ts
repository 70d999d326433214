import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, FIXED_NOW, type TestApp } from '../../test/build.ts';
import { captureLog } from '../../test/log-capture.ts';
import { saveHolidayDay } from '../modules/calendar/index.ts';
import { FIRST_VIEW_MODULE, inlineScriptHashes, withScriptSources } from './first-view.ts';

/** The inline script of the test build's index.html (the real one is src/app/first-paint.js, minified). */
const INLINE = 'document.documentElement.dataset.painted="1"';
const TEMPLATE = `<!doctype html><html lang="zh-CN"><head><script>${INLINE}</script><script type="module" src="/xuanli/assets/index-abc.js"></script><script type="application/json">{"not":"run"}</script></head><body><div id="root"><!--xl-first-view--></div></body></html>`;
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

/**
 * A render module with the web build's interface (apps/web/src/entry-server.tsx `renderPage`): it
 * writes what it was asked for into #root and counts its renders in a global of its own name, so the
 * test sees how often the API rendered. `throws` makes every render fail.
 */
function renderModule(name: string, throws = false): string {
  return `export async function renderPage(template, input) {
  (globalThis[${JSON.stringify(name)}] ??= []).push(input);
  ${throws ? "throw new Error('render broke');" : ''}
  const days = (input.holidays?.years ?? []).flatMap((y) => y.days.map((d) => d.date + d.name));
  return template.replace('<html', '<html data-day="' + input.today + '"').replace('<!--xl-first-view-->', '<p>今日 ' + input.today + ' v' + (input.holidays?.version ?? 0) + ' ' + days.join(',') + '</p>');
}`;
}

/** A web build in a temporary folder: index.html, and the render module unless `module` is null. */
function webBuild(module: string | null): string {
  const dist = mkdtempSync(join(tmpdir(), 'xuanli-first-view-'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  if (module !== null) {
    mkdirSync(join(dist, '.ssr'));
    writeFileSync(join(dist, FIRST_VIEW_MODULE), module);
  }
  return dist;
}

const renders = (name: string) => ((globalThis as Record<string, unknown>)[name] ?? []) as unknown[];

describe('index.html with the calendar rendered in', () => {
  const name = `xlRenders${process.pid}a`;
  const dist = webBuild(renderModule(name));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url = '/xuanli/', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it("renders today's Beijing day by the app's clock, revalidated, with the inline script allowed", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // FIXED_NOW is 2026-01-15 12:00 in Beijing; nothing entered yet: version 0.
    expect(res.body).toContain('<p>今日 2026-01-15 v0 </p>');
    expect(res.body).toContain('<html data-day="2026-01-15" lang="zh-CN">');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src 'self' ${INLINE_HASH.replace(/[+/]/g, '\\$&')}(;|$)`));
    // Only the script that runs is named: not the module script, not the JSON.
    expect(csp.match(/'sha256-/g)).toHaveLength(1);
    expect((await get('/xuanli/index.html')).body).toBe(res.body);
  });

  it('renders once per day and answers a revalidation with 304', async () => {
    const before = renders(name).length;
    expect(before).toBe(1);
    const first = await get();
    const second = await get('/xuanli/index.html');
    expect(renders(name).length).toBe(before);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(String(first.headers.etag)).toMatch(/^W\/"/);
    const unchanged = await get('/xuanli/', { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('sends Brotli or gzip by Accept-Encoding, the same page in each', async () => {
    const plain = await get('/xuanli/', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/xuanli/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/xuanli/', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // A client that prefers gzip gets gzip, as it does for the page's files (one negotiation for both).
    const preferred = await get('/xuanli/', { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(preferred.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(preferred.rawPayload).toString()).toBe(plain.body);
    expect((await t.app.inject({ method: 'HEAD', url: '/xuanli/' })).statusCode).toBe(200);
  });

  it('renders the next day after Beijing midnight (16:00 UTC), not before', async () => {
    t.clock.set(Date.UTC(2026, 0, 15, 15, 59, 59));
    const evening = await get();
    expect(evening.body).toContain('今日 2026-01-15');
    t.clock.set(Date.UTC(2026, 0, 15, 16, 0, 0));
    const res = await get();
    expect(res.body).toContain('<p>今日 2026-01-16 v0 </p>');
    // Yesterday's copy in a phone's cache is not confirmed.
    const stale = await get('/xuanli/', { 'if-none-match': String(evening.headers.etag) });
    expect(stale.statusCode).toBe(200);
  });

  it('renders again with a holiday an operator enters, at once', async () => {
    const before = renders(name).length;
    const change = await t.database.db.transaction((tx) =>
      saveHolidayDay(tx, {
        date: '2026-01-16',
        name: '测试假',
        offDay: true,
        notice: '测试用通知（虚构）',
        updatedBy: 'editor.li',
        at: new Date(t.clock.now()),
      }),
    );
    const res = await get();
    expect(res.body).toContain(`<p>今日 2026-01-16 v${change.version} 2026-01-16测试假</p>`);
    expect(renders(name).length).toBe(before + 1);
    t.clock.set(FIXED_NOW);
  });
});

describe('a web app rebuilt while the API runs', () => {
  it('is read again: the new page, its own inline script allowed, rendered by the new module', async () => {
    const name = `xlRenders${process.pid}c`;
    const dist = webBuild(renderModule(name));
    const t = await buildTestApp({ config: { webDist: dist } });
    try {
      const before = await t.app.inject({ method: 'GET', url: '/xuanli/' });
      expect(before.body).toContain('<p>今日 2026-01-15');
      const inline = 'document.documentElement.dataset.build="2"';
      writeFileSync(
        join(dist, 'index.html'),
        TEMPLATE.replace(INLINE, inline).replace('index-abc', 'index-def'),
      );
      writeFileSync(join(dist, FIRST_VIEW_MODULE), renderModule(name).replace("'<p>今日 '", "'<p>新版 '"));
      const later = new Date(Date.now() + 60_000);
      utimesSync(join(dist, 'index.html'), later, later);
      const after = await t.app.inject({ method: 'GET', url: '/xuanli/' });
      expect(after.body).toContain('<p>新版 2026-01-15');
      expect(after.body).toContain('/xuanli/assets/index-def.js');
      const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      expect(String(after.headers['content-security-policy'])).toContain(hash);
      expect(String(after.headers['content-security-policy'])).not.toContain(INLINE_HASH);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('index.html without a rendered calendar', () => {
  it('goes out as built when the build has no render module, with its script allowed', async () => {
    const dist = webBuild(null);
    const t = await buildTestApp({ config: { webDist: dist } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/xuanli/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(TEMPLATE);
      expect(String(res.headers['content-security-policy'])).toContain(INLINE_HASH);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('goes out as built when a render fails: logged, never a 500, not retried for the same day', async () => {
    const name = `xlRenders${process.pid}b`;
    const dist = webBuild(renderModule(name, true));
    const { stream, lines } = captureLog();
    const t = await buildTestApp({ config: { webDist: dist }, logger: { level: 'error', stream } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/xuanli/' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(TEMPLATE);
      }
      expect(renders(name)).toHaveLength(1);
      expect(lines.filter((line) => line.includes('calendar render failed'))).toHaveLength(1);
      expect(lines.join('')).toContain('render broke');
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('CSP script sources', () => {
  it('hashes the inline scripts that run, as the browser does', () => {
    expect(inlineScriptHashes(TEMPLATE)).toEqual([INLINE_HASH]);
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
  });

  it('adds them to script-src, or makes one from default-src', () => {
    expect(withScriptSources("default-src 'self';script-src 'self';img-src data:", ["'sha256-x'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x';img-src data:",
    );
    expect(withScriptSources("default-src 'self' https:", ["'sha256-x'"])).toBe(
      "default-src 'self' https:;script-src 'self' https: 'sha256-x'",
    );
    expect(withScriptSources("script-src 'self'", [])).toBe("script-src 'self'");
  });
});
