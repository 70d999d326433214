/**
 * What the console's services are built from, and the row types they pass around.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { operators } from './schema.ts';

/** What the console's services need: the database, the clock, and the settings they read. */
export interface ConsoleDeps {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    'jwtSecret' | 'tokenTtlSeconds' | 'rateBudgets' | 'adminLoginSlowdown' | 'passwordHashing'
  >;
}

/** An operator row. */
export type OperatorRow = typeof operators.$inferSelect;
