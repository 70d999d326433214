/**
 * Which node runs a periodic job now. Every API node runs the same jobs (shared/jobs.ts) and each job's
 * units of work are claimed safely already (`FOR UPDATE SKIP LOCKED`, conditional updates, leases), but
 * N nodes running a sweep at once do its reads N times and may ask a payment provider N times; a lock
 * per job name lets one node run it while the others skip that turn.
 *
 * On PostgreSQL the lock is a session-level advisory lock on a direct connection (db/job-locks.ts):
 * released by the server if the node dies, so no job stays locked. PGlite is one process: the lock
 * only keeps two apps of one process (tests) from running the same job at once.
 */

/** What a locked run answers: whether this node ran the job, and what the job answered. */
export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/** Job locks by name. */
export interface JobLocks {
  /** Runs `work` when no other node is running the job `name`; answers `{ran: false}` otherwise. */
  tryRun<T>(name: string, work: () => Promise<T>): Promise<LockedRun<T>>;
  close(): Promise<void>;
}

/** Locks within this process. */
export function processJobLocks(): JobLocks {
  const running = new Set<string>();
  return {
    async tryRun(name, work) {
      if (running.has(name)) return { ran: false };
      running.add(name);
      try {
        return { ran: true, value: await work() };
      } finally {
        running.delete(name);
      }
    },
    close: async () => {},
  };
}

/** Locks within this process, shared by every app on one embedded database (by its client). */
const shared = new WeakMap<object, JobLocks>();

/** The process's locks for `owner` (one per embedded database). */
export function processJobLocksOf(owner: object): JobLocks {
  let locks = shared.get(owner);
  if (!locks) {
    locks = processJobLocks();
    shared.set(owner, locks);
  }
  return locks;
}
