#!/usr/bin/env node
// Load test of the real API (`npm run bench:load`, also the last step of `npm run bench`): starts
// `apps/api/src/server.ts` on a free loopback port with a throw-away data folder (PGlite; set
// LOAD_DATABASE_URL to run it on a PostgreSQL instead) and drives three routes in turn with autocannon,
// LOAD_CONNECTIONS (100) keep-alive connections for LOAD_SECONDS (30) each:
//
//   GET  /api/calendar/day?date=2026-11-23    the engine, no database
//   POST /api/app/bln.Suan/bzdata             a chart per request (64 births in turn)
//   POST /api/base/token                      no token header: a new visitor session (a row) each time
//
// It prints req/s, p50/p99 latency, errors and non-2xx answers per route, the server's warnings, and
// exits 1 when any request failed or answered other than 2xx, or the server died. Loopback only and
// bounded in time; LOAD_SECONDS=3 makes a smoke run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, variedBirths, waitFor } from './bench-common.mjs';

const root = new URL('..', import.meta.url).pathname;

/** A positive integer from the environment, or `fallback`. */
function setting(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer, got '${raw}'`);
    process.exit(2);
  }
  return value;
}

const SECONDS = setting('LOAD_SECONDS', 30);
const CONNECTIONS = setting('LOAD_CONNECTIONS', 100);
// JIT and connection set-up before each measured run; short, and not counted.
const WARMUP_SECONDS = Math.min(3, SECONDS);

const ROUTES = [
  { name: 'GET /api/calendar/day', requests: [{ method: 'GET', path: '/api/calendar/day?date=2026-11-23' }] },
  {
    name: 'POST /api/app/bln.Suan/bzdata',
    requests: variedBirths().map((birth) => ({
      method: 'POST',
      path: '/api/app/bln.Suan/bzdata',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(birth),
    })),
  },
  // No token header and no body: the visitor's first call, a new session row every time.
  { name: 'POST /api/base/token', requests: [{ method: 'POST', path: '/api/base/token' }] },
];

/** One autocannon run; resolves with its result. */
function load(base, route, seconds, connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base, connections, duration: seconds, requests: route.requests, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-load-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env };
delete env.DATABASE_URL;
if (process.env.LOAD_DATABASE_URL) env.DATABASE_URL = process.env.LOAD_DATABASE_URL;
const api = spawn(process.execPath, ['apps/api/src/server.ts'], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The budgets stop floods from one IP; here one IP is the whole point.
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_SESSION_CREATE_MAX: '1000000',
    // The bench's sessions are its own; no clean-up run in the middle of a measurement.
    CLEANUP_INTERVAL_SECONDS: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
/** What the server said at level warn and above (pino JSON lines) or on stderr. */
const serverLines = [];
const collect = (chunk) => {
  for (const line of chunk.toString().split('\n')) if (line.trim()) serverLines.push(line);
};
api.stdout.on('data', collect);
api.stderr.on('data', collect);

const results = [];
let failed = false;
try {
  await waitFor(`${base}/api/health`, api, 180_000);
  console.log(
    `API load on ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections × ${SECONDS} s per route, loopback, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}`,
  );
  for (const route of ROUTES) {
    await load(base, route, WARMUP_SECONDS, Math.min(CONNECTIONS, 16));
    const result = await load(base, route, SECONDS, CONNECTIONS);
    // A server that answered slowly or not at all must still be alive and serving afterwards.
    const health = await fetch(`${base}/api/health`).then(
      (res) => res.status,
      (error) => `unreachable (${error.message})`,
    );
    const row = {
      route: route.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statuses: Object.entries(result.statusCodeStats ?? {})
        .map(([status, { count }]) => `${status}×${count}`)
        .join(' '),
      health,
    };
    results.push(row);
    console.log(
      `  ${row.route}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.requests} requests (${row.statuses}), errors ${row.errors} (timeouts ${row.timeouts}), non-2xx ${row.non2xx}; health afterwards ${row.health}`,
    );
    if (row.errors > 0 || row.non2xx > 0 || row.health !== 200) failed = true;
  }
} catch (error) {
  console.error(`load test failed: ${error.message}`);
  failed = true;
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => {
    if (api.exitCode !== null) return resolve();
    const force = setTimeout(() => api.kill('SIGKILL'), 15_000);
    api.on('exit', () => {
      clearTimeout(force);
      resolve();
    });
  });
  rmSync(dataDir, { recursive: true, force: true });
}

if (serverLines.length > 0) {
  console.log(`server said (${serverLines.length} lines at warn or above; first 10):`);
  for (const line of serverLines.slice(0, 10)) console.log(`  ${line.slice(0, 400)}`);
}
if (results.length > 0) {
  console.log(
    `README row: | API under load (autocannon, ${CONNECTIONS} connections × ${SECONDS} s, ${new Date().toISOString().slice(0, 10)}): day / bzdata / token | ${results.map((r) => `${Math.round(r.rps).toLocaleString('en-US')} req/s (p99 ${r.p99} ms)`).join(' / ')} | 0 errors, 0 non-2xx |`,
  );
}
console.log(failed ? 'load test: FAILED (errors, non-2xx answers or a dead server above)' : 'load test: ok');
process.exit(failed ? 1 : 0);
