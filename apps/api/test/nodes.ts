/**
 * Test helper: several API nodes on one database, as behind a load balancer. The first is a
 * {@link buildTestApp} app; the others are apps of their own over the same database — on PostgreSQL
 * each with its own connections (serving pool, change-notice listener, job locks), on PGlite (one
 * process) sharing the embedded database and its in-process notices. They share the test clock and the
 * file storage (as nodes share a bucket).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, type DatabaseTarget, openDatabase } from '../src/db/client.ts';
import { buildTestApp, type TestApp } from './build.ts';

/** Nodes on one database; `t` is the first one's test app (`nodes[0] === t.app`). */
export interface TestNodes {
  t: TestApp;
  nodes: FastifyInstance[];
  close(): Promise<void>;
}

/** Per-node caches on, as in production (the test default turns them off). */
export const NODE_CACHES: Partial<Config> = { authCacheSeconds: 2, cacheSeconds: 300 };

/**
 * `count` nodes with `config` over {@link NODE_CACHES}; on PostgreSQL each further node connects to
 * the first one's database with `links` (e.g. a read replica).
 */
export async function buildTestNodes(
  count: number,
  options: {
    config?: Partial<Config>;
    links?: Extract<DatabaseTarget, { kind: 'postgres' }>['links'];
    logger?: Parameters<typeof buildApp>[0]['logger'];
  } = {},
): Promise<TestNodes> {
  const t = await buildTestApp({ config: { ...NODE_CACHES, ...options.config } });
  const nodes: FastifyInstance[] = [t.app];
  const databases: Database[] = [];
  try {
    for (let i = 1; i < count; i++) {
      let database = t.database;
      if (t.databaseUrl) {
        database = await openDatabase({ kind: 'postgres', url: t.databaseUrl, links: options.links });
        databases.push(database);
      }
      const app = await buildApp({
        db: database.db,
        config: t.config,
        clock: t.clock,
        logger: options.logger ?? false,
        links: await database.nodeLinks(),
      });
      nodes.push(app);
      await app.ready();
    }
  } catch (error) {
    await Promise.allSettled(nodes.slice(1).map((app) => app.close()));
    await Promise.allSettled(databases.map((database) => database.close()));
    await t.close();
    throw error;
  }
  return {
    t,
    nodes,
    async close() {
      await Promise.allSettled(nodes.slice(1).map((app) => app.close()));
      await Promise.allSettled(databases.map((database) => database.close()));
      await t.close();
    },
  };
}

/**
 * Polls `probe` every 20 ms of real time until `done` holds of its answer or `ms` pass; answers the
 * last answer (the caller asserts on it) and how long it took.
 */
export async function within<T>(
  ms: number,
  probe: () => Promise<T>,
  done: (answer: T) => boolean,
): Promise<{ answer: T; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const answer = await probe();
    const elapsedMs = Date.now() - started;
    if (done(answer) || elapsedMs > ms) return { answer, elapsedMs };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
