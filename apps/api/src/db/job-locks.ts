/**
 * Job locks on PostgreSQL (shared/job-lock.ts): `pg_try_advisory_lock` held for the run on one direct
 * connection of this node (DATABASE_LISTEN_URL, like the change notices — a transaction-mode pooler
 * would hand the unlock to another server connection). Session-level rather than transaction-level
 * because a run spans many transactions and waits on payment providers, and no transaction may stay
 * open that long. If the connection drops mid-run the server releases the lock and another node may
 * start the job; the units of work stay claimed one by one, so nothing is done twice.
 */
import pg from 'pg';
import type { JobLocks } from '../shared/job-lock.ts';
import { LOCK_CLASSES } from '../shared/lock-classes.ts';

/**
 * The first key of every job lock; the second is the job name's hash. The two-key form is a key space
 * apart from the migrations' one-key lock (every class: shared/lock-classes.ts).
 */
const JOB_LOCK_CLASS = LOCK_CLASSES.job;

/** A stable signed 32-bit hash of a job name (FNV-1a), the same in every node. */
export function jobKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** Job locks over a direct connection to `url`, opened on first use and again after it drops. */
export function postgresJobLocks(url: string, connectTimeoutMs: number): JobLocks {
  let client: Promise<pg.Client> | null = null;
  let closed = false;

  function connection(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error('job locks closed'));
    client ??= (async () => {
      const next = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: connectTimeoutMs,
        keepAlive: true,
        application_name: 'xuanli-job-locks',
      });
      const forget = () => {
        if (client === opened) client = null;
      };
      next.on('error', forget);
      next.on('end', forget);
      await next.connect();
      return next;
    })();
    const opened = client;
    opened.catch(() => {
      if (client === opened) client = null;
    });
    return opened;
  }

  return {
    async tryRun(name, work) {
      const key = jobKey(name);
      const held = await connection();
      const { rows } = await held.query<{ taken: boolean }>(
        'select pg_try_advisory_lock($1::int, $2::int) as taken',
        [JOB_LOCK_CLASS, key],
      );
      if (!rows[0]?.taken) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        // A connection lost meanwhile took the lock with it.
        await held
          .query('select pg_advisory_unlock($1::int, $2::int)', [JOB_LOCK_CLASS, key])
          .catch(() => {});
      }
    },
    async close() {
      closed = true;
      const open = client;
      client = null;
      await open?.then((c) => c.end()).catch(() => {});
    },
  };
}
