/**
 * The real server on a PGlite data folder: one server per folder, a port clash or kill -9 that never
 * wedges the folder, damaged folders and bad secrets refused before anything is replaced, time-outs
 * on stalled requests, and the lock released on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkToken,
  issueToken,
  request,
  type ServerProcess,
  serverFolder,
  startServer,
  stopServer,
  waitHealthy,
  within,
} from './process-server.ts';

const root = serverFolder('xuanli-process-');

const dataDir = join(root, 'data');
const lockFile = join(dataDir, 'xuanli.lock');
// Short, so that the stalled-request test is quick; the requests of the other tests take milliseconds.
const TIMEOUTS = { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' };
// PGlite's initdb takes ~10 s on an idle 2-core machine, and several times that while other suites run.
const FIRST_START_MS = 110_000;
// A refusal comes within a second or two on an idle machine; several at once on a busy one take longer.
const REFUSAL_MS = 80_000;

/** Starts a server that is expected to refuse to start, and returns its exit code and output. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const server = await startServer(env);
  try {
    const code = await within(server.exited, REFUSAL_MS, 'the refused server to exit');
    return { code, output: server.output() };
  } finally {
    // A server that did not refuse must not keep running (and writing) after its test.
    server.child.kill('SIGKILL');
  }
}

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

/** A raw HTTP/1.1 exchange: writes `head`, then waits for the server to answer and close. */
function stalledRequest(port: number, head: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
  });
}

describe('the server on a PGlite data folder', () => {
  let first: ServerProcess;
  let restarted: ServerProcess;
  let token: string;

  it(
    'binds its port first and answers 503 Unavailable while the database opens',
    async () => {
      first = await startServer({ DATA_DIR: dataDir, ...TIMEOUTS });
      const answers = await waitHealthy(first, FIRST_START_MS);
      // The first start runs PGlite's initdb (seconds): the port answers long before it is done.
      expect(answers[0].status).toBe(503);
      expect(JSON.parse(answers[0].body)).toMatchObject({ code: 'Unavailable' });
      expect(answers.slice(0, -1).every((answer) => answer.status === 503)).toBe(true);
      token = await issueToken(first);
      expect(await checkToken(first, token)).toMatchObject({ status: 200 });
    },
    FIRST_START_MS + 10_000,
  );

  it('creates the folder, the lock, the secret and the database folder for its own user only', () => {
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'pglite'))).toBe(0o700);
    expect(mode(join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(mode(lockFile)).toBe(0o600);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid });
  });

  it(
    'refuses a second server on the same folder; the first keeps serving what it had',
    async () => {
      const { code, output } = await refusedStart({ DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(`the data folder ${dataDir} is in use`);
      expect(output).toContain(`pid ${first.child.pid}`);
      // The token issued before the refusal still verifies, and the first server still writes.
      expect(await checkToken(first, token)).toMatchObject({ status: 200 });
      expect(await checkToken(first, await issueToken(first))).toMatchObject({ status: 200 });
    },
    REFUSAL_MS + 10_000,
  );

  it(
    'fails on a port in use before touching the folder',
    async () => {
      const lockBefore = readFileSync(lockFile, 'utf8');
      const { code, output } = await refusedStart({ DATA_DIR: dataDir, PORT: String(first.port) });
      expect(code).toBe(1);
      expect(output).toContain(`port ${first.port} on 127.0.0.1 is already in use`);
      expect(readFileSync(lockFile, 'utf8')).toBe(lockBefore);
      expect(await checkToken(first, token)).toMatchObject({ status: 200 });
    },
    REFUSAL_MS + 10_000,
  );

  it(
    'starts again on the folder after kill -9, with what was written',
    async () => {
      first.child.kill('SIGKILL');
      await within(first.exited, 10_000, 'kill -9');
      // The dead server's lock is still there; the next start sees that its holder is gone.
      expect(existsSync(lockFile)).toBe(true);
      restarted = await startServer({ DATA_DIR: dataDir, ...TIMEOUTS });
      await waitHealthy(restarted, FIRST_START_MS);
      expect(await checkToken(restarted, token)).toMatchObject({ status: 200 });
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: restarted.child.pid });
    },
    FIRST_START_MS + 10_000,
  );

  it('answers 408 and closes the connection when a request body or its headers stall', async () => {
    const body = await stalledRequest(
      restarted.port,
      'POST /api/base/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"dev',
    );
    expect(body.answer).toMatch(/^HTTP\/1\.1 408 /);
    // REQUEST_TIMEOUT_MS, plus up to one of Node's 1-second checks, plus a slow machine's slack.
    expect(body.ms).toBeGreaterThanOrEqual(1400);
    expect(body.ms).toBeLessThan(5000);
    const headers = await stalledRequest(restarted.port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(headers.ms).toBeLessThan(5000);
    // The server itself is fine.
    expect(await request(restarted, '/api/health')).toMatchObject({ status: 200 });
  });

  it('releases the lock on SIGTERM', async () => {
    expect(await stopServer(restarted)).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });

  describe.concurrent('refuses a damaged database folder without changing it', () => {
    // Copies of the folder the servers above left behind, each damaged in one way.
    function damagedCopy(name: string, damage: (pglite: string) => void): string {
      const dir = join(root, name);
      cpSync(dataDir, dir, { recursive: true });
      damage(join(dir, 'pglite'));
      return dir;
    }
    const listing = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();
    /** The WAL segment files of a database folder. */
    const walSegments = (pglite: string) =>
      readdirSync(join(pglite, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name));

    it.each([
      [
        'without PG_VERSION',
        'no-version',
        (pglite: string) => unlinkSync(join(pglite, 'PG_VERSION')),
        'holds no database (no PG_VERSION)',
      ],
      [
        'without global/pg_control',
        'no-control',
        (pglite: string) => unlinkSync(join(pglite, 'global/pg_control')),
        'pg_control is missing',
      ],
      [
        'with a corrupted global/pg_control',
        'bad-control',
        (pglite: string) => {
          const file = join(pglite, 'global/pg_control');
          const control = readFileSync(file);
          control[40] ^= 0xff;
          writeFileSync(file, control);
        },
        'pg_control fails its checksum',
      ],
      [
        'without pg_wal',
        'no-wal',
        (pglite: string) => rmSync(join(pglite, 'pg_wal'), { recursive: true }),
        'pg_wal is missing',
      ],
      [
        'with every WAL segment deleted',
        'no-segment',
        (pglite: string) => {
          for (const name of walSegments(pglite)) unlinkSync(join(pglite, 'pg_wal', name));
        },
        'which the last checkpoint needs, is missing',
      ],
      [
        'with the WAL overwritten by garbage',
        'bad-wal',
        (pglite: string) => {
          for (const name of walSegments(pglite))
            writeFileSync(join(pglite, 'pg_wal', name), randomBytes(16 << 20));
        },
        'does not begin with a WAL header of this database',
      ],
      [
        'with the WAL cut short',
        'short-wal',
        (pglite: string) => {
          for (const name of walSegments(pglite)) truncateSync(join(pglite, 'pg_wal', name), 65536);
        },
        'is 65536 bytes long instead of 16777216 (cut short)',
      ],
      [
        'with garbage in postgresql.conf',
        'bad-conf',
        (pglite: string) => appendFileSync(join(pglite, 'postgresql.conf'), 'this is = = garbage ;;; "\n'),
        'holds a character outside any setting',
      ],
      [
        'with postgresql.conf unreadable',
        'unreadable-conf',
        (pglite: string) => {
          unlinkSync(join(pglite, 'postgresql.conf'));
          mkdirSync(join(pglite, 'postgresql.conf'));
        },
        'postgresql.conf cannot be read (EISDIR)',
      ],
      [
        'with a misspelt setting in postgresql.conf',
        'unknown-setting',
        (pglite: string) => appendFileSync(join(pglite, 'postgresql.conf'), 'shared_bufers = 64MB\n'),
        'sets shared_bufers, which PostgreSQL does not know',
      ],
      [
        'with garbage in postgresql.auto.conf',
        'bad-auto-conf',
        (pglite: string) => appendFileSync(join(pglite, 'postgresql.auto.conf'), 'zzz garbage = = "\n'),
        'postgresql.auto.conf line 3 holds a character outside any setting',
      ],
      [
        'with garbage in pg_hba.conf',
        'bad-hba',
        (pglite: string) => appendFileSync(join(pglite, 'pg_hba.conf'), 'nonsense line here\n'),
        'does not begin with a connection type',
      ],
      [
        'with a setting PostgreSQL refuses, which only PGlite itself finds',
        'bad-value',
        (pglite: string) => appendFileSync(join(pglite, 'postgresql.conf'), 'max_connections = many\n'),
        'could not be opened (PGlite: ',
      ],
    ])(
      '%s',
      async (_name, copyName, damage, reason) => {
        const dir = damagedCopy(copyName, damage);
        const before = listing(dir);
        const { code, output } = await refusedStart({ DATA_DIR: dir });
        expect(code).toBe(1);
        // One line, naming the folder and what is wrong; no stack trace.
        expect(output.trim().split('\n')).toEqual([expect.stringMatching(/^玄历 API: the database folder /)]);
        expect(output).toContain(`the database folder ${join(dir, 'pglite')}`);
        expect(output).toContain(reason);
        // PGlite, when it got as far as trying, leaves its pid file; nothing else changes.
        expect(listing(dir).filter((name) => !name.endsWith('postmaster.pid'))).toEqual(before);
      },
      REFUSAL_MS + 10_000,
    );
  });

  describe.concurrent('refuses a JWT secret file that cannot protect tokens', () => {
    it.each([
      ['empty', '', 'is empty'],
      ['31 bytes', 's'.repeat(31), 'is only 31 bytes long'],
    ])(
      '%s',
      async (_name, secret, reason) => {
        const dir = mkdtempSync(join(root, 'secret-'));
        writeFileSync(join(dir, 'jwt-secret'), secret);
        const { code, output } = await refusedStart({ DATA_DIR: dir });
        expect(code).toBe(1);
        expect(output).toContain(`the JWT secret file ${join(dir, 'jwt-secret')} ${reason}`);
        // Refused before the database was opened.
        expect(existsSync(join(dir, 'pglite'))).toBe(false);
      },
      REFUSAL_MS + 10_000,
    );
  });
});
