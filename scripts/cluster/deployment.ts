/**
 * The running deployment: starts every part in order (object store, primary, replica, PgBouncer,
 * migration and seed through the migrate command, the API nodes, nginx), exposes the operations the
 * check performs on it (kill and restart a node, restart PgBouncer online, stop and start the
 * replica) and stops everything it started, whatever state it is in.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import type { Deployment } from './layout.ts';
import { postgresUrl } from './layout.ts';
import { locationsConf, mainConf, NGINX_FILES, upstreamConf } from './nginx.ts';
import { clusterNodeEnv, directEnv, singleNodeEnv } from './node-env.ts';
import { pgbouncerIni, pgbouncerUserlist } from './pgbouncer.ts';
import { initPrimary, initReplica, postgresLog, startPostgres, stopPostgres } from './postgres.ts';
import {
  asPostgres,
  type Child,
  isAlive,
  nodeBinary,
  shellQuote,
  sleep,
  startChild,
  stopChild,
  waitForHttp,
} from './procs.ts';

/** How long a node may take from spawn to a healthy /api/health on a busy 2-core machine. */
const NODE_READY_MS = 180_000;

/** Appends a line to the run's own log and says it on stderr. */
function say(d: Deployment, line: string): void {
  process.stderr.write(`cluster: ${line}\n`);
  try {
    writeFileSync(join(d.layout.logDir, 'cluster.log'), `${new Date().toISOString()} ${line}\n`, {
      flag: 'a',
    });
  } catch {
    // The log folder may already be gone while stopping.
  }
}

/** Resolves once something accepts TCP connections on `port`. */
async function waitForPort(host: string, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host, port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs / 1000} s`);
}

/** Throws when one of `ports` is taken (another run, another helper's test). */
export async function assertPortsFree(host: string, ports: number[]): Promise<void> {
  for (const port of ports) {
    const taken = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host, port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (taken) throw new Error(`port ${port} on ${host} is in use; choose another block with --base-port`);
  }
}

/** A process id kept in a pid file, when the file exists and the process runs. */
function livePid(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/**
 * Stops what an earlier run in the same folder left running (a run killed with -9 cannot clean up):
 * its children by the pids it recorded, PostgreSQL by pg_ctl, PgBouncer and nginx by their pid files.
 */
export function stopLeftovers(d: Deployment): void {
  if (!existsSync(d.layout.root)) return;
  const registry = join(d.layout.root, 'children.json');
  if (existsSync(registry)) {
    for (const { pid, name } of JSON.parse(readFileSync(registry, 'utf8')) as {
      pid: number;
      name: string;
    }[]) {
      const cmdline = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
      if (cmdline.includes(d.layout.root) || cmdline.includes('server.ts') || cmdline.includes('s3rver')) {
        say(d, `stopping ${name} (pid ${pid}) left by an earlier run`);
        process.kill(pid, 'SIGKILL');
      }
    }
  }
  for (const file of [join(d.layout.nginxDir, 'nginx.pid'), join(d.layout.pgbouncerDir, 'pgbouncer.pid')]) {
    const pid = livePid(file);
    if (pid) process.kill(pid, 'SIGTERM');
  }
  for (const dir of [d.layout.replicaData, d.layout.primaryData]) {
    if (existsSync(join(dir, 'PG_VERSION'))) stopPostgres(dir);
  }
}

/** One API node: its process and how to reach it directly. */
export interface ApiNode {
  index: number;
  url: string;
  child: Child | null;
}

/** The deployment while it runs. */
export class RunningDeployment {
  readonly nodes: ApiNode[];
  private readonly children: Child[] = [];
  private nginx: Child | null = null;
  private readonly down = new Set<number>();

  readonly d: Deployment;
  readonly mode: 'cluster' | 'single';

  constructor(d: Deployment, mode: 'cluster' | 'single') {
    this.d = d;
    this.mode = mode;
    this.nodes = d.ports.nodes.map((port, index) => ({
      index,
      url: `http://${d.host}:${port}`,
      child: null,
    }));
  }

  /** Where clients go: nginx, or the one node of `--single`. */
  get url(): string {
    return this.mode === 'cluster' ? `http://${this.d.host}:${this.d.ports.nginx}` : this.nodes[0].url;
  }

  /** The primary, directly (the check's own queries, operators' commands). */
  get directDatabaseUrl(): string | null {
    return this.mode === 'cluster' ? postgresUrl(this.d, this.d.ports.primary) : null;
  }

  /** The settings node `index` runs with. */
  nodeEnv(index: number): Record<string, string> {
    return this.mode === 'cluster' ? clusterNodeEnv(this.d, index) : singleNodeEnv(this.d);
  }

  /** The environment for the operators' command line against this deployment's database. */
  adminEnv(): Record<string, string> {
    return this.mode === 'cluster' ? directEnv(this.d) : singleNodeEnv(this.d);
  }

  private track(child: Child): Child {
    this.children.push(child);
    const registry = this.children.map((c) => ({ name: c.name, pid: c.process.pid }));
    writeFileSync(join(this.d.layout.root, 'children.json'), JSON.stringify(registry));
    return child;
  }

  /** Starts every part and waits until the entry URL answers. */
  async start(): Promise<void> {
    const { d } = this;
    prepareRunFolder(d);
    const { nginx, nodes, pgbouncer, primary, replica, s3 } = d.ports;
    await assertPortsFree(
      d.host,
      this.mode === 'single' ? nodes : [nginx, ...nodes, pgbouncer, primary, replica, s3],
    );
    if (this.mode === 'single') {
      await this.startNodes();
      return;
    }
    await this.startObjectStore();
    say(d, 'PostgreSQL primary');
    initPrimary(d);
    say(d, 'streaming replica (pg_basebackup -R)');
    initReplica(d);
    this.startPgbouncer();
    await waitForPort(d.host, d.ports.pgbouncer, 10_000);
    say(d, 'migrating and seeding the database once (migrate command, direct to the primary)');
    this.runApiCommand('apps/api/src/db/migrate-cli.ts', [], directEnv(d));
    await this.startNodes();
    await this.startNginx();
  }

  private async startObjectStore(): Promise<void> {
    const { d } = this;
    const script = join(d.repoRoot, 'node_modules/s3rver/bin/s3rver.js');
    const args = [script, '-d', d.layout.s3Dir, '-a', d.host, '-p', String(d.ports.s3), '-s'];
    args.push('--no-vhost-buckets', '--configure-bucket', d.credentials.s3Bucket);
    say(d, `object store (s3rver) on ${d.host}:${d.ports.s3}`);
    const child = this.track(
      startChild('s3rver', nodeBinary(d.repoRoot), args, {
        env: {},
        cwd: d.repoRoot,
        log: join(d.layout.logDir, 's3rver.log'),
      }),
    );
    await waitForHttp(`http://${d.host}:${d.ports.s3}/`, { timeoutMs: 30_000, child });
  }

  private startPgbouncer(online = false): void {
    const { d } = this;
    const ini = join(d.layout.pgbouncerDir, 'pgbouncer.ini');
    if (!online) {
      writeOwnedByPostgres(ini, pgbouncerIni(d));
      writeOwnedByPostgres(join(d.layout.pgbouncerDir, 'userlist.txt'), pgbouncerUserlist(d));
    }
    say(
      d,
      `PgBouncer ${online ? 'online restart (-R)' : 'in transaction mode'} on ${d.host}:${d.ports.pgbouncer}`,
    );
    asPostgres(`/usr/sbin/pgbouncer ${online ? '-R ' : ''}-d ${shellQuote(ini)}`);
  }

  /** Runs a script of apps/api with `env`; throws with its output when it fails. */
  runApiCommand(script: string, args: string[], env: Record<string, string>, input?: string): string {
    const run = spawnSync(nodeBinary(this.d.repoRoot), [script, ...args], {
      cwd: this.d.repoRoot,
      env: { PATH: process.env.PATH, LANG: 'C.UTF-8', ...env },
      encoding: 'utf8',
      input,
      timeout: 300_000,
    });
    if (run.status !== 0) {
      throw new Error(
        `${script} ${args.join(' ')} exited ${run.status ?? run.signal}: ${run.stderr}${run.stdout}`,
      );
    }
    return run.stdout;
  }

  private spawnNode(index: number): Child {
    const { d } = this;
    return this.track(
      startChild(`node ${index + 1}`, nodeBinary(d.repoRoot), ['apps/api/src/server.ts'], {
        env: this.nodeEnv(index),
        cwd: d.repoRoot,
        log: join(d.layout.logDir, `node-${index + 1}.log`),
      }),
    );
  }

  private async startNodes(): Promise<void> {
    say(this.d, `${this.nodes.length} API node(s) on ports ${this.d.ports.nodes.join(', ')}`);
    for (const node of this.nodes) node.child = this.spawnNode(node.index);
    await Promise.all(
      this.nodes.map((node) =>
        waitForHttp(`${node.url}/api/health`, { timeoutMs: NODE_READY_MS, child: node.child ?? undefined }),
      ),
    );
  }

  private writeNginxConf(): void {
    const dir = this.d.layout.nginxDir;
    writeFileSync(join(dir, NGINX_FILES.upstream), upstreamConf(this.d, this.down));
  }

  private async startNginx(): Promise<void> {
    const { d } = this;
    const dir = d.layout.nginxDir;
    // nginx makes each temp folder itself, owned by its workers' user.
    mkdirSync(join(dir, 'temp'), { recursive: true });
    writeFileSync(join(dir, NGINX_FILES.main), mainConf(d));
    writeFileSync(join(dir, NGINX_FILES.locations), locationsConf(d));
    this.writeNginxConf();
    nginxCommand(d, ['-t', '-q']);
    say(d, `nginx on ${d.host}:${d.ports.nginx}`);
    this.nginx = this.track(
      startChild('nginx', '/usr/sbin/nginx', ['-c', join(dir, NGINX_FILES.main)], {
        env: {},
        cwd: dir,
        log: join(d.layout.logDir, 'nginx.log'),
      }),
    );
    await waitForHttp(`${this.url}/api/health`, { timeoutMs: 30_000, child: this.nginx });
  }

  /** Takes node `index` out of nginx's rotation (or back in) and reloads nginx gracefully. */
  setNodeDown(index: number, down: boolean): void {
    if (this.mode !== 'cluster' || !this.nginx) return;
    if (down) this.down.add(index);
    else this.down.delete(index);
    this.writeNginxConf();
    nginxCommand(this.d, ['-t', '-q']);
    this.nginx.process.kill('SIGHUP');
  }

  /** kill -9 of node `index`: no drain, no clean-up, its connections cut. */
  killNode(index: number): void {
    const child = this.nodes[index].child;
    if (!child?.process.pid) throw new Error(`node ${index + 1} is not running`);
    child.process.kill('SIGKILL');
  }

  /**
   * Starts node `index` again: out of nginx's rotation while it starts (it answers 503 until ready),
   * back in once /api/health answers. Resolves with the milliseconds that took.
   */
  async restartNode(index: number): Promise<number> {
    const node = this.nodes[index];
    if (node.child) await node.child.exited;
    const started = Date.now();
    this.setNodeDown(index, true);
    node.child = this.spawnNode(index);
    await waitForHttp(`${node.url}/api/health`, { timeoutMs: NODE_READY_MS, child: node.child });
    this.setNodeDown(index, false);
    return Date.now() - started;
  }

  /**
   * PgBouncer's online restart: a new process takes over the listening socket and the client
   * connections; answers the old and the new pid (the new one writes its pid file once it runs).
   */
  async restartPgbouncer(): Promise<{ before: number | null; after: number | null }> {
    const pidFile = join(this.d.layout.pgbouncerDir, 'pgbouncer.pid');
    const before = livePid(pidFile);
    this.startPgbouncer(true);
    let after = livePid(pidFile);
    for (let i = 0; i < 50 && (after === null || after === before); i++) {
      await sleep(100);
      after = livePid(pidFile);
    }
    return { before, after };
  }

  /** Stops the replica (fast shutdown); the nodes must carry on on the primary. */
  stopReplica(): void {
    stopPostgres(this.d.layout.replicaData);
  }

  /** Starts the replica again; it reconnects to the primary through its slot and catches up. */
  startReplica(): void {
    startPostgres(this.d.layout.replicaData, postgresLog(this.d, 'replica'));
  }

  /** Stops everything started, in the reverse order, each step on its own. */
  async stop(): Promise<void> {
    const { d } = this;
    const steps: [string, () => Promise<void> | void][] = [
      ['API nodes', () => Promise.all(this.nodes.map((n) => n.child && stopChild(n.child))).then(() => {})],
      ['nginx', () => this.nginx && stopChild(this.nginx, 'SIGQUIT')],
      ['PgBouncer', () => stopPgbouncer(d)],
      ['replica', () => stopPostgres(d.layout.replicaData)],
      ['primary', () => stopPostgres(d.layout.primaryData)],
      ['others', () => Promise.all(this.children.map((c) => stopChild(c))).then(() => {})],
    ];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        say(d, `stopping ${name}: ${(error as Error).message}`);
      }
    }
  }
}

/** A fresh run folder with the shared JWT secret; an earlier run's folder is cleared first. */
function prepareRunFolder(d: Deployment): void {
  stopLeftovers(d);
  rmSync(d.layout.root, { recursive: true, force: true });
  const { layout } = d;
  for (const dir of [layout.root, layout.logDir, layout.nginxDir, layout.pgbouncerDir, layout.outboxDir])
    mkdirSync(dir, { recursive: true });
  for (const dir of layout.nodeDataDirs) mkdirSync(dir, { recursive: true, mode: 0o700 });
  mkdirSync(join(layout.root, 'secrets'), { recursive: true, mode: 0o700 });
  writeFileSync(layout.jwtSecretFile, randomBytes(48).toString('base64'), { mode: 0o600 });
}

/** Writes `file` for the postgres user (PgBouncer runs as postgres), readable by it only. */
function writeOwnedByPostgres(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  const [uid, gid] = asPostgres('id -u; id -g').trim().split('\n').map(Number);
  chownSync(file, uid, gid);
  chownSync(join(file, '..'), uid, gid);
}

/** Runs nginx with the deployment's main file and `args`; throws with its output on failure. */
function nginxCommand(d: Deployment, args: string[]): void {
  const run = spawnSync('/usr/sbin/nginx', ['-c', join(d.layout.nginxDir, NGINX_FILES.main), ...args], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`nginx ${args.join(' ')}: ${run.stderr}`);
}

/** Stops PgBouncer (SIGINT: waits for the transactions in flight) and waits until it is gone. */
async function stopPgbouncer(d: Deployment): Promise<void> {
  const pid = livePid(join(d.layout.pgbouncerDir, 'pgbouncer.pid'));
  if (!pid) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}
