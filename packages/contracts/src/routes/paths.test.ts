import { describe, expect, it } from 'vitest';
import { WIRE_ROUTES } from './index.ts';
import { APP_ROUTES, CONSOLE_ROUTES } from './paths.ts';

/** A side's tables reduced to what the clients carry: method and path. */
function methodsAndPaths(tables: Record<string, Record<string, { method: string; path: string }>>) {
  return Object.fromEntries(
    Object.entries(tables).map(([domain, table]) => [
      domain,
      Object.fromEntries(Object.entries(table).map(([name, { method, path }]) => [name, { method, path }])),
    ]),
  );
}

describe('the route tables', () => {
  it('paths.ts carries each route of the tables with its method and path (npm run routes rewrites it)', () => {
    expect(APP_ROUTES).toEqual(methodsAndPaths(WIRE_ROUTES.app));
    expect(CONSOLE_ROUTES).toEqual(methodsAndPaths(WIRE_ROUTES.console));
  });

  it('declares each method and path once', () => {
    const keys = [WIRE_ROUTES.app, WIRE_ROUTES.console].flatMap((tables) =>
      Object.values(tables).flatMap((table) =>
        Object.values(table as Record<string, { method: string; path: string }>).map(
          ({ method, path }) => `${method} ${path}`,
        ),
      ),
    );
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});
