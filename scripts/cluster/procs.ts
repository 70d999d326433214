/**
 * Starting, watching and stopping the deployment's processes: children of this script (the API
 * nodes, nginx, the object store) with their output in log files, and commands run as the postgres
 * user (PostgreSQL and PgBouncer refuse to run as root; apt never starts them here).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';

/** A process this script started, with its log file and exit. */
export interface Child {
  name: string;
  process: ChildProcess;
  log: string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
}

/** The Node 24 of the repository (type stripping runs the API's .ts files), else this one. */
export function nodeBinary(repoRoot: string): string {
  const local = join(repoRoot, 'node_modules/.bin/node');
  return existsSync(local) ? local : process.execPath;
}

/**
 * Starts `command` with exactly `env` (plus PATH and locale; nothing else of this shell leaks in, such
 * as a DATABASE_URL), its stdout and stderr appended to `log`.
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd: string; log: string },
): Child {
  const fd = openSync(options.log, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', ...options.env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? String(code)));
    child.once('error', (error) => resolve(`error: ${error.message}`));
  });
  return { name, process: child, log: options.log, exited };
}

/** Whether the child has exited. */
export function hasExited(child: Child): boolean {
  return child.process.exitCode !== null || child.process.signalCode !== null;
}

/** Sends `signal`, waits up to `graceMs`, then kills; resolves once the process is gone. */
export async function stopChild(child: Child, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) {
  if (hasExited(child)) return;
  child.process.kill(signal);
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Runs a shell command line as the postgres user; throws with its output when it fails. */
export function asPostgres(commandLine: string, input?: string): string {
  const run = spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', commandLine], {
    encoding: 'utf8',
    input,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
  });
  if (run.status !== 0) {
    const said = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-6).join('\n');
    throw new Error(
      `as postgres: ${commandLine.slice(0, 160)}\n  exited ${run.status ?? run.signal}: ${said}`,
    );
  }
  return run.stdout;
}

/** Single-quotes a word for /bin/sh. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * Resolves once `url` answers with a status `ready` accepts (default 200); throws when `child` exits
 * first or `timeoutMs` pass.
 */
export async function waitForHttp(
  url: string,
  {
    timeoutMs,
    child,
    ready = (status: number) => status === 200,
  }: {
    timeoutMs: number;
    child?: Child;
    ready?: (status: number) => boolean;
  },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && hasExited(child))
      throw new Error(`${child.name} exited before ${url} answered (see ${child.log})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      await response.arrayBuffer();
      if (ready(response.status)) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s (${last})`);
}

/** Whether process `pid` is alive (signal 0). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sleeps `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
