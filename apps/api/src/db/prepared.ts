/**
 * Hand-written SQL as a named prepared statement, for the few statements on the busiest paths (order
 * creation, the rate-limit counts). Drizzle's `db.execute(sql…)` rebuilds the text on every call and
 * sends it unnamed, so PostgreSQL parses and plans it each time and the API process writes its whole
 * text to the socket each time — for a statement of a kilobyte or two, a good part of a request's CPU.
 * Here the text is built once (values stay `sql.placeholder`s), and each connection parses and plans
 * it once under its name (node-postgres remembers which connections have it). Behind PgBouncer before
 * 1.21, DATABASE_PREPARED_STATEMENTS=off drops the names at the driver (db/client.ts); PGlite ignores them.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../shared/orders.ts';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** A statement prepared once, run on the database or inside a transaction. */
export interface PreparedSql<Row> {
  /** Runs it with `values` for its placeholders; answers its rows. */
  run(executor: Db | Tx, values: Record<string, unknown>): Promise<Row[]>;
}

/** The rows of a raw result on either driver (node-postgres and PGlite both answer `{rows}`). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Row[];
}

/** `query` (values as `sql.placeholder(name)`) as the prepared statement `name`. */
export function preparedSql<Row>(name: string, query: SQL): PreparedSql<Row> {
  const built = dialect.sqlToQuery(query);
  return {
    async run(executor, values) {
      const prepared = executor._.session.prepareQuery(built, undefined, name, false);
      return rowsOf<Row>(await prepared.execute(values));
    },
  };
}

/**
 * A statement of the query builder (ending in `.prepare(name)`) built once per database: `build` runs
 * on a database's first call, and later calls answer the same prepared query. For statements whose
 * result the builder maps to rows (dates, nested objects), where {@link preparedSql} answers raw rows.
 */
export function preparedPerDatabase<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
