/**
 * A tiny job runner for periodic housekeeping (purging expired sessions and old rate-limit windows,
 * sweeping unpaid orders, reconciling payments). Every API process runs its own, and each run takes
 * the job's lock first (shared/job-lock.ts), so one node at a time runs a job while the others skip
 * that turn; the jobs stay idempotent and claim their units of work one by one anyway, since a lock
 * is lost with its connection. The jitter keeps processes started together from running in
 * lock-step, and a run never overlaps the previous one.
 */
import type { JobLocks, LockedRun } from './job-lock.ts';

/** Where a failed run is reported (pino's logger fits). */
export interface JobLogger {
  error(details: object, message: string): void;
}

/** How to run a job. */
export interface JobOptions {
  /** Named in the log line of a failure. */
  name: string;
  /** Milliseconds between the end of one run and the start of the next; 0 or less = never run. */
  intervalMs: number;
  /** Up to this many extra milliseconds, drawn anew each time; default a tenth of the interval. */
  jitterMs?: number;
  /** The work; a thrown error or rejection is logged, never propagated, and the job keeps going. */
  run: () => unknown;
  log: JobLogger;
  /** [0, 1) random source; tests pin it. */
  random?: () => number;
}

/** A started job. */
export interface Job {
  /** Cancels the next run and waits for a run in progress to finish (call before closing the database). */
  stop(): Promise<void>;
}

/** Starts `options.run` every `intervalMs` (+ jitter), the first run one interval from now. */
export function startJob(options: JobOptions): Job {
  const { name, intervalMs, run, log, random = Math.random } = options;
  const jitterMs = options.jitterMs ?? intervalMs / 10;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, intervalMs + Math.floor(random() * jitterMs));
    // Housekeeping must not keep a process alive that has nothing else to do.
    timer.unref?.();
  };
  const tick = () => {
    timer = undefined;
    running = (async () => {
      try {
        await run();
      } catch (error) {
        log.error({ err: error, job: name }, 'job failed');
      }
    })().finally(() => {
      running = undefined;
      schedule();
    });
  };

  if (intervalMs > 0) schedule();
  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}

/** A periodic job as app.ts declares it. */
export interface JobSpec {
  name: string;
  intervalMs: number;
  run: () => unknown;
}

/** The app's jobs: started together, stopped together, and each runnable at once by name. */
export interface JobRunner {
  start(): void;
  stop(): Promise<void>;
  /**
   * Runs the job `name` now, through the same lock as its timer: `{ran: false}` when another node (or
   * this one) is running it at this moment. Unknown names throw.
   */
  runNow(name: string): Promise<LockedRun<unknown>>;
}

/**
 * The jobs of `specs`, each run only while this node holds its lock (shared/job-lock.ts), so that of
 * N nodes one runs a job at a time and the others skip that turn.
 */
export function jobRunner(specs: JobSpec[], deps: { locks: JobLocks; log: JobLogger }): JobRunner {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const locked = (spec: JobSpec) => deps.locks.tryRun(spec.name, async () => spec.run());
  let jobs: Job[] = [];
  return {
    start() {
      jobs = specs.map((spec) =>
        startJob({ name: spec.name, intervalMs: spec.intervalMs, log: deps.log, run: () => locked(spec) }),
      );
    },
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
    runNow(name) {
      const spec = byName.get(name);
      if (!spec) return Promise.reject(new Error(`no job ${name}`));
      return locked(spec);
    },
  };
}
