/**
 * The PostgreSQL side of the change notices (shared/cache-bus.ts): one connection per API node that
 * LISTENs on the channel the triggers notify.
 *
 * It must be a direct connection (DATABASE_LISTEN_URL, by default DATABASE_URL): a pooler in
 * transaction mode (PgBouncer) hands each transaction to any server connection, so a LISTEN would be
 * lost with the next one. The connection is opened at start and kept; when it drops (the server
 * restarted, `pg_terminate_backend`, a network cut) the bus is not live — caches fall back to their
 * short time-to-live — and it reconnects with a growing back-off (0.1 s doubling to 5 s). Notices sent
 * meanwhile are lost, so once listening again it tells the caches to flush.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type CacheBus, CHANGE_CHANNEL, listenerSet } from '../shared/cache-bus.ts';

/** Where the bus tells about its connection (pino's logger fits). */
export interface LinkLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** How to listen. */
export interface ListenerOptions {
  /** A direct connection string (not through a transaction-mode pooler). */
  url: string;
  /** Opening the connection may take this long before it counts as failed. */
  connectTimeoutMs: number;
  /**
   * Called with the primary's WAL position right after notices arrive and before they are delivered,
   * so that a read replica is not asked for data older than the change (db/replica.ts). Null when the
   * position could not be read.
   */
  onFence?: (lsn: string | null) => void;
  /** First and longest wait between connection attempts; default 100 ms and 5 s. */
  backoffMs?: { first: number; max: number };
}

/** A {@link CacheBus} on a PostgreSQL LISTEN, with `useLog` to give it the app's logger. */
export interface PostgresBus extends CacheBus {
  /** Resolves once the first connection attempt has succeeded or failed. */
  started(): Promise<void>;
  useLog(log: LinkLog): void;
}

/** The application name of the listening connection (how operators and tests find it). */
export const LISTENER_APPLICATION_NAME = 'xuanli-listener';

/** Notices this node sends itself to learn that everything before them has arrived (settled()). */
const SYNC_PREFIX = 'sync:';
/** The longest settled() waits for its own notice. */
const SETTLE_TIMEOUT_MS = 1000;

/** Starts listening at once; see the module comment. */
export function listenForChanges(options: ListenerOptions): PostgresBus {
  const changes = listenerSet<[string]>();
  const resets = listenerSet<[]>();
  const backoff = options.backoffMs ?? { first: 100, max: 5000 };
  const syncs = new Map<string, () => void>();
  let log: LinkLog | undefined;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let wait = backoff.first;
  let timer: NodeJS.Timeout | undefined;
  // Logged once per outage, not once per attempt.
  let outageLogged = false;
  const pending: string[] = [];
  let draining = false;

  async function deliver(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0) {
        const batch = pending.splice(0);
        const topics = batch.filter((topic) => !topic.startsWith(SYNC_PREFIX));
        if (topics.length > 0 && options.onFence) options.onFence(await walPosition());
        for (const topic of topics) changes.emit(topic);
        for (const topic of batch) syncs.get(topic)?.();
      }
    } finally {
      draining = false;
    }
  }

  async function walPosition(): Promise<string | null> {
    try {
      const result = await client?.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      return result?.rows[0]?.lsn ?? null;
    } catch {
      return null;
    }
  }

  function lost(which: pg.Client, error?: Error) {
    if (client !== which) return;
    client = null;
    live = false;
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    if (closed) return;
    if (!outageLogged && log) {
      outageLogged = true;
      log.warn(
        { err: error?.message },
        'change notices lost; node caches fall back to their time-to-live until they are back',
      );
    }
    schedule();
  }

  function schedule() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref?.();
    wait = Math.min(wait * 2, backoff.max);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || message.payload === undefined) return;
      pending.push(message.payload);
      void deliver();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      next.end().catch(() => {});
      if (!outageLogged && log) {
        outageLogged = true;
        log.warn({ err: (error as Error).message }, 'change notices unavailable; retrying');
      }
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    live = true;
    wait = backoff.first;
    if (outageLogged) log?.info({}, 'change notices back; node caches flushed');
    outageLogged = false;
    // Whatever was cached before (under the short time-to-live) may have missed a notice.
    resets.emit();
  }

  const first = connect();

  return {
    isLive: () => live,
    onChange: changes.add,
    onReset: resets.add,
    started: () => first,
    useLog(next) {
      log = next;
    },
    async settled() {
      const current = client;
      if (!live || !current) return;
      const token = `${SYNC_PREFIX}${randomUUID()}`;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timeout);
          syncs.delete(token);
          resolve();
        };
        const timeout = setTimeout(done, SETTLE_TIMEOUT_MS);
        syncs.set(token, done);
        current.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, token]).catch(done);
      });
    },
    async close() {
      closed = true;
      live = false;
      if (timer) clearTimeout(timer);
      await first;
      const current = client;
      client = null;
      for (const done of syncs.values()) done();
      await current?.end().catch(() => {});
    },
  };
}
