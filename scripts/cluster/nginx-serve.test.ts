/**
 * The generated nginx configuration running: nginx started on it in front of a small recording
 * upstream (standing where the API nodes stand), asked over HTTP what it serves itself (the builds'
 * precompressed files with the API's cache headers) and what it passes on (documents, files not in the
 * build), and with which headers. Skipped where nginx is not installed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentOf } from './layout.ts';
import { IMMUTABLE, locationsConf, mainConf, NGINX_FILES, REVALIDATE, upstreamConf } from './nginx.ts';
import { parseOptions } from './options.ts';

const NGINX = '/usr/sbin/nginx';
const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const ASSET = 'assets/AlmanacDayPage-CMODYe56.js';
const SOURCE = `export const day = "${'宜嫁娶 '.repeat(200)}";\n`;

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GET `path` without decoding the body, so the bytes on the wire are what is compared. */
function fetchRaw(port: number, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

describe.skipIf(!existsSync(NGINX))('nginx on the generated files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-nginx-serve-'));
  // nginx's workers, started by root, run as nobody: the folder must be theirs to read.
  chmodSync(dir, 0o755);
  const basePort = 30_000 + Math.floor(Math.random() * 20_000);
  const options = parseOptions(['--run-dir', join(dir, 'run'), '--base-port', String(basePort)], {}, dir);
  const d = {
    ...deploymentOf(options, dir, { brotliModule: existsSync(BROTLI) ? BROTLI : null, nginxUser: null }),
    webDist: join(dir, 'web'),
    adminDist: join(dir, 'admin'),
  };
  /** What the upstream was asked: path and headers. */
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  let upstream: Server;
  let nginx: ChildProcess;

  beforeAll(async () => {
    for (const dist of [d.webDist, d.adminDist]) {
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    }
    writeFileSync(join(d.webDist, ASSET), SOURCE);
    writeFileSync(join(d.webDist, `${ASSET}.br`), brotliCompressSync(SOURCE));
    writeFileSync(join(d.webDist, `${ASSET}.gz`), gzipSync(SOURCE));
    writeFileSync(join(d.webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    upstream = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(req.url === '/xuanli/' ? 200 : 404, { 'x-from': 'api' }).end('api');
    });
    await new Promise<void>((resolve) => upstream.listen(d.ports.nodes[0], d.host, resolve));
    const conf = d.layout.nginxDir;
    mkdirSync(join(conf, 'temp'), { recursive: true });
    writeFileSync(join(conf, NGINX_FILES.main), mainConf(d));
    writeFileSync(join(conf, NGINX_FILES.locations), locationsConf(d));
    // Only the first node listens here; the others are marked down as during a restart.
    writeFileSync(join(conf, NGINX_FILES.upstream), upstreamConf(d, new Set([1, 2])));
    nginx = spawn(NGINX, ['-c', join(conf, NGINX_FILES.main)], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const up = await fetchRaw(d.ports.nginx, '/xuanli/sw.js').catch(() => null);
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('nginx did not answer');
  }, 15_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await new Promise<void>((resolve) =>
      nginx?.exitCode !== null ? resolve() : nginx.once('exit', () => resolve()),
    );
    await new Promise<void>((resolve) => upstream?.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(BROTLI))(
    'sends a hashed asset as the Brotli file the build wrote, cached for good',
    async () => {
      const reply = await fetchRaw(d.ports.nginx, `/xuanli/${ASSET}`, { 'accept-encoding': 'gzip, br' });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.body.equals(brotliCompressSync(SOURCE))).toBe(true);
      expect(reply.headers['cache-control']).toBe(IMMUTABLE);
      expect(reply.headers['x-from']).toBeUndefined();
    },
  );

  it('sends the gzip file to a client without Brotli, and the plain file to one without either', async () => {
    const gz = await fetchRaw(d.ports.nginx, `/xuanli/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(gzipSync(SOURCE))).toBe(true);
    expect(gz.headers.vary).toContain('Accept-Encoding');
    const plain = await fetchRaw(d.ports.nginx, `/xuanli/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SOURCE);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('has the service worker revalidated', async () => {
    const reply = await fetchRaw(d.ports.nginx, '/xuanli/sw.js');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe(REVALIDATE);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('passes the document and files not in the build to the API, with address, scheme and request id', async () => {
    const doc = await fetchRaw(d.ports.nginx, '/xuanli/', { 'x-request-id': 'check-1' });
    expect(doc.headers['x-from']).toBe('api');
    const missing = await fetchRaw(d.ports.nginx, '/xuanli/assets/gone-123.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-from']).toBe('api');
    const first = seen.find((s) => s.url === '/xuanli/');
    expect(first?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(first?.headers['x-forwarded-proto']).toBe('http');
    expect(first?.headers['x-request-id']).toBe('check-1');
    expect(seen.some((s) => s.url === '/xuanli/assets/gone-123.js')).toBe(true);
  });
});
