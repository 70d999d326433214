/**
 * Test helper: the real server (`node apps/api/src/server.ts`) as a child process on a free port, for
 * what `inject` cannot show: start-up order, the data folder, signals, sockets and time-outs. A test
 * file calls {@link killServers} in its afterAll, before it deletes any folder a server may still use
 * ({@link serverFolder} does both).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { DATABASE_FOLDER } from '../src/db/data-folder.ts';
import { FILES_TEMPLATE_ENV, TEMPLATE_DIR_ENV } from './global-setup.ts';
import { fixtureMediaDir } from './ketang-fixtures.ts';

/** The repository root (server.ts resolves DATA_DIR and WEB_DIST against it). */
export const REPO_ROOT = resolve(new URL('.', import.meta.url).pathname, '../../..');

// The server needs Node 24 (type stripping); `npm install` puts it here.
const NODE = existsSync(join(REPO_ROOT, 'node_modules/.bin/node'))
  ? join(REPO_ROOT, 'node_modules/.bin/node')
  : process.execPath;

/**
 * Node's compile cache for the processes the tests start: each loads about 2,100 modules, and with
 * the code V8 compiled for them kept on disk a start takes about a quarter less CPU. Node checks every
 * entry against its source, so a changed file is compiled afresh. The folder `npm test` gives every
 * process it starts (scripts/test.mjs), or the same folder for a file run on its own.
 */
const COMPILE_CACHE =
  process.env.NODE_COMPILE_CACHE || join(REPO_ROOT, 'node_modules/.cache/node-compile-cache');

/** A running (or exited) server process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited and its output is read. */
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();

/** Kills every server this file started that still runs (kill -9), and waits until they are gone. */
export async function killServers(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolveExit) => {
          child.once('exit', () => resolveExit());
          if (!child.kill('SIGKILL')) resolveExit();
        }),
    ),
  );
}

/**
 * A temporary folder (named `prefix…`) for the servers of the calling test file, made now; the file's
 * afterAll kills its servers that still run, then removes the folder (a server still starting would
 * otherwise write into it while it is being removed).
 */
export function serverFolder(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(async () => {
    await killServers();
    rmSync(root, { recursive: true, force: true });
  });
  return root;
}

/**
 * Makes `dataDir` a data folder as a server's first start leaves it — the database migrated and
 * seeded, the seed's files stored — by copying the run's PGlite template (global-setup.ts), for a test
 * whose subject comes after that first start: a server then skips PGlite's initdb and the seed, about
 * 4 of its 7.5 core-seconds. (process-data-folder.test.ts starts on empty folders, which it is about.)
 */
export function seededDataFolder(dataDir: string): string {
  const database = process.env[TEMPLATE_DIR_ENV];
  const files = process.env[FILES_TEMPLATE_ENV];
  if (!database || !files) throw new Error('no PGlite template: the API suite makes one in its global setup');
  cpSync(database, join(dataDir, DATABASE_FOLDER), { recursive: true });
  cpSync(files, join(dataDir, 'files'), { recursive: true });
  return dataDir;
}

/** Asks the OS for a port nobody listens on, then frees it for the server to take. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the server with a clean environment (nothing from the test's shell leaks in, such as a
 * DATABASE_URL) plus `env`; `PORT` defaults to a free one.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(NODE, ['apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_COMPILE_CACHE: COMPILE_CACHE,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_MAX: '1000000',
      // The process tests' buyers order in bursts and leave orders unpaid; the limits have tests of their own.
      SHOP_MAX_UNPAID_ORDERS: '0',
      SHOP_MAX_UNPAID_UNITS_PER_SKU: '0',
      // The stand-in demo media: a server started by a test never copies what the build made.
      DEMO_MEDIA_DIR: fixtureMediaDir(),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // 'close', not 'exit': by then everything it printed has been read (on a busy machine the pipes
  // can still hold its last line when 'exit' fires).
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('close', (code) => {
      children.delete(child);
      resolveExit(code);
    });
  });
  return { child, port, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves with `promise`'s value, or rejects after `ms` with `what` in the message. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
    }),
  ]);
}

/** One answer as a test looks at it; `status` 0 when the request failed (connection refused …). */
export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** A request that never throws and never waits longer than `timeoutMs`. */
export async function request(
  server: ServerProcess,
  path: string,
  init: RequestInit = {},
  timeoutMs = 10_000,
): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(server.origin + path, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: await response.text(), ms: Date.now() - started };
  } catch {
    return { status: 0, body: '', ms: Date.now() - started };
  }
}

/**
 * Polls `GET /api/health` until it answers 200 and returns every answer seen (connection refused
 * before the port was bound is left out); rejects if the server exits or `timeoutMs` passes.
 */
export async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<Answer[]> {
  const answers: Answer[] = [];
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`server exited (code ${exitCode}) before it was healthy:\n${server.output()}`);
    }
    const answer = await request(server, '/api/health', {}, 5000);
    if (answer.status !== 0) answers.push(answer);
    if (answer.status === 200) return answers;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output()}`);
}

/** Stops the server with `signal` and resolves with its exit code. */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill(signal);
  return within(server.exited, 15_000, `server to exit on ${signal}`);
}

/** A fresh visitor token from `POST /api/base/token`. */
export async function issueToken(server: ServerProcess): Promise<string> {
  const answer = await request(server, '/api/base/token', { method: 'POST' });
  if (answer.status !== 200) throw new Error(`token: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { data: { jwt: string } }).data.jwt;
}

/** `GET /api/base/session` with `token`: 200 when the server knows the session. */
export function checkToken(server: ServerProcess, token: string): Promise<Answer> {
  return request(server, '/api/base/session', { headers: { token } });
}

/** What `npm run admin` printed and how it exited. */
export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run admin -- …args` (node apps/api/src/cli/admin.ts) from the repository root with a clean
 * environment plus `env`, as an operator on the server's machine would, `input` piped to its stdin.
 */
export function runAdmin(
  env: Record<string, string>,
  args: string[],
  input = '',
  timeoutMs = 120_000,
): Promise<AdminRun> {
  const child = spawn(NODE, ['apps/api/src/cli/admin.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, NODE_COMPILE_CACHE: COMPILE_CACHE, LOG_LEVEL: 'silent', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin?.end(input);
  const done = new Promise<AdminRun>((resolveRun) => {
    // 'close', not 'exit': everything printed has been read by then.
    child.once('close', (code) => {
      children.delete(child);
      resolveRun({ code, stdout, stderr });
    });
  });
  return within(done, timeoutMs, `admin ${args.slice(0, 2).join(' ')}`);
}
