/**
 * The process: read the configuration, open and migrate the database, seed demo data, listen, and
 * close cleanly on SIGINT/SIGTERM so that in-flight requests finish and PGlite flushes to disk.
 */
import { buildApp } from './app.ts';
import { systemClock } from './shared/clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseTargetOf, openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';

// A stuck connection must not keep a stopping process alive forever.
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(databaseTargetOf(config));
  await database.migrate();
  await seedDatabase(database.db);
  const app = await buildApp({ db: database.db, config, clock: systemClock });
  app.log.info({ database: database.kind }, 'database ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  if (error instanceof ConfigError) console.error(`玄历 API: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
