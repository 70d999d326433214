#!/usr/bin/env node
// The JS a phone downloads for one route, from the Vite manifest of a build (gzip -9 per file, as the
// root benchmark measures it in a browser):
//   critical  the entry, the route's lazy page chunk and every chunk they import statically;
//   total     critical plus what the page prefetches once idle — its dynamic imports (and theirs),
//             except the few it imports only on a tap or on a festival's days (ON_DEMAND below),
//             which are listed apart.
// Usage (from apps/web):
//   node scripts/route-bytes.mjs                      build into dist, then measure the calendar route
//   node scripts/route-bytes.mjs --no-build           measure the existing dist
//   node scripts/route-bytes.mjs --dist /tmp/out      build into / read another folder
//   node scripts/route-bytes.mjs --route src/features/almanac/AlmanacDayPage.tsx
//   node scripts/route-bytes.mjs --budget 131         print `BUDGET MISSED: …` and exit 1 when the total
//                                                     is over (KB, gzip)
// The root benchmark (scripts/bench-app.mjs --budgets) imports `routeBytes` from here.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const webRoot = new URL('..', import.meta.url).pathname;

/** The landing page: its route is the one with a byte budget (131 KB gzip, scripts/bench-app.mjs). */
const CALENDAR_ROUTE = 'src/features/calendar/CalendarPage.tsx';

/**
 * Modules a page imports only when the reader taps something, or only on the few days that show them —
 * never when the browser is idle —, so the route does not download them on an ordinary day: left out
 * of `total` and reported apart (`onDemand`, each with when it loads). Each entry must stay true:
 * e2e/tests/15-zeri.test.ts checks in the browser that the 拼假 sheet's chunk is requested only after
 * the tap on the day card's hint, and the calendar's tests that the hint itself (its chunk loaded by
 * src/features/calendar/DayCard.tsx on a festival's 休 or 班 day, about 0.6 KB) shows on those days.
 */
export const ON_DEMAND = new Map([
  ['src/features/calendar/PinjiaSheet.tsx', 'on a tap only'],
  ['src/features/calendar/PinjiaHint.tsx', 'festival days'],
]);

/**
 * The gzip -9 bytes of every JS file `route` loads in the build at `dist` (a Vite build with
 * `build.manifest`): `critical` (entry, page and their static imports) and `prefetched` (the page's
 * idle prefetches), each `{ file, bytes }`, plus their sums; `onDemand` lists what the page loads only on
 * a tap or on certain days ({@link ON_DEMAND}), each `{ file, bytes, when }`, outside the sums.
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
  /** Module key → when it loads, for what only a tap or a day brings (and what it imports). */
  const onDemandKeys = new Map();
  /** Adds the dynamic imports of `key` to the prefetched set or, for those loaded on demand, to theirs. */
  const followDynamic = (key, when) => {
    for (const next of manifest[key].dynamicImports ?? []) {
      const nextWhen = ON_DEMAND.get(next) ?? when;
      if (!nextWhen) {
        withStaticImports(next, prefetchedKeys);
        continue;
      }
      if (onDemandKeys.has(next)) continue;
      for (const loaded of withStaticImports(next, new Set()))
        if (!onDemandKeys.has(loaded)) onDemandKeys.set(loaded, nextWhen);
      // What an on-demand module imports lazily in turn comes later still.
      followDynamic(next, nextWhen);
    }
  };
  // The entry's dynamic imports are the other pages; the route's own are its idle prefetches, but
  // for those it makes only on a tap or a day.
  for (const key of criticalKeys) if (key !== entryKey) followDynamic(key);
  for (const key of prefetchedKeys) if (!criticalKeys.has(key)) followDynamic(key);
  for (const key of [...criticalKeys, ...prefetchedKeys]) onDemandKeys.delete(key);
  for (const key of criticalKeys) prefetchedKeys.delete(key);

  const weigh = (keys) =>
    [...keys]
      .filter((key) => manifest[key].file.endsWith('.js'))
      .map((key) => {
        const file = manifest[key].file;
        return { key, file, bytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length };
      });
  const critical = weigh(criticalKeys).map(({ file, bytes }) => ({ file, bytes }));
  const prefetched = weigh(prefetchedKeys).map(({ file, bytes }) => ({ file, bytes }));
  const onDemand = weigh(onDemandKeys.keys()).map(({ key, file, bytes }) => ({
    file,
    bytes,
    when: onDemandKeys.get(key),
  }));
  const sum = (files) => files.reduce((total, { bytes }) => total + bytes, 0);
  const criticalBytes = sum(critical);
  return { critical, prefetched, onDemand, criticalBytes, total: criticalBytes + sum(prefetched) };
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
  for (const { file, bytes, when } of result.onDemand)
    console.log(`${kb(bytes)} KB  ${when.padEnd(13)} ${file}`);
  console.log(`${kb(result.criticalBytes)} KB  critical path (gzip -9)`);
  console.log(`${kb(result.total)} KB  total until the network is idle`);
  if (args.budget && result.total / 1024 > Number(args.budget)) {
    console.log(
      `BUDGET MISSED: route ${args.route} JS: ${(result.total / 1024).toFixed(2)} KB gzip, target ≤ ${args.budget} KB`,
    );
    process.exit(1);
  }
}
