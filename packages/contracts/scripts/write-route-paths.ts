/**
 * Writes src/routes/paths.ts, the run-time half of the route tables (each route's method and path,
 * nothing of TypeBox), from src/routes/index.ts. Run after adding or changing a route:
 * `npm run routes -w @xuanli/contracts`. src/routes/paths.test.ts fails while the file is stale.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WIRE_ROUTES } from '../src/routes/index.ts';

const target = fileURLToPath(new URL('../src/routes/paths.ts', import.meta.url));

/** `{method, path}` of each route of a side's tables, as TypeScript source. */
function sideSource(tables: Record<string, Record<string, { method: string; path: string }>>): string {
  const domains = Object.entries(tables).map(([domain, table]) => {
    const routes = Object.entries(table).map(
      ([name, route]) => `    ${name}: { method: '${route.method}', path: '${route.path}' },`,
    );
    return `  ${domain}: {\n${routes.join('\n')}\n  },`;
  });
  return `{\n${domains.join('\n')}\n}`;
}

const source = `/**
 * The run-time half of the route tables: each route's method and path, typed with its schemas (as
 * types only) so a call through it is checked. Written by scripts/write-route-paths.ts from
 * routes/index.ts; do not edit by hand (paths.test.ts fails when this file and the tables disagree).
 */
import type { RouteRefs } from '../route.ts';
import type { WIRE_ROUTES } from './index.ts';

type Wire = typeof WIRE_ROUTES;

/** The app's routes by domain. */
export const APP_ROUTES: { readonly [D in keyof Wire['app']]: RouteRefs<Wire['app'][D]> } = ${sideSource(WIRE_ROUTES.app)};

/** The console's routes by domain. */
export const CONSOLE_ROUTES: { readonly [D in keyof Wire['console']]: RouteRefs<Wire['console'][D]> } = ${sideSource(WIRE_ROUTES.console)};
`;

writeFileSync(target, source);
execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'inherit' });
