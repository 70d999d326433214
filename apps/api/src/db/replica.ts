/**
 * Reads from a streaming replica (DATABASE_REPLICA_URL). The app's `readDb` is a Drizzle database
 * over a {@link ReadRoutingPool}: each statement goes to the replica when it is up, not lagging and
 * has replayed the last change this node heard of, and to the primary otherwise. Only reads the code
 * marks as such use it (the catalogue, articles, course lists, the holiday table); a buyer's own
 * orders, what a user owns and everything inside a transaction read the primary, so a caller always
 * sees its own writes.
 *
 * - **Down**: a replica that does not connect within DATABASE_REPLICA_CONNECT_TIMEOUT_MS (or fails a
 *   statement with a connection error) sends reads to the primary — the failed statement is retried
 *   there — until a check, at most once a second, finds it back. Logged once per outage.
 * - **Lagging**: the same check reads how far behind it is (`pg_last_xact_replay_timestamp()` unless it
 *   has replayed all it received); past DATABASE_REPLICA_MAX_LAG_MS reads go to the primary. Logged once.
 * - **Fenced**: per-node caches refill right after a change notice (db/listener.ts), and a lagging
 *   replica would hand them the old rows to keep until the next notice. So each batch of notices
 *   carries the primary's WAL position, and until the replica has replayed it reads go to the primary.
 *   A server that is not a standby (a copy used as a stand-in) is never behind.
 */
import pg from 'pg';
import type { LinkLog } from './listener.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** What a check learns from the replica. */
export interface ReplicaState {
  /** pg_is_in_recovery(): false for a server that is not a standby. */
  standby: boolean;
  /** pg_last_wal_replay_lsn(), null when not a standby. */
  replayedLsn: string | null;
  /** How far behind the primary it is, 0 when it has replayed everything it received. */
  lagMs: number;
}

/** The part of a pg pool the router uses. */
export interface QueryablePool {
  query(config: unknown, values?: unknown): Promise<unknown>;
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

/** How the router is built (tests give it stand-ins for the pools and the check). */
export interface ReadRouterOptions {
  primary: QueryablePool;
  replica: QueryablePool;
  /** Reads the replica's state; a rejection means it is down. */
  probe: () => Promise<ReplicaState>;
  maxLagMs: number;
  /** How old a check may be before the next read starts another; default 1000 ms. */
  recheckMs?: number;
  /** Real time in ms (the health of a connection is not the app's business clock). */
  now?: () => number;
}

/** The router: the pool to build `readDb` on, the fence the listener moves, and its lifecycle. */
export interface ReadRouter {
  pool: ReadRoutingPool;
  /** A change committed at or before `lsn` (null: at an unknown position) must not be read from the replica. */
  fence(lsn: string | null): void;
  /** Which server the next read would go to (for the health route and tests). */
  target(): 'replica' | 'primary';
  useLog(log: LinkLog): void;
  /** Closes the replica's connections (the primary's pool belongs to the serving database). */
  close(): Promise<void>;
}

/** A WAL position 'X/Y' as a number that orders like it. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/**
 * The pool Drizzle sees for `readDb`. Its class name ends in Pool on purpose: Drizzle's node-postgres
 * session takes a connection with `connect()` for a transaction only from a pool, and the router's
 * transactions belong on the primary.
 */
export class ReadRoutingPool {
  readonly #route: (config: unknown, values?: unknown) => Promise<unknown>;
  readonly #primary: QueryablePool;
  constructor(route: (config: unknown, values?: unknown) => Promise<unknown>, primary: QueryablePool) {
    this.#route = route;
    this.#primary = primary;
  }
  query(config: unknown, values?: unknown): Promise<unknown> {
    return this.#route(config, values);
  }
  connect(): Promise<pg.PoolClient> {
    return this.#primary.connect();
  }
}

type Health = 'unknown' | 'ok' | 'lagging' | 'down';

/** A router over `options.primary` and `options.replica`; see the module comment. */
export function createReadRouter(options: ReadRouterOptions): ReadRouter {
  const now = options.now ?? (() => performance.timeOrigin + performance.now());
  const recheckMs = options.recheckMs ?? 1000;
  let health: Health = 'unknown';
  let state: ReplicaState | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;
  let fenceLsn: bigint | null = null;
  let fencedUntil = Number.NEGATIVE_INFINITY;
  let log: LinkLog | undefined;

  function become(next: Health, detail: object) {
    if (next === health) return;
    const was = health;
    health = next;
    if (next === 'down') log?.warn(detail, 'read replica unavailable; reads go to the primary');
    else if (next === 'lagging') log?.warn(detail, 'read replica behind; reads go to the primary');
    else if (next === 'ok' && was !== 'unknown') log?.info(detail, 'read replica back; reads go to it');
  }

  function check(): Promise<void> {
    checking ??= options
      .probe()
      .then((seen) => {
        state = seen;
        become(seen.lagMs > options.maxLagMs ? 'lagging' : 'ok', { lagMs: Math.round(seen.lagMs) });
      })
      .catch((error: unknown) => become('down', { err: (error as Error).message }))
      .finally(() => {
        checkedAt = now();
        checking = null;
      });
    return checking;
  }

  function caughtUp(): boolean {
    if (fenceLsn === null || !state?.standby) return true;
    if (state.replayedLsn === null || lsnValue(state.replayedLsn) < fenceLsn) return false;
    fenceLsn = null;
    return true;
  }

  function target(): 'replica' | 'primary' {
    const at = now();
    if (!checking && at - checkedAt >= recheckMs) void check();
    if (health !== 'ok' || at < fencedUntil) return 'primary';
    if (caughtUp()) return 'replica';
    // Behind the last change heard of: ask again soon rather than in a second.
    if (!checking) void check();
    return 'primary';
  }

  async function route(config: unknown, values?: unknown): Promise<unknown> {
    if (target() === 'replica') {
      try {
        return await options.replica.query(config, values);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        checkedAt = now();
        become('down', { err: (error as Error).message });
      }
    }
    return options.primary.query(config, values);
  }

  return {
    pool: new ReadRoutingPool(route, options.primary),
    fence(lsn) {
      if (lsn === null) {
        fencedUntil = now() + Math.max(options.maxLagMs, recheckMs);
        return;
      }
      const value = lsnValue(lsn);
      if (fenceLsn === null || value > fenceLsn) fenceLsn = value;
    },
    target,
    useLog(next) {
      log = next;
    },
    async close() {
      await checking;
      await options.replica.end();
    },
  };
}

/** The replica's state as {@link ReplicaState}: one statement, cheap on a standby and on a primary. */
const PROBE_SQL = `select pg_is_in_recovery() as standby,
  pg_last_wal_replay_lsn()::text as replayed,
  (case when not pg_is_in_recovery() then 0
        when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
        else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0)
   end)::float8 as lag_ms`;

/** The replica's connection settings. */
export interface ReplicaSettings {
  url: string;
  /** Opening a connection, and each statement of the check, may take this long. */
  connectTimeoutMs: number;
  maxLagMs: number;
  /** The serving pool's statement time-out, applied on the replica too. */
  queryTimeoutMs: number;
  /** A pg Client class (the prepared-statements switch of db/client.ts). */
  Client?: typeof pg.Client;
}

/** A router over the serving `primary` pool and a new pool on the replica at `settings.url`. */
export function replicaRouter(primary: pg.Pool, settings: ReplicaSettings): ReadRouter {
  const replica = new pg.Pool({
    connectionString: settings.url,
    max: 10,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.queryTimeoutMs,
    query_timeout: settings.queryTimeoutMs + 1000,
    keepAlive: true,
    application_name: 'xuanli-replica-reads',
    ...(settings.Client ? { Client: settings.Client } : {}),
  });
  // As on the serving pool: a broken idle connection is dropped by the pool; the next read finds out.
  replica.on('error', () => {});
  const probe = async (): Promise<ReplicaState> => {
    const result = await replica.query<{ standby: boolean; replayed: string | null; lag_ms: number }>({
      text: PROBE_SQL,
      query_timeout: settings.connectTimeoutMs,
    } as pg.QueryConfig);
    const row = result.rows[0];
    if (!row) throw new Error('replica check answered no row');
    return { standby: row.standby, replayedLsn: row.replayed, lagMs: Number(row.lag_ms) };
  };
  return createReadRouter({ primary, replica, probe, maxLagMs: settings.maxLagMs });
}
