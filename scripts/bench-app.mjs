// App half of `npm run bench`: what a phone downloads for the calendar route, a Lighthouse mobile run,
// and API throughput of the day route against a bare Fastify route measured in the same run.
// A benchmark, not a test: it prints figures (README quotes them) and never fails on a target.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuilt } from './web-build.ts';

const root = new URL('..', import.meta.url).pathname;
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Starts a node script as a child process with `env`; resolves once `readyUrl` answers. */
async function startProcess(args, env, readyUrl) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  await waitFor(readyUrl);
  return child;
}

/** Requests per second of `url` (GET, or POST of `body` as JSON) with keep-alive connections for `seconds`. */
async function throughput(url, { connections = 16, seconds = 5, body } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = Date.now() + seconds * 1000;
  let count = 0;
  let errors = 0;
  const one = () =>
    new Promise((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        url,
        {
          agent,
          method: payload ? 'POST' : 'GET',
          headers: payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) count++;
            else errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(payload);
    });
  const loops = Array.from({ length: connections }, async () => {
    while (Date.now() < deadline) await one();
  });
  const start = Date.now();
  await Promise.all(loops);
  agent.destroy();
  return { rps: count / ((Date.now() - start) / 1000), errors };
}

async function calendarRouteBytes(base) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const page = await browser.newPage({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(`${base}/xuanli/#/pages/index/index`, { waitUntil: 'networkidle' });
  let raw = 0;
  let gzip = 0;
  for (const response of scripts) {
    const body = await response.body();
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  await browser.close();
  return { files: scripts.length, raw, gzip };
}

async function lighthouseScore(url) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, `--user-data-dir=${mkdtempSync(join(tmpdir(), 'xuanli-lh-'))}`],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const audits = result.lhr.audits;
    return {
      score: Math.round(result.lhr.categories.performance.score * 100),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
    };
  } finally {
    await chrome.kill();
  }
}

spawnSync('bash', [join(root, 'scripts/ensure-browser.sh')], { stdio: 'inherit' });
ensureWebBuilt(new URL('..', import.meta.url).pathname);
const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-bench-'));
const apiPort = await freePort();
const barePort = await freePort();
const base = `http://127.0.0.1:${apiPort}`;
const api = await startProcess(
  ['apps/api/src/server.ts'],
  {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
  },
  `${base}/api/calendar/day?date=2026-11-22`,
);
const bare = await startProcess(
  ['scripts/bare-fastify.mjs'],
  { PORT: String(barePort) },
  `http://127.0.0.1:${barePort}/`,
);
try {
  const bytes = await calendarRouteBytes(base);
  console.log(
    `calendar route JS: ${bytes.files} files, ${(bytes.raw / 1024).toFixed(1)} KB raw, ${(bytes.gzip / 1024).toFixed(1)} KB gzip (target ≤ 130 KB)`,
  );
  try {
    const lh = await lighthouseScore(`${base}/xuanli/#/pages/index/index`);
    console.log(
      `lighthouse mobile performance: ${lh.score} (FCP ${lh.fcp}, LCP ${lh.lcp}, TBT ${lh.tbt}, CLS ${lh.cls}; target ≥ 95)`,
    );
  } catch (error) {
    console.log(`lighthouse: could not run (${error.message})`);
  }
  const bareResult = await throughput(`http://127.0.0.1:${barePort}/`);
  const dayResult = await throughput(`${base}/api/calendar/day?date=2026-11-22`);
  const chartResult = await throughput(`${base}/api/app/bln.Suan/bzdata`, {
    body: { name: '示例', sex: '男', born: '公 1990-05-10 08:00' },
  });
  const share = (r) =>
    `${r.rps.toFixed(0)} req/s (${((r.rps / bareResult.rps) * 100).toFixed(0)}% of bare${r.errors ? `, ${r.errors} errors` : ''})`;
  console.log(
    `API throughput (16 connections, 5 s each, loopback): bare Fastify ${bareResult.rps.toFixed(0)} req/s`,
  );
  console.log(`  GET /api/calendar/day: ${share(dayResult)}`);
  console.log(`  POST /api/app/bln.Suan/bzdata: ${share(chartResult)}`);
} finally {
  api.kill();
  bare.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
