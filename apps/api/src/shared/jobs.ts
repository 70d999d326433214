/**
 * A tiny job runner for periodic housekeeping (purging expired sessions and old rate-limit windows).
 * Every API process runs its own: jobs must therefore be idempotent and safe to run concurrently,
 * which is cheaper than electing a leader. The jitter keeps processes started together from running
 * in lock-step, and a run never overlaps the previous one.
 */

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
