// The payment callbacks and the SMS login, measured (`npm run bench:money`, part of `npm run bench`): what
// hardening the money paths must not make slower. On the embedded PGlite, against a bare Fastify route in
// the same run (bench-app.mjs's scheme: 16 keep-alive connections from a separate load process, three
// interleaved rounds, medians, the API process's CPU time per request):
//
// - a forged sandbox callback (a wrong signature), which the server refuses — an attacker's flood;
// - a verified sandbox callback repeated (the provider sending the same notice again), which the server
//   checks, records and answers with success without changing anything;
// - the SMS login of new customers one after another (their codes asked for first and read from the
//   development outbox, then the logins timed back to back), median latency and the server's CPU per
//   login.
//
// BENCH_COMPARE_ROOT=<another checkout> starts that checkout's server beside this one and measures both
// in the same run (its node_modules installed): the way to say "not slower than before" on a machine
// whose load moves every figure. Without it, only this checkout is measured.
//
// CPU is read two ways: the kernel's count for the whole server process, and the server's main thread
// (the API and its embedded database) through its sampling profiler; the comparison with the other
// checkout uses the second. BENCH_PROFILE_DIR=<folder> keeps each profile there as a .cpuprofile file,
// which Chrome DevTools opens, to see where a difference lies.
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  api,
  BENCH_ADDRESS,
  benchPlaces,
  cpuSeconds,
  freePort,
  measureInterleaved,
  median,
  runBench,
  smsLogin,
  startBareFastify,
  startProcess,
} from './bench-common.mjs';

const here = new URL('..', import.meta.url).pathname;
const SANDBOX_KEY = 'bench-sandbox-key-0123456789abcdef0123456789';
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
// Rounds of logins per API, interleaved; their medians are reported (one round can meet a busy moment).
const LOGIN_ROUNDS = 5;

/** The sandbox's callback headers for `body` (the HMAC the sandbox channel signs and verifies). */
function sandboxHeaders(body, key = SANDBOX_KEY) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', Buffer.from(key, 'utf8'))
    .update(`${timestamp}\n${nonce}\n`, 'utf8')
    .update(Buffer.from(body, 'utf8'))
    .update('\n', 'utf8')
    .digest('base64');
  return { 'sandbox-timestamp': timestamp, 'sandbox-nonce': nonce, 'sandbox-signature': signature };
}

/**
 * The API of checkout `root` on a fresh PGlite folder, with a paid order whose sandbox callback the runs
 * repeat; answers what the runs need.
 */
async function startApi(label, root, dataDir) {
  const port = await freePort();
  const inspectorPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    // The inspector is what the logins' CPU is read through (profiledCpu); idle, it costs nothing.
    [`--inspect=127.0.0.1:${inspectorPort}`, join(root, 'apps/api/src/server.ts')],
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PAY_SANDBOX_KEY: SANDBOX_KEY,
      // Each login comes from an address of its own (X-Forwarded-For from one trusted hop), so the
      // per-IP SMS caps never stop the run; the budgets themselves are raised out of the way.
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_PAY_NOTIFY_MAX: '1000000',
      RATE_LIMIT_SMS_MAX: '1000000',
      RATE_LIMIT_LOGIN_MAX: '1000000',
      RATE_LIMIT_SESSION_CREATE_MAX: '1000000',
      SHOP_MAX_UNPAID_ORDERS: '0',
      SHOP_MAX_UNPAID_UNITS_PER_SKU: '0',
    },
    `${base}/api/calendar/day?date=2026-01-01`,
    180_000,
  );
  try {
    const token = await smsLogin(base, dataDir, '13900007788');
    const address = (await api(base, '/api/shop/addresses', { token, body: BENCH_ADDRESS })).resData;
    const goods = (await api(base, '/api/shop/products?kind=goods&size=1')).resData.list[0];
    const order = (
      await api(base, '/api/shop/orders', {
        token,
        body: {
          items: [{ skuId: goods.skus[0].id, qty: 1 }],
          addressId: address.id,
          idempotencyKey: 'bench-money',
        },
      })
    ).resData;
    const started = (
      await api(base, `/api/shop/orders/${order.orderNo}/pay`, { token, body: { channel: 'sandbox' } })
    ).resData;
    const paid = JSON.stringify({
      event: 'payment',
      out_trade_no: started.outTradeNo,
      result: 'success',
      transaction_id: `SB${started.outTradeNo}`,
      amount: started.amount,
      paid_at: new Date().toISOString(),
    });
    const notifyUrl = `${base}/api/pay/notify/sandbox`;
    const first = await fetch(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sandboxHeaders(paid) },
      body: paid,
    });
    if (first.status !== 200) throw new Error(`first callback: ${first.status} ${await first.text()}`);
    const forged = JSON.stringify({ ...JSON.parse(paid), amount: 1 });
    return {
      label,
      base,
      server,
      dataDir,
      profiler: await inspectorOf(inspectorPort),
      notifyUrl,
      verified: { body: JSON.parse(paid), headers: sandboxHeaders(paid) },
      forged: { body: JSON.parse(forged), headers: sandboxHeaders(forged, 'a-key-the-server-does-not-have') },
    };
  } catch (error) {
    server.kill();
    throw new Error(`${label}: ${error.message}`);
  }
}

/**
 * A connection to the inspector of a server started with `--inspect` on `port`: `profile(run)` answers
 * the CPU time the server's main thread spent while `run` ran, from its sampling profiler (the time of
 * every sample but the idle ones). That thread runs the API and its embedded database; unlike the
 * kernel's figure for the whole process, this one is not made in 10 ms ticks, nor does it count the
 * garbage collector's helper threads, so two checkouts compare within a few per cent.
 */
async function inspectorOf(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  const waiting = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  let lastId = 0;
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      lastId += 1;
      waiting.set(lastId, resolve);
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  return {
    async profile(run) {
      await send('Profiler.start');
      await run();
      const { profile } = await send('Profiler.stop');
      if (process.env.BENCH_PROFILE_DIR) {
        const file = join(process.env.BENCH_PROFILE_DIR, `${port}-${Date.now()}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
      }
      const idle = new Set(
        profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
      );
      let micros = 0;
      for (const [i, sample] of profile.samples.entries())
        if (!idle.has(sample)) micros += profile.timeDeltas[i];
      return micros / 1e6;
    },
    close: () => socket.close(),
  };
}

/**
 * `count` SMS logins of new customers on `target`, one at a time: the median ms of a login request and
 * the server's CPU per login, as its main thread's profile shows it and as the kernel counts it for the
 * whole process. Every customer's visitor token and code are asked for first, so that the CPU read
 * around the logins is theirs alone.
 */
async function logins(target, count, offset) {
  const post = async (path, body, token, ip) => {
    const response = await fetch(`${target.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const customers = [];
  for (let i = 0; i < count; i++) {
    const n = offset + i;
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const phone = `137${String(10_000_000 + n).slice(-8)}`;
    const visitor = (await post('/api/base/token', undefined, undefined, ip)).data.jwt;
    await post('/api/crm/member/sms', { phone }, visitor, ip);
    customers.push({ ip, phone, visitor });
  }
  const outbox = readFileSync(join(target.dataDir, 'outbox', 'sms.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const codes = new Map(outbox.map((line) => JSON.parse(line)).map(({ phone, code }) => [phone, code]));
  const ms = [];
  const cpuBefore = cpuSeconds(target.server.pid);
  const profiled = await target.profiler.profile(async () => {
    for (const { ip, phone, visitor } of customers) {
      const started = performance.now();
      await post('/api/crm/member/login', { phone, code: codes.get(phone) }, visitor, ip);
      ms.push(performance.now() - started);
    }
  });
  const cpu = cpuSeconds(target.server.pid) - cpuBefore;
  return { ms: median(ms), cpuMicros: (cpu / count) * 1e6, profiledMicros: (profiled / count) * 1e6 };
}

await runBench('money', async (missed) => {
  const places = benchPlaces('money');
  try {
    const bare = await startBareFastify(places);
    const apis = [await startApi('this checkout', here, places.dataDir())];
    places.track(apis[0].server);
    if (process.env.BENCH_COMPARE_ROOT) {
      const other = await startApi('compared checkout', process.env.BENCH_COMPARE_ROOT, places.dataDir());
      apis.push(other);
      places.track(other.server);
    }
    const targets = { bare };
    for (const target of apis) {
      targets[`${target.label} forged`] = {
        url: target.notifyUrl,
        bodies: [target.forged.body],
        headers: target.forged.headers,
        expectStatus: 400,
        server: target.server,
        profiler: target.profiler,
      };
      targets[`${target.label} verified`] = {
        url: target.notifyUrl,
        bodies: [target.verified.body],
        headers: target.verified.headers,
        server: target.server,
        profiler: target.profiler,
      };
    }
    const { summary, cpuText, bare: bareResult, share } = await measureInterleaved(targets);
    console.log(
      `Payment callbacks (16 connections, median of 3 × 3 s, loopback, load average ${loadavg()[0].toFixed(1)}): bare Fastify ${bareResult.rps.toFixed(0)} req/s${cpuText(bareResult)}`,
    );
    for (const target of apis) {
      console.log(`  ${target.label}: forged sandbox callback (refused): ${share(`${target.label} forged`)}`);
      console.log(
        `  ${target.label}: verified callback repeated (success): ${share(`${target.label} verified`)}`,
      );
      for (const kind of ['forged', 'verified']) {
        const { errors } = summary(`${target.label} ${kind}`);
        if (errors > 0)
          missed.push(`${target.label} ${kind} callback: ${errors} requests answered otherwise`);
      }
    }
    // Logins interleaved too: a round of each API in turn, after a round of each not counted (the
    // login's code paths are compiled and optimised during the first hundreds, which the callbacks
    // above did not run).
    const rounds = Object.fromEntries(apis.map((target) => [target.label, []]));
    for (let round = 0; round <= LOGIN_ROUNDS; round++) {
      for (const [i, target] of apis.entries()) {
        const figures = await logins(target, LOGINS, (round * apis.length + i) * LOGINS);
        if (round > 0) rounds[target.label].push(figures);
      }
    }
    console.log(
      `SMS login of a new customer, ${LOGINS} × ${LOGIN_ROUNDS} one at a time (the login request alone):`,
    );
    const loginFigures = {};
    for (const target of apis) {
      const ms = median(rounds[target.label].map((r) => r.ms));
      const cpu = median(rounds[target.label].map((r) => r.cpuMicros));
      const profiled = median(rounds[target.label].map((r) => r.profiledMicros));
      loginFigures[target.label] = { ms, cpu, profiled };
      console.log(
        `  ${target.label}: median ${ms.toFixed(2)} ms, server CPU ${cpu.toFixed(0)} µs per login (main thread ${profiled.toFixed(0)} µs)`,
      );
    }
    for (const target of apis) target.profiler.close();
    if (apis.length === 2) {
      // Compared by the main thread's profiled CPU: the kernel's figure moves by ±15 % between two runs
      // of one checkout on this machine, the profiled one by a few per cent.
      const [now, before] = apis.map((target) => target.label);
      const ratio = (key) =>
        summary(`${now} ${key}`).profiledMicros / summary(`${before} ${key}`).profiledMicros;
      for (const target of apis)
        for (const kind of ['forged', 'verified'])
          console.log(
            `  ${target.label}: ${kind} callback main thread ${summary(`${target.label} ${kind}`).profiledMicros.toFixed(0)} µs/request`,
          );
      const lines = [
        ['forged callback CPU', ratio('forged')],
        ['verified callback CPU', ratio('verified')],
        ['login CPU', loginFigures[now].profiled / loginFigures[before].profiled],
      ];
      for (const [what, r] of lines) console.log(`  ${what}: this checkout / compared = ${r.toFixed(2)}`);
      for (const [what, r] of lines)
        if (r > 1.1) missed.push(`${what} ${((r - 1) * 100).toFixed(0)} % above the compared checkout`);
    }
  } finally {
    await places.close();
  }
});
