/**
 * What `npm run cluster [-- …]` was asked for, and where each part of the deployment listens. Pure:
 * the tests read the plan without starting anything.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** The command line, parsed. */
export interface ClusterOptions {
  /** Run the proof (load, faults, checks) and exit with its verdict, instead of serving until Ctrl-C. */
  check: boolean;
  /** One API node on the embedded PGlite and local files: no nginx, PgBouncer, replica or object store. */
  single: boolean;
  /** Seconds of load in the check. */
  seconds: number;
  /** Keep the run folder (logs, databases, configuration) after stopping. */
  keep: boolean;
  /** The first port of the block the deployment takes (see {@link portPlan}). */
  basePort: number;
  /** API processes behind nginx. */
  nodes: number;
  /** Scripted clients of the check, each with its own address (a phone of its own). */
  clients: number;
  /** Seconds the replica is stopped during the check (shortened when the run is short). */
  replicaOutageSeconds: number;
  /** How long after a `kill -9` answers of 5xx are still put down to the killed node's connections. */
  killGraceMs: number;
  /** The run folder: configuration, data folders and logs of every process. */
  runDir: string;
  /** Use the web and console builds as they are (scripts/test.mjs, right after the e2e run built them). */
  noBuild: boolean;
}

/** The block of ports: nginx, the API nodes, PgBouncer, the primary, the replica, the object store. */
export interface PortPlan {
  nginx: number;
  nodes: number[];
  pgbouncer: number;
  primary: number;
  replica: number;
  s3: number;
}

/** Thrown for a command line that cannot run; main prints the message and the usage. */
export class UsageError extends Error {}

export const USAGE = `usage: npm run cluster [-- options]

  (no option)            start nginx, the API nodes, PgBouncer, a PostgreSQL primary with a streaming
                         replica and an S3-compatible store; print the URL; Ctrl-C stops everything
  --check                the proof: mixed load through nginx with a node killed, PgBouncer restarted and
                         the replica stopped meanwhile, then the checks; exit status 1 on a failure
  --single               one API node on the embedded PGlite (with --check: the same proof, no cluster)
  --seconds N            seconds of load in the check (default 180)
  --clients N            scripted clients, each from its own loopback address (default 48)
  --nodes N              API nodes behind nginx (default 3)
  --replica-outage N     seconds the replica stays stopped during the check (default 30)
  --kill-grace-ms N      5xx allowed this long after a node is killed (default 2000)
  --base-port N          first of the ports used: nginx N, nodes N+1…, PgBouncer N+10, primary N+11,
                         replica N+12, object store N+13 (default 18700, or CLUSTER_BASE_PORT)
  --run-dir DIR          where configuration, data and logs go (default .cluster)
  --keep                 keep the run folder after stopping
  --no-build             use apps/web/dist and apps/admin/dist as they are (they must exist)`;

const DEFAULTS = {
  seconds: 180,
  basePort: 18700,
  nodes: 3,
  clients: 48,
  replicaOutageSeconds: 30,
  killGraceMs: 2000,
};

function integerOption(name: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw)) throw new UsageError(`${name} needs a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new UsageError(`${name} must be between ${min} and ${max}`);
  return value;
}

/**
 * `parseArgs`' reading of `argv`: `switches` without a value, `valued` options with one (`--x v` or
 * `--x=v`). Not strict, so that the refusals above name the option in our own words.
 */
function commandLine(argv: string[], switches: string[], valued: string[]) {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of switches) options[name] = { type: 'boolean' };
  for (const name of valued) options[name] = { type: 'string' };
  return parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true }).tokens;
}

/** Parses the arguments after `npm run cluster --`; `env` gives CLUSTER_BASE_PORT, `cwd` anchors --run-dir. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, cwd: string): ClusterOptions {
  const options: ClusterOptions = {
    check: false,
    single: false,
    keep: false,
    noBuild: false,
    ...DEFAULTS,
    basePort: env.CLUSTER_BASE_PORT
      ? integerOption('CLUSTER_BASE_PORT', env.CLUSTER_BASE_PORT, 1024, 65_000)
      : DEFAULTS.basePort,
    runDir: resolve(cwd, '.cluster'),
  };
  const numbers: Record<string, [keyof ClusterOptions, number, number]> = {
    seconds: ['seconds', 5, 24 * 3600],
    clients: ['clients', 1, 2000],
    nodes: ['nodes', 1, 9],
    'replica-outage': ['replicaOutageSeconds', 1, 3600],
    'kill-grace-ms': ['killGraceMs', 0, 60_000],
    'base-port': ['basePort', 1024, 65_000],
  };
  const switches: Record<string, 'check' | 'single' | 'keep' | 'noBuild'> = {
    check: 'check',
    single: 'single',
    keep: 'keep',
    'no-build': 'noBuild',
  };
  for (const token of commandLine(argv, Object.keys(switches), ['run-dir', ...Object.keys(numbers)])) {
    if (token.kind === 'positional') throw new UsageError(`unknown option ${token.value}`);
    if (token.kind !== 'option') continue;
    const { name, rawName, value } = token;
    if (name in switches && value === undefined) options[switches[name]] = true;
    else if (name in switches) throw new UsageError(`${rawName} takes no value`);
    else if (name === 'run-dir') {
      if (!value) throw new UsageError('--run-dir needs a folder');
      options.runDir = resolve(cwd, value);
    } else if (name in numbers) {
      const [key, min, max] = numbers[name];
      (options as unknown as Record<string, number>)[key] = integerOption(rawName, value, min, max);
    } else throw new UsageError(`unknown option ${rawName}`);
  }
  if (options.single) options.nodes = 1;
  return options;
}

/** The ports of a deployment starting at `basePort` with `nodes` API processes. */
export function portPlan(basePort: number, nodes: number): PortPlan {
  return {
    nginx: basePort,
    nodes: Array.from({ length: nodes }, (_, i) => basePort + 1 + i),
    pgbouncer: basePort + 10,
    primary: basePort + 11,
    replica: basePort + 12,
    s3: basePort + 13,
  };
}
