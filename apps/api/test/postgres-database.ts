/**
 * Test helper: a database of its own on a test PostgreSQL server (TEST_DATABASE_URL), for one test app
 * or one server process: a copy of the run's migrated and seeded template (test/global-setup.ts), or
 * an empty database for a test file run outside the global setup. Its name carries the run's prefix,
 * so that the global setup of a later run drops what a crashed run left behind.
 */
import { randomBytes } from 'node:crypto';
import {
  databaseUrl,
  dropDatabase,
  PG_DATABASE_PREFIX,
  PG_TEMPLATE_ENV,
  quoteIdent,
  RUN_ENV,
  withAdmin,
} from './global-setup.ts';

/** A database made by {@link createTestPostgres}. */
export interface TestPostgres {
  /** Its URL, on the server it was made on. */
  url: string;
  /** Whether it is a copy of the run's template (false: empty, to be migrated and seeded). */
  seeded: boolean;
  /** Drops it, ending the connections still open to it. */
  drop(): Promise<void>;
}

/** A new database on the PostgreSQL server at `serverUrl`, copied from the run's template when there is one. */
export async function createTestPostgres(serverUrl: string): Promise<TestPostgres> {
  const run = process.env[RUN_ENV] ?? String(process.pid);
  const template = process.env[PG_TEMPLATE_ENV];
  const name = `${PG_DATABASE_PREFIX}${run}_${randomBytes(6).toString('hex')}`;
  // FILE_COPY copies the template's files instead of writing all of them through the WAL (PostgreSQL's
  // default since 15, meant for large templates): 27 against 44 ms a copy of the 10 MB template here,
  // and its drop 11 against 19 ms.
  await withAdmin(serverUrl, (client) =>
    client.query(
      `create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)} strategy file_copy` : ''}`,
    ),
  );
  return {
    url: databaseUrl(serverUrl, name),
    seeded: Boolean(template),
    drop: () => withAdmin(serverUrl, (client) => dropDatabase(client, name)),
  };
}
