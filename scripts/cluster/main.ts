/**
 * `npm run cluster [-- --check] [-- --single]`: the deployment a team runs — nginx in front of
 * several API processes, PgBouncer in transaction mode in front of a PostgreSQL primary with a
 * streaming replica, an S3-compatible object store — started on this machine from Debian's packages
 * (installed when missing) and the repository's own code; or, with --check, the proof that it keeps
 * its promises under load while parts of it fail (check.ts).
 *
 * Without --check it prints one line with the URL once everything answers and runs until Ctrl-C
 * (SIGINT or SIGTERM), then stops every process it started and removes its run folder (kept with --keep).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureAdminBuilt, ensureWebBuilt } from '../web-build.ts';
import { runCheck } from './check.ts';
import { RunningDeployment } from './deployment.ts';
import { deploymentOf } from './layout.ts';
import { type ClusterOptions, parseOptions, USAGE, UsageError } from './options.ts';

const REPO_ROOT = join(import.meta.dirname, '../..');
/** Exit status of a check whose deployment could not start (scripts/test.mjs tells it from a failed check). */
const EXIT_NOT_STARTED = 3;
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Installs the Debian packages of the cluster when missing (needs root, or sudo). */
function ensurePackages(): void {
  const run = spawnSync('bash', [join(import.meta.dirname, 'ensure-packages.sh')], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('scripts/cluster/ensure-packages.sh failed');
}

/** The deployment for `options`, the packages and builds it needs in place. */
function prepare(options: ClusterOptions): RunningDeployment {
  if (!options.single) ensurePackages();
  if (options.noBuild) {
    for (const dist of ['apps/web/dist', 'apps/admin/dist'])
      if (!existsSync(join(REPO_ROOT, dist, 'index.html')))
        throw new Error(`--no-build, but ${dist} is not built`);
  } else {
    const env = { ...process.env, PATH: `${join(REPO_ROOT, 'node_modules/.bin')}:${process.env.PATH}` };
    ensureWebBuilt(REPO_ROOT, env);
    ensureAdminBuilt(REPO_ROOT, env);
  }
  const root = process.getuid?.() === 0;
  const d = deploymentOf(options, REPO_ROOT, {
    brotliModule: existsSync(BROTLI_MODULE) ? BROTLI_MODULE : null,
    nginxUser: root ? 'www-data' : null,
  });
  return new RunningDeployment(d, options.single ? 'single' : 'cluster');
}

/** Stops the deployment and removes its folder unless kept. */
async function finish(running: RunningDeployment, options: ClusterOptions): Promise<void> {
  await running.stop();
  if (options.keep) process.stderr.write(`cluster: kept ${options.runDir}\n`);
  else rmSync(options.runDir, { recursive: true, force: true });
}

/** Serves until SIGINT or SIGTERM. */
async function serve(running: RunningDeployment, options: ClusterOptions): Promise<void> {
  // Ctrl-C under npm arrives twice (from the terminal and forwarded by npm): one stop is enough.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void finish(running, options).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await running.start();
  const what =
    running.mode === 'cluster'
      ? `nginx → ${options.nodes} API nodes → PgBouncer → PostgreSQL primary + streaming replica, S3 store`
      : 'one API node on PGlite';
  console.log(
    `玄历 cluster ready: ${running.url}/xuanli/ (${what}; console ${running.url}/admin/; Ctrl-C stops)`,
  );
  await new Promise(() => {});
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  let options: ClusterOptions;
  try {
    options = parseOptions(process.argv.slice(2), process.env, REPO_ROOT);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.check) await check(options);
  else await serveUntilStopped(options);
}

/** Serves until a signal; a failed start stops what was started and fails. */
async function serveUntilStopped(options: ClusterOptions): Promise<void> {
  const running = prepare(options);
  try {
    await serve(running, options);
  } catch (error) {
    await finish(running, options);
    throw error;
  }
}

/** The check: exit status 0 passed, 1 failed, {@link EXIT_NOT_STARTED} when the deployment could not start. */
async function check(options: ClusterOptions): Promise<never> {
  let running: RunningDeployment | null = null;
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    void (running ? finish(running, options) : Promise.resolve()).then(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  let status = EXIT_NOT_STARTED;
  try {
    let started = false;
    try {
      running = prepare(options);
      await running.start();
      started = true;
    } catch (error) {
      // A package missing, no root, a port taken: not a verdict on the code.
      console.error(`cluster: the deployment did not start: ${(error as Error).stack ?? error}`);
    }
    if (started && running) status = (await runCheck(running, options)) ? 0 : 1;
  } finally {
    if (running && !interrupted) await finish(running, options);
  }
  return process.exit(status);
}

main().catch((error: unknown) => {
  console.error(`cluster: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
