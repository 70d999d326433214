/**
 * Starts the real API server (which also serves the built SPA) as a child process, on a free port and
 * with a throw-away data folder, so the e2e run never touches a developer's `.data` or port 8080.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  /** `http://127.0.0.1:PORT` without a trailing slash. */
  origin: string;
  /** The SPA's address, `origin + /xuanli/`. */
  appURL: string;
  logFile: string;
  /** The server's throw-away data folder (the SMS outbox is `outbox/sms.jsonl` in it). */
  dataDir: string;
  /** The environment the server runs with, for CLI commands that must reach the same data. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Asks the OS for a port nobody listens on (port 0), then frees it for the server to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the server answers: `/api/health` when the API has one, else the SPA's index page. */
async function isReady(origin: string): Promise<boolean> {
  for (const path of ['/api/health', '/xuanli/']) {
    try {
      const response = await fetch(origin + path, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
  }
  return false;
}

export interface StartOptions {
  repoRoot: string;
  webDist: string;
  logFile: string;
  /** How long migrations + seeding + listen may take; PGlite's first start is the slow part. */
  timeoutMs?: number;
  /** More settings, given the server's origin (e.g. providers' stand-ins that send readers back to it). */
  env?: (origin: string) => NodeJS.ProcessEnv;
  /** Listen on this port (a server started again where the app knew it), else a free one. */
  port?: number;
  /** Run on this data folder, which `stop()` then leaves in place; else a throw-away one. */
  dataDir?: string;
}

export async function startServer({
  repoRoot,
  webDist,
  logFile,
  timeoutMs = 60_000,
  env: moreEnv,
  port: givenPort,
  dataDir: givenDataDir,
}: StartOptions): Promise<RunningServer> {
  const port = givenPort ?? (await freePort());
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'xuanli-e2e-data-'));
  const origin = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  // process.execPath is the Node 24 running this file; the API relies on Node 24's type stripping.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    // Every request of the run comes from 127.0.0.1; the production limit (300/min) would start
    // refusing assets part-way through the suite.
    RATE_LIMIT_MAX: '1000000',
    // Every browser context opens a visitor session from 127.0.0.1; the per-IP session budget is for the internet.
    RATE_LIMIT_SESSION_CREATE_MAX: '1000000',
    // Pictures and lesson videos have their own budget (3,000 a minute per IP); the suite is one IP.
    RATE_LIMIT_MEDIA_MAX: '1000000',
    // Each login of the suite asks for an SMS code from the same IP; the per-IP budgets for codes and
    // logins (10 and 20) are for strangers on the internet, not for sixty tests on one machine.
    RATE_LIMIT_SMS_MAX: '1000000',
    RATE_LIMIT_LOGIN_MAX: '1000000',
    // A DATABASE_URL from the developer's shell must not point the tests at a real database.
    DATABASE_URL: '',
    JWT_SECRET: '',
    NODE_ENV: 'test',
    ...moreEnv?.(origin),
  };
  const child: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Last resort for an exit before stop() ran (Ctrl-C during start-up): never leave a server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  let exited: string | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = `exit code ${code ?? '-'}, signal ${signal ?? '-'}`;
      resolve();
    });
  });

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      // The server closes gracefully (PGlite flush); do not wait on it forever.
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitPromise;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    log.end();
    if (givenDataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (!(await isReady(origin))) {
    if (exited !== null) {
      await stop();
      throw new Error(`API server stopped before answering (${exited}); see ${logFile}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`API server did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
    }
    await sleep(200);
  }
  return { origin, appURL: `${origin}/xuanli/`, logFile, dataDir, env, stop };
}
