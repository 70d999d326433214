/**
 * The process: read the configuration, take the port, open and migrate the database, seed demo data,
 * serve, and close cleanly on SIGINT/SIGTERM so that in-flight requests finish, PGlite flushes to disk
 * and the data folder's lock is released.
 *
 * The port comes first: a second server started by mistake on a port in use fails before it touches
 * the data folder, and while the database opens (PGlite's first start takes seconds) requests get a
 * quick 503 instead of a refused connection. So the app's and the drivers' code, which take seconds to
 * load on a busy machine, are imported only once the port is bound. The listening server is Node's
 * own, created with the process's time-outs (http-server.ts); once the app is ready its requests go to Fastify's
 * router (`app.routing`).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, loadTimeouts } from './config.ts';
import type { Database } from './db/client.ts';
import { DATABASE_FOLDER, DataFolderError, preflightDataFolder } from './db/data-folder.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { createHttpServer, handOver } from './http-server.ts';
import { assertProductionReady } from './production.ts';
import { systemClock } from './shared/clock.ts';

// A stuck connection must not keep a stopping process alive forever.
const SHUTDOWN_GRACE_MS = 10_000;

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new ConfigError(
            `port ${port} on ${host} is already in use (another server?); set PORT to a free one`,
          ),
        );
      } else reject(error);
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * Closes in order: no new connections; requests in flight finish (Fastify answers any that still
 * arrive on open connections 503 with `Connection: close`); then the database, which releases the
 * data folder's lock.
 */
async function shutdown(server: Server, app?: FastifyInstance, database?: Database): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // close() waits for every open connection; the kept-alive ones are closed as soon as they fall idle.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  try {
    server.closeIdleConnections();
    await app?.close();
    await closed;
  } finally {
    clearInterval(idle);
  }
  await database?.close();
}

async function main(): Promise<void> {
  // What this process creates (the secret, the lock, the database's files) is for its own user only.
  process.umask(0o077);
  const config = loadConfig();
  // Before the port and the data folder: a production server on development settings never serves.
  assertProductionReady(config, process.env);
  const timeouts = loadTimeouts();
  const server = createHttpServer(timeouts);
  await listen(server, config.port, config.host);
  // A data folder in use or damaged is refused now, before seconds of loading the app's code.
  if (!config.databaseUrl) {
    try {
      preflightDataFolder(config.dataDir, join(config.dataDir, DATABASE_FOLDER));
    } catch (error) {
      server.close();
      throw error;
    }
  }

  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let ready = false;
  let signalled = false;
  let stopping = false;

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      console.error('玄历 API: shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await shutdown(server, app, database);
      process.exit(0);
    } catch (error) {
      console.error('玄历 API: shutdown failed', error);
      process.exit(1);
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    // Repeats are ignored: Ctrl-C under `npm start` arrives twice (from the terminal and forwarded by
    // scripts/start.mjs), and exiting on the second would cut PGlite off before it flushes. A stop is
    // bounded by the grace time-out once serving, by the current step while starting.
    if (signalled) return;
    signalled = true;
    if (app) app.log.info({ signal }, 'shutting down');
    else console.error(`玄历 API: ${signal}, stopping after the current start-up step`);
    // While starting: accept no new connections, finish the current step, then stop (below).
    if (ready) void stop();
    else server.close();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // A signal meanwhile stops the start between steps, never inside one: PGlite must not be cut off
  // half-way through its initdb.
  try {
    const [{ databaseTargetOf, openDatabase }, { seedDatabase }, { buildApp }, { createFileStorage }] =
      await Promise.all([
        import('./db/client.ts'),
        import('../seed/index.ts'),
        import('./app.ts'),
        import('./shared/storage.ts'),
      ]);
    database = await openDatabase(databaseTargetOf(config, timeouts));
    if (!signalled) await database.migrate();
    if (!signalled) {
      // The demo pictures go to the storage the app serves `/api/files/…` from.
      const storage = createFileStorage(config.storage);
      try {
        await seedDatabase(database.db, storage, { ketangMediaDir: config.demoMediaDir });
      } finally {
        await storage.close();
      }
    }
    if (!signalled) {
      // Replica reads, change notices and job locks for running beside other nodes (db/client.ts).
      const links = await database.nodeLinks();
      app = await buildApp({ db: database.db, config, clock: systemClock, links });
      await app.ready();
    }
  } catch (error) {
    await shutdown(server, app, database).catch(() => {});
    throw error;
  }
  if (signalled || !app) return stop();
  handOver(server, app);
  ready = true;
  const { port } = server.address() as AddressInfo;
  app.log.info({ database: database.kind }, `listening at http://${config.host}:${port}`);
}

main().catch((error: unknown) => {
  // What the operator can fix (a setting, the data folder, the database's address) is said without a
  // stack trace.
  if (error instanceof ConfigError || error instanceof DataFolderError)
    console.error(`玄历 API: ${error.message}`);
  else if (isDatabaseUnavailable(error)) {
    console.error(`玄历 API: the database did not answer: ${(error as Error).message}`);
  } else console.error(error);
  process.exit(1);
});
