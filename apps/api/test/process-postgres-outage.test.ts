/**
 * The real server on a real PostgreSQL that freezes (SIGSTOP: the host hangs, the network drops
 * packets, the disk stalls): requests must get a quick 503, never a hang or a 500, and the server must
 * recover by itself once PostgreSQL runs again.
 *
 * The PostgreSQL is a throw-away cluster of this test's own, never the shared test server of
 * scripts/start-test-postgres.sh, which other test runs use meanwhile. It needs root (to run
 * PostgreSQL as the `postgres` user) and Debian's postgresql binaries; without them the test is
 * skipped, except under CI=true, where it must run.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  issueToken,
  killServers,
  request,
  type ServerProcess,
  startServer,
  stopServer,
  waitHealthy,
} from './process-server.ts';

function postgresBin(): string | undefined {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  const bin = newest && join('/usr/lib/postgresql', newest, 'bin');
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

const BIN = postgresBin();
const isRoot = process.getuid?.() === 0;
const missing = !isRoot ? 'root' : !BIN ? 'the postgresql binaries (apt-get install postgresql)' : undefined;
if (missing && process.env.CI !== 'true') {
  console.warn(`process-postgres-outage.test.ts skipped: it needs ${missing}`);
}

// What the server is started with: every wait on PostgreSQL gives up after about a second.
const DB_CONNECT_TIMEOUT_MS = 1000;
const DB_QUERY_TIMEOUT_MS = 1000;
// The slowest path to a 503: a query already sent on a pooled connection, given up client-side after
// DB_QUERY_TIMEOUT_MS + 1 s (db/client.ts); plus a loaded machine's slack.
const ANSWER_WITHIN_MS = DB_QUERY_TIMEOUT_MS + 1000 + 2000;

function asPostgres(command: string): string {
  return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], {
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

/** The postmaster and every process it started (backends, checkpointer, …). */
function clusterPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // exited meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Exited meanwhile.
    }
  }
}

describe.runIf(!missing || process.env.CI === 'true')('the server when PostgreSQL freezes', () => {
  let root: string;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let frozen: number[] = [];

  beforeAll(async () => {
    if (missing) throw new Error(`under CI=true this test must run, but it needs ${missing}`);
    root = mkdtempSync('/tmp/xuanli-frozen-pg-');
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    chownSync(root, postgresUid, -1);
    dataDir = join(root, 'pg');
    const port = await freePort();
    asPostgres(`'${BIN}/initdb' -D '${dataDir}' -U postgres -A trust -E UTF8 --no-locale`);
    asPostgres(
      `'${BIN}/pg_ctl' -D '${dataDir}' -l '${root}/server.log' -o "-p ${port} -k '${root}' -c listen_addresses=127.0.0.1" -w start`,
    );
    asPostgres(`'${BIN}/createdb' -h 127.0.0.1 -p ${port} -U postgres xuanli`);
    server = await startServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/xuanli`,
      DATA_DIR: join(root, 'api'),
      DB_CONNECT_TIMEOUT_MS: String(DB_CONNECT_TIMEOUT_MS),
      DB_QUERY_TIMEOUT_MS: String(DB_QUERY_TIMEOUT_MS),
    });
    await waitHealthy(server);
  });

  afterAll(async () => {
    // A stopped postmaster cannot stop: always let it run again first.
    signalAll(frozen, 'SIGCONT');
    if (server) await stopServer(server).catch(() => {});
    await killServers();
    if (dataDir && existsSync(join(dataDir, 'postmaster.pid'))) {
      try {
        asPostgres(`'${BIN}/pg_ctl' -D '${dataDir}' -m immediate -w stop`);
      } catch {
        // Already stopped.
      }
    }
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('answers 503 Unavailable within the time-out while it is frozen, then recovers by itself', async () => {
    const app = server as ServerProcess;
    // Pooled connections exist now, so both ways of waiting are exercised: a query on an open
    // connection that never gets its answer, and new connections that are never accepted.
    expect((await request(app, '/api/health')).status).toBe(200);
    await issueToken(app);

    frozen = clusterPids(dataDir);
    signalAll(frozen, 'SIGSTOP');
    const answers = await Promise.all([
      request(app, '/api/health'),
      request(app, '/api/base/token', { method: 'POST' }),
      request(app, '/api/base/token', { method: 'POST' }),
      request(app, '/api/base/token', { method: 'POST' }),
    ]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503 });
      expect(JSON.parse(answer.body)).toEqual({ code: 'Unavailable', msg: 'database unavailable' });
      expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    // Once more, now that the pool has given up on its connections.
    const again = await request(app, '/api/base/token', { method: 'POST' });
    expect(again).toMatchObject({ status: 503 });
    expect(again.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(app.child.exitCode).toBeNull();

    signalAll(frozen, 'SIGCONT');
    frozen = [];
    await waitHealthy(app, 15_000);
    await issueToken(app);
  });
});
