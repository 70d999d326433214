// The classroom's part of `npm run bench` (alone: `npm run bench:ketang`): the course list and the
// Chinese course search at catalogue scale — the demo classroom plus 10,000 generated courses
// (apps/api/test/course-catalogue.ts) — on the embedded PGlite and on PostgreSQL:
//   - throughput of `GET crm/ketang/list` without a keyword, with a common word (八字: thousands of
//     hits, ranked) and with a rare phrase, against a bare Fastify route measured in the same run
//     (bench-common.mjs's scheme: 16 keep-alive connections from a separate load process, three
//     interleaved rounds, medians, the API process's CPU time per request);
//   - search latency as one user sees it: one keep-alive connection, each of the catalogue's search
//     words in turn, p50 and p99 over all requests.
// PostgreSQL: as in bench-shop.mjs (BENCH_DATABASE_URL, else the test server). No targets; a failed
// request is a miss (`BUDGET MISSED`, exit 1).
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import {
  benchPlaces,
  freePort,
  measureInterleaved,
  runBench,
  startBareFastify,
  startProcess,
} from './bench-common.mjs';

const root = new URL('..', import.meta.url).pathname;
const COURSES = 10_000;
// The words the latency is measured over: common words of the generated catalogue, two words at once,
// a title number and the phrase only three courses have (RARE_PHRASE of test/course-catalogue.ts).
const KEYWORDS = ['八字', '风水 入门', '择日', '姓名学', '第7777期', '玄机妙算'];
const LATENCY_ROUNDS = 60;
const LIST = '/api/crm/ketang/list?page=1&size=20';
const search = (keyword) => `/api/crm/ketang/list?keyword=${encodeURIComponent(keyword)}&page=1&size=20`;

/** Fills the database `env` names with the demo data and the generated catalogue, then serves it. */
async function startClassroom(label, env) {
  const filled = spawnSync(process.execPath, ['apps/api/scripts/fill-course-catalogue.ts'], {
    cwd: root,
    env: { ...process.env, ...env, COURSES: String(COURSES), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  if (filled.status !== 0)
    throw new Error(`${label}: fill-course-catalogue: ${filled.stderr}${filled.stdout}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['apps/api/src/server.ts'],
    { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' },
    `${base}${LIST}`,
    180_000,
  );
  return { label, base, server };
}

/** One GET on `agent`'s connection; answers its duration in ms, or throws on a non-200 answer. */
function timedGet(agent, url) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      })
      .on('error', reject);
  });
}

/** The `p`-th percentile (0–100) of sorted `values`, nearest rank. */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Search latency of one learner: one connection, the words in turn, after a warm-up round. */
async function searchLatency(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const keyword of KEYWORDS) await timedGet(agent, `${base}${search(keyword)}`);
    const times = [];
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      for (const keyword of KEYWORDS) times.push(await timedGet(agent, `${base}${search(keyword)}`));
    }
    times.sort((a, b) => a - b);
    return { count: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
  } finally {
    agent.destroy();
  }
}

async function ketangBench(missed) {
  const places = benchPlaces('ketang');
  const { postgres } = places;
  const classrooms = [];
  try {
    const bare = await startBareFastify(places);
    // An empty DATABASE_URL means PGlite, whatever the shell running the bench has set.
    classrooms.push(await startClassroom('PGlite', { DATA_DIR: places.dataDir(), DATABASE_URL: '' }));
    places.track(classrooms[0].server);
    const postgresUrl = await places.postgresUrl();
    if (postgresUrl) {
      const classroom = await startClassroom('PostgreSQL', {
        DATA_DIR: places.dataDir(),
        DATABASE_URL: postgresUrl,
      });
      classrooms.push(classroom);
      places.track(classroom.server);
    }

    const targets = { bare };
    const routes = [
      ['list', LIST],
      ['search 八字', search('八字')],
      ['search 玄机妙算', search('玄机妙算')],
    ];
    for (const classroom of classrooms) {
      for (const [name, path] of routes) {
        targets[`${classroom.label} ${name}`] = { url: `${classroom.base}${path}`, server: classroom.server };
      }
    }
    const { summary, cpuText, bare: bareResult, share } = await measureInterleaved(targets);
    console.log(
      `Classroom API at ${COURSES.toLocaleString('en')} + 8 courses (16 connections, median of 3 × 3 s, loopback, load average ${loadavg()[0].toFixed(1)}): bare Fastify ${bareResult.rps.toFixed(0)} req/s${cpuText(bareResult)}`,
    );
    for (const classroom of classrooms) {
      for (const [name, path] of routes) {
        const key = `${classroom.label} ${name}`;
        console.log(`  ${classroom.label} GET ${decodeURIComponent(path)}: ${share(key)}`);
        const { errors } = summary(key);
        if (errors > 0) missed.push(`${key}: ${errors} requests failed`);
      }
      const latency = await searchLatency(classroom.base);
      console.log(
        `  ${classroom.label} search latency, one connection, ${latency.count} searches over ${KEYWORDS.join(' / ')}: p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms`,
      );
    }
    if (!postgres.url) console.log(`  PostgreSQL: not measured (${postgres.reason})`);
    else console.log('  (server CPU counts the API process only, not PostgreSQL’s own processes)');
  } finally {
    await places.close();
  }
}

await runBench('classroom benchmark', ketangBench);
