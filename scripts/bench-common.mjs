// What the benchmark scripts (bench-app.mjs, bench-shop.mjs, bench-ketang.mjs, bench-api-load.mjs) share:
// a free loopback port, starting, waiting for and stopping a server, the throughput runs against bare
// Fastify and their medians, a customer's login through the SMS outbox, the births the bzdata figures
// are measured over, and a PostgreSQL server to make throw-away bench databases on.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Resolves once `url` answers below 500 (the API answers 503 while its database opens); throws when
 * `child` exits first or `ms` pass.
 */
export async function waitFor(url, child, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** 64 different births (seeded), so that a bzdata figure cannot come from one warm body. */
export function variedBirths() {
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

/** The 收货地址 a bench buyer adds before checking out. */
export const BENCH_ADDRESS = {
  name: '压测买家',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 100 号',
  isDefault: true,
};

/**
 * Starts a node script as a child process with `env` (added to this process's environment); resolves
 * once `readyUrl` answers. A first start creates and seeds a database, which takes tens of seconds on
 * a busy 2-core machine. On failure the child is stopped and the error carries the end of its stderr.
 */
export async function startProcess(args, env, readyUrl, ms = 120_000) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  try {
    await waitFor(readyUrl, child, ms);
  } catch (error) {
    child.kill();
    throw new Error(`${args.join(' ')}: ${error.message}${stderr ? `\n${stderr}` : ''}`);
  }
  return child;
}

/** User + system CPU seconds a process has used so far (Linux /proc), or undefined elsewhere. */
export function cpuSeconds(pid) {
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
 * process's CPU time per request, a figure that varies far less than req/s on a busy machine; with
 * `profiler` (bench-money.mjs `inspectorOf`), also its main thread's CPU per request as profiled.
 * `uniqueField` names a body field that gets a value of its own in every request (bench-load.mjs).
 */
export async function throughput(
  url,
  { connections = 16, seconds = 3, bodies, headers, uniqueField, expectStatus, server, profiler } = {},
) {
  const cpuBefore = server && cpuSeconds(server.pid);
  let out = '';
  const load = async () => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'scripts/bench-load.mjs'),
        JSON.stringify({ url, seconds, connections, bodies, headers, uniqueField, expectStatus }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`bench-load exited with ${code}`);
  };
  let profiled;
  if (profiler) profiled = await profiler.profile(load);
  else await load();
  const result = JSON.parse(out);
  const cpuAfter = server && cpuSeconds(server.pid);
  const served = result.rps * seconds;
  const measured = cpuBefore !== undefined && cpuAfter !== undefined && served > 0;
  result.cpuMicros = measured ? ((cpuAfter - cpuBefore) / served) * 1e6 : undefined;
  result.profiledMicros = profiled !== undefined && served > 0 ? (profiled / served) * 1e6 : undefined;
  return result;
}

/** The median of the defined `values`, or undefined when there is none. */
export function median(values) {
  const sorted = values.filter((v) => v !== undefined).toSorted((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : undefined;
}

/**
 * A customer's session token on the running API at `base`, made the way a customer gets one: a
 * visitor token, an SMS code read from the development outbox in `dataDir`, then login.
 */
export async function smsLogin(base, dataDir, phone) {
  const post = async (path, body, token) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const visitor = (await post('/api/base/token')).data.jwt;
  await post('/api/crm/member/sms', { phone }, visitor);
  const outbox = readFileSync(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const { code } = JSON.parse(outbox.at(-1));
  return (await post('/api/crm/member/login', { phone, code }, visitor)).resData.jwt;
}

/**
 * Warms every target up (JIT, connections) for a second, then measures them in three interleaved
 * rounds of `throughput`, so that background load on a shared machine falls on all of them alike.
 * `targets` must hold one named `bare` (the peer the others are compared with). Answers the medians
 * (`summary(name)`), the bare figure and a line per target (`share(name)`: req/s, % of bare, CPU).
 */
export async function measureInterleaved(targets) {
  for (const target of Object.values(targets)) await throughput(target.url, { ...target, seconds: 1 });
  const runs = Object.fromEntries(Object.keys(targets).map((key) => [key, []]));
  for (let round = 0; round < 3; round++) {
    for (const [key, target] of Object.entries(targets)) runs[key].push(await throughput(target.url, target));
  }
  const summary = (key) => ({
    rps: median(runs[key].map((r) => r.rps)),
    cpuMicros: median(runs[key].map((r) => r.cpuMicros)),
    profiledMicros: median(runs[key].map((r) => r.profiledMicros)),
    errors: runs[key].reduce((sum, r) => sum + r.errors, 0),
  });
  const cpuText = (r) =>
    r.cpuMicros === undefined ? '' : `, server CPU ${r.cpuMicros.toFixed(0)} µs/request`;
  const bare = summary('bare');
  const share = (key) => {
    const r = summary(key);
    const percent = ((r.rps / bare.rps) * 100).toFixed(0);
    return `${r.rps.toFixed(0)} req/s (${percent}% of bare${cpuText(r)}${r.errors ? `, ${r.errors} errors` : ''})`;
  };
  return { summary, cpuText, bare, share };
}

/**
 * A PostgreSQL server URL for the bench, or the reason there is none; `startedHere` when the bench
 * started the server, which {@link benchPlaces} then stops again (one already running is left as found).
 */
export function postgresServer() {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL };
  const started = spawnSync('bash', [join(root, 'apps/api/scripts/start-test-postgres.sh')], {
    encoding: 'utf8',
  });
  if (started.status !== 0) {
    const said = started.stderr.trim().split('\n').at(-1) ?? '';
    return { reason: `start-test-postgres.sh exited with ${started.status}${said ? `: ${said}` : ''}` };
  }
  return {
    url: started.stdout.trim(),
    startedHere: /start-test-postgres: starting on /.test(started.stderr),
  };
}

/** Runs `work` on one connection to the server's own database (the URL's). */
export async function withServer(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `url` naming database `name` instead. */
export function databaseUrl(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A JSON request to the API that must answer 200; answers its envelope. */
export async function api(base, path, { token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Stops a child process and waits until it is gone (PGlite flushes its folder on the way out). */
export async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(force);
}

/**
 * The throw-away places a database benchmark named `name` works in: a fresh data folder per server
 * (`dataDir()`), on the PostgreSQL server of {@link postgresServer} a database of its own
 * (`postgresUrl()`, null with the reason in `postgres.reason` when there is none), and the child
 * processes it started (`track`). `close()` stops the processes, drops the database, removes the
 * folders and stops the PostgreSQL server if it started it, whatever happened before.
 */
export function benchPlaces(name) {
  const postgres = postgresServer();
  const database = `xuanli_bench_${name}_${process.pid}`;
  const dirs = [];
  const children = [];
  let created = false;
  return {
    postgres,
    dataDir() {
      const dir = mkdtempSync(join(tmpdir(), `xuanli-bench-${name}-`));
      dirs.push(dir);
      return dir;
    },
    async postgresUrl() {
      if (!postgres.url) return null;
      await withServer(postgres.url, (client) => client.query(`create database ${database}`));
      created = true;
      return databaseUrl(postgres.url, database);
    },
    track(child) {
      children.push(child);
      return child;
    },
    async close() {
      await Promise.all(children.map(stop));
      if (created) {
        await withServer(postgres.url, (client) =>
          client.query(`drop database if exists ${database} with (force)`),
        ).catch((error) => console.error(`could not drop ${database}: ${error.message}`));
      }
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      if (postgres.startedHere) {
        spawnSync('bash', [join(root, 'apps/api/scripts/start-test-postgres.sh'), '--stop'], {
          stdio: ['ignore', 'ignore', 'inherit'],
        });
      }
    },
  };
}

/**
 * Starts bare Fastify (scripts/bare-fastify.mjs) on a free loopback port, stopped with `places` when
 * given: the floor every API's throughput is measured against. Answers it as a throughput target.
 */
export async function startBareFastify(places) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = await startProcess(['scripts/bare-fastify.mjs'], { PORT: String(port) }, url);
  places?.track(server);
  return { url, server };
}

/**
 * Runs benchmark `run(missed)` (`what` names it in a failure): prints `BENCH FAILED: …` for an error
 * that kept it from measuring and `BUDGET MISSED: …` for each line `run` pushed to `missed`, and sets
 * the exit code 1 when there is any — the lines `npm run bench` and its readers look for.
 */
export async function runBench(what, run) {
  const missed = [];
  const failures = [];
  try {
    await run(missed);
  } catch (error) {
    console.error(error);
    failures.push(`${what}: ${error.message.split('\n')[0]}`);
  }
  for (const line of failures) console.log(`BENCH FAILED: ${line}`);
  for (const line of missed) console.log(`BUDGET MISSED: ${line}`);
  if (missed.length > 0 || failures.length > 0) process.exitCode = 1;
}
