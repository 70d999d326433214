/**
 * What the whole e2e run needs once, before any test: Debian's Chromium and the CJK fonts
 * (scripts/ensure-browser.sh), current builds of the web app and the console and the classroom's demo
 * media (scripts/web-build.ts), and the real API server on a free port with a throw-away data folder.
 * The server's address reaches the test workers through E2E_SERVER; the returned function stops it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureAdminBuilt, ensureKetangMedia, ensureWebBuilt } from '../scripts/web-build.ts';
import { SERVER_ENV_KEY, type SharedServer } from './lib/fixtures.ts';
import { SCREENSHOT_DIR } from './lib/harness.ts';
import { startServer } from './lib/server.ts';

const E2E_DIR = import.meta.dirname;
const REPO_ROOT = join(E2E_DIR, '..');
const TMP_DIR = join(E2E_DIR, '.tmp');

/** Builds, starts the server and returns the teardown that stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Build tools and the API must run on the repo's Node 24, whatever `node` is first on the caller's PATH.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${join(REPO_ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
  };
  const started = Date.now();
  mkdirSync(TMP_DIR, { recursive: true });
  // Old pictures would pass for this run's; start clean.
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  const browser = spawnSync('bash', [join(REPO_ROOT, 'scripts/ensure-browser.sh')], {
    env,
    stdio: 'inherit',
  });
  if (browser.status !== 0) throw new Error(`scripts/ensure-browser.sh failed (exit ${browser.status})`);
  ensureWebBuilt(REPO_ROOT, env);
  // The console's tests open /admin/, which the server serves from apps/admin/dist.
  ensureAdminBuilt(REPO_ROOT, env);
  // The classroom's tests play the demo lessons' own videos, which the server seeds from here.
  ensureKetangMedia(REPO_ROOT, { required: true, env });

  // Serve a copy: a colleague's `vite build` empties apps/web/dist while it runs, which would pull
  // the chunks out from under a test half-way through. Named dist so biome's ignore list covers it.
  const webDist = join(TMP_DIR, 'dist');
  rmSync(webDist, { recursive: true, force: true });
  cpSync(join(REPO_ROOT, 'apps/web/dist'), webDist, { recursive: true });

  const server = await startServer({ repoRoot: REPO_ROOT, webDist, logFile: join(TMP_DIR, 'server.log') });
  console.log(`server at ${server.appURL} (log: ${server.logFile})`);
  const shared: SharedServer = {
    origin: server.origin,
    appURL: server.appURL,
    dataDir: server.dataDir,
    env: server.env,
  };
  process.env[SERVER_ENV_KEY] = JSON.stringify(shared);

  return async () => {
    await server.stop();
    console.log(
      `e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${SCREENSHOT_DIR}`,
    );
  };
}
