/**
 * Used by `npm start`, the e2e run and the benchmark. Makes sure apps/web/dist is a build of the current sources: the tests must exercise what the code
 * says now, not a build someone made an hour ago. Rebuilding costs ~15 s, so it only happens when a
 * source is newer than the build (or always on CI, where mtimes from a fresh clone mean nothing).
 * The operators' console (apps/admin/dist, served at /admin/) is kept current the same way, and so are
 * the classroom's demo media (apps/api/seed-media/ketang), by the hash of what they are made from.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mediaInputsHash } from '../apps/api/scripts/ketang-media/inputs.ts';

/** Newest modification time under `path` (a file or a folder), ignoring tests and node_modules. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    // Test files are not bundled; editing one must not force a rebuild.
    if (/\.test\.[cm]?[jt]sx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why the web app needs building, or null when dist is current. */
export function staleReason(repoRoot: string): string | null {
  const web = join(repoRoot, 'apps/web');
  const index = join(web, 'dist/index.html');
  if (process.env.CI === 'true') return 'CI=true';
  if (!existsSync(index)) return 'apps/web/dist is missing';
  const built = statSync(index).mtimeMs;
  // The calendar engine is bundled into the web app, so its sources count as web sources.
  const sources = [
    join(web, 'src'),
    join(web, 'public'),
    join(web, 'index.html'),
    join(web, 'vite.config.ts'),
    join(web, 'package.json'),
    join(repoRoot, 'packages/almanac/src'),
  ];
  const newest = Math.max(...sources.map(newestMtime));
  return newest > built ? 'sources are newer than apps/web/dist' : null;
}

/** Builds the web app when stale; throws with the build's output when the build fails. */
export function ensureWebBuilt(repoRoot: string, env: NodeJS.ProcessEnv = process.env): void {
  buildWorkspace(repoRoot, '@xuanli/web', 'the web app', staleReason(repoRoot), env);
}

/** Why the operators' console needs building, or null when apps/admin/dist is current. */
export function adminStaleReason(repoRoot: string): string | null {
  const admin = join(repoRoot, 'apps/admin');
  const index = join(admin, 'dist/index.html');
  if (process.env.CI === 'true') return 'CI=true';
  if (!existsSync(index)) return 'apps/admin/dist is missing';
  // The console bundles the contracts' label files (roles, audit actions, limits).
  const sources = [
    join(admin, 'src'),
    join(admin, 'index.html'),
    join(admin, 'vite.config.ts'),
    join(admin, 'package.json'),
    join(repoRoot, 'packages/contracts/src'),
  ];
  const newest = Math.max(...sources.map(newestMtime));
  return newest > statSync(index).mtimeMs ? 'sources are newer than apps/admin/dist' : null;
}

/** Builds the operators' console when stale; throws with the build's output when the build fails. */
export function ensureAdminBuilt(repoRoot: string, env: NodeJS.ProcessEnv = process.env): void {
  buildWorkspace(repoRoot, '@xuanli/admin', 'the operators console', adminStaleReason(repoRoot), env);
}

function buildWorkspace(
  repoRoot: string,
  workspace: string,
  what: string,
  reason: string | null,
  env: NodeJS.ProcessEnv,
): void {
  if (!reason) return;
  console.log(`building ${what} (${reason}) …`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `${workspace} build failed (exit ${result.status}):\n${(result.stdout ?? '').slice(-3000)}\n${(result.stderr ?? '').slice(-3000)}`,
    );
  }
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Where the demo media generator writes, relative to the repository root. */
const MEDIA_MANIFEST = 'apps/api/seed-media/ketang/manifest.json';

/**
 * Why the classroom's demo media need making, or null when the manifest records the inputs they are
 * made from now (mtimes would not do: a fresh clone touches every file, and making them takes minutes).
 */
export function mediaStaleReason(repoRoot: string): string | null {
  const manifest = join(repoRoot, MEDIA_MANIFEST);
  if (!existsSync(manifest)) return 'apps/api/seed-media/ketang is missing';
  let inputs: unknown;
  try {
    inputs = (JSON.parse(readFileSync(manifest, 'utf8')) as { inputs?: unknown }).inputs;
  } catch {
    return 'its manifest is unreadable';
  }
  return inputs === mediaInputsHash(repoRoot) ? null : 'its lectures or generator changed';
}

/**
 * Makes the classroom's demo media when stale: installs ffmpeg, espeak-ng and the CJK fonts with apt
 * when missing (scripts/ensure-media-tools.sh), then runs the generator, which re-makes only the lessons
 * that changed. `required` (the e2e run) throws when that fails; `npm start` warns and starts anyway —
 * with the media it has, or without demo courses — since the rest of the app does not need them.
 */
export function ensureKetangMedia(
  repoRoot: string,
  { required = false, env = process.env }: { required?: boolean; env?: NodeJS.ProcessEnv } = {},
): void {
  const reason = mediaStaleReason(repoRoot);
  if (!reason) return;
  console.log(`making the classroom's demo media (${reason}) …`);
  const started = Date.now();
  const steps: [string, string[]][] = [
    ['bash', [join(repoRoot, 'scripts/ensure-media-tools.sh')]],
    [process.execPath, [join(repoRoot, 'apps/api/scripts/make-ketang-media.ts')]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
    if (result.status === 0) continue;
    const failure = `${args[0]} failed (exit ${result.status ?? result.signal})`;
    if (required) throw new Error(failure);
    console.warn(`${failure}: starting without new demo media`);
    return;
  }
  console.log(`demo media made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
