// App half of `npm run bench`: what a phone downloads for the calendar route, a Lighthouse mobile run,
// and API throughput of the day and bzdata routes against a bare Fastify route measured in the same run.
// A benchmark, not a test: it prints figures (README quotes them) and never fails on a target.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
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

/** User + system CPU seconds a process has used so far (Linux /proc), or undefined elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the ') ' split; in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Requests per second of `url` (GET, or POST of `bodies` in turn) with keep-alive connections for
 * `seconds`, from a separate load-generator process (bench-load.mjs); with `server`, also that
 * process's CPU time per request, a figure that varies far less than req/s on a busy machine.
 */
async function throughput(url, { connections = 16, seconds = 3, bodies, server } = {}) {
  const cpuBefore = server && cpuSeconds(server.pid);
  const child = spawn(
    process.execPath,
    [join(root, 'scripts/bench-load.mjs'), JSON.stringify({ url, seconds, connections, bodies })],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`bench-load exited with ${code}`);
  const result = JSON.parse(out);
  const cpuAfter = server && cpuSeconds(server.pid);
  const served = result.rps * seconds;
  const measured = cpuBefore !== undefined && cpuAfter !== undefined && served > 0;
  result.cpuMicros = measured ? ((cpuAfter - cpuBefore) / served) * 1e6 : undefined;
  return result;
}

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).toSorted((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : undefined;
};

/** 64 different births (seeded), so that a bzdata figure cannot come from one warm body. */
function variedBirths() {
  let seed = 2026;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pad = (v) => String(v).padStart(2, '0');
  return Array.from({ length: 64 }, () => ({
    name: '示例',
    sex: rnd(2) ? '男' : '女',
    born: `公 ${1930 + rnd(90)}-${pad(1 + rnd(12))}-${pad(1 + rnd(28))} ${pad(rnd(24))}:${pad(rnd(60))}`,
  }));
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
  // Warm both servers (JIT, connections) before anything counts, then run the measurements in turn
  // three times and report medians: on a shared 2-core machine one 5-second run swings by ±30 %,
  // and interleaving spreads background load over all of them alike.
  const sample = { name: '示例', sex: '男', born: '公 1990-05-10 08:00' };
  const targets = {
    bare: { url: `http://127.0.0.1:${barePort}/`, server: bare },
    day: { url: `${base}/api/calendar/day?date=2026-11-22`, server: api },
    chart: { url: `${base}/api/app/bln.Suan/bzdata`, bodies: [sample], server: api },
    varied: { url: `${base}/api/app/bln.Suan/bzdata`, bodies: variedBirths(), server: api },
  };
  for (const target of Object.values(targets)) await throughput(target.url, { ...target, seconds: 1 });
  const runs = Object.fromEntries(Object.keys(targets).map((key) => [key, []]));
  for (let round = 0; round < 3; round++) {
    for (const [key, target] of Object.entries(targets)) runs[key].push(await throughput(target.url, target));
  }
  const summary = (key) => ({
    rps: median(runs[key].map((r) => r.rps)),
    cpuMicros: median(runs[key].map((r) => r.cpuMicros)),
    errors: runs[key].reduce((sum, r) => sum + r.errors, 0),
  });
  const cpuText = (r) =>
    r.cpuMicros === undefined ? '' : `, server CPU ${r.cpuMicros.toFixed(0)} µs/request`;
  const bareResult = summary('bare');
  const share = (key) => {
    const r = summary(key);
    const percent = ((r.rps / bareResult.rps) * 100).toFixed(0);
    return `${r.rps.toFixed(0)} req/s (${percent}% of bare${cpuText(r)}${r.errors ? `, ${r.errors} errors` : ''})`;
  };
  console.log(
    `API throughput (16 connections, median of 3 × 3 s, loopback, load average ${loadavg()[0].toFixed(1)}): bare Fastify ${bareResult.rps.toFixed(0)} req/s${cpuText(bareResult)}`,
  );
  console.log(`  GET /api/calendar/day: ${share('day')}`);
  console.log(`  POST /api/app/bln.Suan/bzdata: ${share('chart')} (target ≥ 30%)`);
  console.log(`  POST /api/app/bln.Suan/bzdata, 64 births in turn: ${share('varied')}`);
} finally {
  api.kill();
  bare.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
