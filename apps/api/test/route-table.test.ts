/**
 * The API registers exactly the routes of the contracts' route tables (packages/contracts/src/routes):
 * a registered route with no table entry, a table entry with no registered route, or a method or path
 * that differs fails here; so does a route registered other than from its entry (shared/contract-route.ts
 * `addRoute`, which leaves the entry in the route's `config.contract`), or whose schemas are not the
 * entry's (the answer compared as JSON: the route wraps the table's `answer` in the success envelope).
 */
import { okEnvelopeSchema } from '@xuanli/contracts/envelope';
import type { RouteSchemas } from '@xuanli/contracts/route';
import { allRoutes } from '@xuanli/contracts/routes/index';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './build.ts';

/** Every route the app adds, as Fastify hands it to `onRoute` hooks. */
const registered: RouteOptions[] = [];

// The app is built by app.ts with its own Fastify instance: wrap the factory so that instance reports
// each route it adds, with the very schema objects it was given.
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const make = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const factory = (...args: unknown[]) => {
    const app = make(...args);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  };
  return { ...original, default: Object.assign(factory, original.default) };
});

/** Paths outside the wire: the OpenAPI document and swagger-ui, and the built web and console. */
function outsideTheWire(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/docs');
}

interface Registered {
  key: string;
  schema: Record<string, unknown>;
  /** The table entry the route was registered from, if it was. */
  contract: unknown;
}

let t: TestApp;
let routes: Map<string, Registered>;
/** Each route's schemas in the contracts module instance the app was built with. */
let loaded: Map<string, RouteSchemas>;

beforeAll(async () => {
  // The suite shares each worker's modules between files (isolate: false): when another file loaded
  // Fastify first, the mock above would not be in the app. Forgetting the loaded modules makes this
  // file's app import the mocked Fastify afresh.
  vi.resetModules();
  const { buildTestApp } = await import('./build.ts');
  // The tables as the app now holds them (the same module instance the app's routes imported).
  const contracts = await import('@xuanli/contracts/routes/index');
  loaded = new Map(
    contracts.allRoutes().map((entry) => [`${entry.route.method} ${entry.route.path}`, entry.route]),
  );
  t = await buildTestApp();
  routes = new Map();
  for (const route of registered) {
    if (outsideTheWire(route.url)) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const contract = (route.config as { contract?: unknown } | undefined)?.contract;
      routes.set(key, { key, schema: (route.schema ?? {}) as Record<string, unknown>, contract });
    }
  }
});

afterAll(async () => {
  await t?.close();
});

const table = allRoutes().map((entry) => ({ ...entry, key: `${entry.route.method} ${entry.route.path}` }));

/** The success answer the route must register for a table entry. */
function expectedAnswer(route: RouteSchemas): unknown {
  if (route.answer) return okEnvelopeSchema(route.answer);
  return route.reply;
}

/** JSON of a schema (TypeBox's own markers are not enumerable, so only the JSON Schema remains). */
const json = (schema: unknown) => (schema === undefined ? undefined : JSON.parse(JSON.stringify(schema)));

describe('the route tables', () => {
  it('list every route the API registers, and nothing else', () => {
    const declared = new Set(table.map((entry) => entry.key));
    expect(routes.size).toBeGreaterThan(100);
    expect(
      [...routes.keys()].filter((key) => !declared.has(key)),
      'registered, not in a table',
    ).toEqual([]);
    expect(
      table
        .filter((entry) => !routes.has(entry.key))
        .map((entry) => `${entry.domain}.${entry.name} ${entry.key}`),
      'in a table, not registered',
    ).toEqual([]);
  });

  it.each(table.map((entry) => [`${entry.side} ${entry.domain}.${entry.name}`, entry] as const))(
    "%s: the route registers the table's schemas",
    (_name, { key, route }) => {
      const found = routes.get(key);
      if (!found) return; // reported by the test above
      const { schema } = found;
      const response = (schema.response ?? {}) as Record<string, unknown>;
      expect(json(schema.params), 'params').toEqual(json(route.params));
      expect(json(schema.querystring), 'query').toEqual(json(route.query));
      expect(json(schema.body), 'body').toEqual(json(route.body));
      expect(json(response[200]), 'answer').toEqual(json(expectedAnswer(route)));
      if (route.redirect) expect(Object.keys(response)).toContain('302');
      const same = loaded.get(key);
      expect(found.contract === same, 'registered from its table entry (addRoute)').toBe(true);
      expect(schema.params === same?.params, "params is the table's object").toBe(true);
      expect(schema.querystring === same?.query, "query is the table's object").toBe(true);
      expect(schema.body === same?.body, "body is the table's object").toBe(true);
    },
  );
});
