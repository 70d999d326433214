#!/usr/bin/env node
// The JS a phone downloads for one route, from the Vite manifest of a build (gzip -9 per file, as the
// root benchmark measures it in a browser):
//   critical  the entry, the route's lazy page chunk and every chunk they import statically;
//   total     critical plus what the page prefetches once idle — its dynamic imports (and theirs).
// Usage (from apps/web):
//   node scripts/route-bytes.mjs                      build into dist, then measure the calendar route
//   node scripts/route-bytes.mjs --no-build           measure the existing dist
//   node scripts/route-bytes.mjs --dist /tmp/out      build into / read another folder
//   node scripts/route-bytes.mjs --route src/features/almanac/AlmanacDayPage.tsx
//   node scripts/route-bytes.mjs --budget 130         exit 1 when the total is over (KB, gzip)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const webRoot = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    route: { type: 'string', default: 'src/features/calendar/CalendarPage.tsx' },
    dist: { type: 'string', default: 'dist' },
    'no-build': { type: 'boolean', default: false },
    budget: { type: 'string' },
  },
});
const dist = resolve(webRoot, args.dist);

if (!args['no-build']) {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`no manifest at ${manifestPath}: build with build.manifest (vite.config.ts sets it)`);
  process.exit(1);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
if (!manifest[args.route]) {
  console.error(`${args.route} is not a chunk of this build; lazy pages are:`);
  for (const key of manifest[entryKey].dynamicImports ?? []) console.error(`  ${key}`);
  process.exit(1);
}

/** Adds `key` and everything it imports statically to `into`. */
function withStaticImports(key, into) {
  if (into.has(key)) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) withStaticImports(next, into);
  return into;
}

const critical = withStaticImports(args.route, withStaticImports(entryKey, new Set()));
const prefetched = new Set();
for (const key of critical) {
  // The entry's dynamic imports are the other pages; the route's own are its idle prefetches.
  if (key === entryKey) continue;
  for (const next of manifest[key].dynamicImports ?? []) withStaticImports(next, prefetched);
}
for (const key of critical) prefetched.delete(key);

const gzipOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(7);
let criticalBytes = 0;
let prefetchBytes = 0;
console.log(`route ${args.route} (${dist})`);
for (const [label, keys] of [
  ['critical', critical],
  ['idle prefetch', prefetched],
]) {
  for (const key of keys) {
    const { file } = manifest[key];
    if (!file.endsWith('.js')) continue;
    const bytes = gzipOf(file);
    if (label === 'critical') criticalBytes += bytes;
    else prefetchBytes += bytes;
    console.log(`${kb(bytes)} KB  ${label.padEnd(13)} ${file}`);
  }
}
const total = criticalBytes + prefetchBytes;
console.log(`${kb(criticalBytes)} KB  critical path (gzip -9)`);
console.log(`${kb(total)} KB  total until the network is idle`);
if (args.budget && total / 1024 > Number(args.budget)) {
  console.error(`over budget: ${(total / 1024).toFixed(2)} KB > ${args.budget} KB`);
  process.exit(1);
}
