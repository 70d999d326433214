// Builds apps/web into apps/web/dist when the build is missing or older than any of its sources, so
// `npm start` and the e2e run never serve a stale app and never rebuild for nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Runs `vite build` for the web app unless its dist is newer than the web and engine sources. */
export function ensureWebBuild({ force = false } = {}) {
  const dist = join(root, 'apps/web/dist/index.html');
  const sources = Math.max(newest(join(root, 'apps/web')), newest(join(root, 'packages/almanac/src')));
  if (!force && existsSync(dist) && statSync(dist).mtimeMs >= sources) return;
  console.log('building the web app (apps/web → apps/web/dist)…');
  const run = spawnSync('npm', ['run', 'build', '-w', '@xuanli/web'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('web build failed');
}

if (import.meta.url === `file://${process.argv[1]}`)
  ensureWebBuild({ force: process.argv.includes('--force') });
