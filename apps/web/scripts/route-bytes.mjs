#!/usr/bin/env node
// The JS a phone downloads for one route, from the Vite manifest of a build (gzip -9 per file, as the
// root benchmark measures it in a browser):
//   critical  the entry, the route's lazy page chunk and every chunk they import statically;
//   total     critical plus what the page prefetches once idle — its dynamic imports (and theirs),
//             except the few it imports only on a tap (ON_TAP below), which are listed apart.
// Usage (from apps/web):
//   node scripts/route-bytes.mjs                      build into dist, then measure the calendar route
//   node scripts/route-bytes.mjs --no-build           measure the existing dist
//   node scripts/route-bytes.mjs --dist /tmp/out      build into / read another folder
//   node scripts/route-bytes.mjs --route src/features/almanac/AlmanacDayPage.tsx
//   node scripts/route-bytes.mjs --budget 130         print `BUDGET MISSED: …` and exit 1 when the total
//                                                     is over (KB, gzip)
// The root benchmark (scripts/bench-app.mjs --budgets) imports `routeBytes` from here.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const webRoot = new URL('..', import.meta.url).pathname;

/** The landing page: its route is the one with a byte budget (130 KB gzip, README). */
const CALENDAR_ROUTE = 'src/features/calendar/CalendarPage.tsx';

/**
 * Modules a page imports only when the reader taps something — never when the browser is idle —, so
 * the route does not download them: left out of `total` and reported as `onTap`. Each entry must stay
 * true: e2e/tests/15-zeri.test.ts checks in the browser that the 拼假 sheet's chunk is requested only
 * after the tap on the day card's hint.
 */
export const ON_TAP = new Set(['src/features/calendar/PinjiaSheet.tsx']);

/**
 * The gzip -9 bytes of every JS file `route` loads in the build at `dist` (a Vite build with
 * `build.manifest`): `critical` (entry, page and their static imports) and `prefetched` (the page's
 * idle prefetches), each `{ file, bytes }`, plus their sums; `onTap` lists what the page loads only on a
 * tap ({@link ON_TAP}), outside the sums.
 */
export function routeBytes(dist, route = CALENDAR_ROUTE) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`no manifest at ${manifestPath}: build with build.manifest (vite.config.ts sets it)`);
  /** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  if (!manifest[route]) {
    const pages = (manifest[entryKey].dynamicImports ?? []).map((key) => `  ${key}`).join('\n');
    throw new Error(`${route} is not a chunk of this build; lazy pages are:\n${pages}`);
  }

  /** Adds `key` and everything it imports statically to `into`. */
  const withStaticImports = (key, into) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key].imports ?? []) withStaticImports(next, into);
    return into;
  };
  const criticalKeys = withStaticImports(route, withStaticImports(entryKey, new Set()));
  const prefetchedKeys = new Set();
  const onTapKeys = new Set();
  for (const key of criticalKeys) {
    // The entry's dynamic imports are the other pages; the route's own are its idle prefetches, but
    // for those it makes only on a tap.
    if (key === entryKey) continue;
    for (const next of manifest[key].dynamicImports ?? [])
      withStaticImports(next, ON_TAP.has(next) ? onTapKeys : prefetchedKeys);
  }
  for (const key of criticalKeys) {
    prefetchedKeys.delete(key);
    onTapKeys.delete(key);
  }
  for (const key of prefetchedKeys) onTapKeys.delete(key);

  const weigh = (keys) =>
    [...keys]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, bytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
  const critical = weigh(criticalKeys);
  const prefetched = weigh(prefetchedKeys);
  const onTap = weigh(onTapKeys);
  const sum = (files) => files.reduce((total, { bytes }) => total + bytes, 0);
  const criticalBytes = sum(critical);
  return { critical, prefetched, onTap, criticalBytes, total: criticalBytes + sum(prefetched) };
}

if (import.meta.main) {
  const { values: args } = parseArgs({
    options: {
      route: { type: 'string', default: CALENDAR_ROUTE },
      dist: { type: 'string', default: 'dist' },
      'no-build': { type: 'boolean', default: false },
      budget: { type: 'string' },
    },
  });
  const dist = resolve(webRoot, args.dist);

  if (!args['no-build']) {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: webRoot, stdio: 'inherit' },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  let result;
  try {
    result = routeBytes(dist, args.route);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(7);
  console.log(`route ${args.route} (${dist})`);
  for (const { file, bytes } of result.critical) console.log(`${kb(bytes)} KB  critical      ${file}`);
  for (const { file, bytes } of result.prefetched) console.log(`${kb(bytes)} KB  idle prefetch ${file}`);
  for (const { file, bytes } of result.onTap) console.log(`${kb(bytes)} KB  on a tap only ${file}`);
  console.log(`${kb(result.criticalBytes)} KB  critical path (gzip -9)`);
  console.log(`${kb(result.total)} KB  total until the network is idle`);
  if (args.budget && result.total / 1024 > Number(args.budget)) {
    console.log(
      `BUDGET MISSED: route ${args.route} JS: ${(result.total / 1024).toFixed(2)} KB gzip, target ≤ ${args.budget} KB`,
    );
    process.exit(1);
  }
}
