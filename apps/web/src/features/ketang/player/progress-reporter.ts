/**
 * Sends a learner's position in their lessons to the server (`POST crm/ketang/progress`) without
 * flooding it or losing the last word: a report that equals what the server already holds is not
 * sent; while one report of a lesson is on its way, later ones wait and only the newest follows it;
 * a report that failed for want of a network (or a server hiccup) is kept — the newest per lesson,
 * never a queue of all — and sent again after {@link PROGRESS_RETRY_MS}, when the phone is back online,
 * or as soon as another report gets through. Refusals (not logged in, not bought) are dropped.
 */
import type { Progress, ProgressBody } from '@xuanli/contracts/ketang';
import { ApiError, ClientErrorCode } from '@/lib/api';

/** Wait before a failed report is sent again. */
export const PROGRESS_RETRY_MS = 15_000;

/** How a reporter talks to the server. */
export interface ProgressReporterDeps {
  /** The ordinary request. */
  send(body: ProgressBody): Promise<Progress>;
  /** The request that survives the page being closed (keepalive). */
  sendOnExit(body: ProgressBody): Promise<Progress>;
  /** Told of every saved report, with the server's answer (`done` once 90 % was reached). */
  onSaved(progress: Progress): void;
}

/** Options of one report. */
export interface ReportOptions {
  /** The page is being hidden or closed: send now, as a request that outlives the page. */
  leaving?: boolean;
}

/** A learner's reporter for one visit of the player. */
export interface ProgressReporter {
  /** Records that the server already holds `position` of `lesson` (from `play`), so it is not sent again. */
  know(lesson: number, position: number): void;
  /** Reports the learner at `position` seconds of `lesson`. */
  report(lesson: number, position: number, options?: ReportOptions): void;
  /** The latest position reported for `lesson` during this visit, saved or not yet. */
  latest(lesson: number): number | undefined;
  /** Sends the failed reports again now (e.g. the phone is back online). */
  retry(): void;
  /** Ends the visit: failed reports get one last try that outlives the page, later ones are sent that way. */
  dispose(): void;
}

/** Whether sending the same report later may succeed: no answer, a time-out, a busy or broken server. */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === ClientErrorCode.network || error.code === ClientErrorCode.timeout) return true;
  return error.status !== undefined && (error.status >= 500 || error.status === 429);
}

/** Creates a reporter over `deps`. */
export function createProgressReporter(deps: ProgressReporterDeps): ProgressReporter {
  /** The position the server holds (or is being sent) per lesson. */
  const held = new Map<number, number>();
  const inFlight = new Map<number, number>();
  /** Reports waiting for the one in flight of their lesson. */
  const queued = new Map<number, number>();
  /** Reports that failed, waiting for a retry. */
  const failed = new Map<number, number>();
  const latest = new Map<number, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  function scheduleRetry() {
    if (disposed || timer !== undefined || failed.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      retry();
    }, PROGRESS_RETRY_MS);
  }

  function send(lesson: number, position: number, leaving: boolean) {
    inFlight.set(lesson, position);
    const body: ProgressBody = { lesson, position };
    (leaving || disposed ? deps.sendOnExit(body) : deps.send(body)).then(
      (progress) => {
        held.set(lesson, position);
        if (inFlight.get(lesson) === position) inFlight.delete(lesson);
        deps.onSaved(progress);
        // The network works again: what failed before goes now rather than at the next tick.
        if (failed.size > 0) retry();
        sendQueued(lesson);
      },
      (error: unknown) => {
        if (inFlight.get(lesson) === position) inFlight.delete(lesson);
        if (isWorthRetrying(error) && !queued.has(lesson)) {
          failed.set(lesson, position);
          scheduleRetry();
        }
        sendQueued(lesson);
      },
    );
  }

  function sendQueued(lesson: number) {
    const position = queued.get(lesson);
    if (position === undefined || inFlight.has(lesson)) return;
    queued.delete(lesson);
    if (position !== held.get(lesson)) send(lesson, position, false);
  }

  function report(lesson: number, seconds: number, { leaving = false }: ReportOptions = {}) {
    if (!Number.isFinite(seconds)) return;
    const position = Math.max(0, Math.floor(seconds));
    latest.set(lesson, position);
    // The newest report stands for the failed ones of its lesson.
    failed.delete(lesson);
    const sending = inFlight.get(lesson);
    if (sending !== undefined && !leaving) {
      if (position === sending) queued.delete(lesson);
      else queued.set(lesson, position);
      return;
    }
    queued.delete(lesson);
    if (position !== held.get(lesson)) send(lesson, position, leaving);
  }

  function retry() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const again = [...failed];
    failed.clear();
    for (const [lesson, position] of again) {
      if (inFlight.has(lesson)) queued.set(lesson, position);
      else send(lesson, position, false);
    }
  }

  return {
    know(lesson, position) {
      if (!inFlight.has(lesson) && !failed.has(lesson)) held.set(lesson, Math.floor(position));
    },
    report,
    latest: (lesson) => latest.get(lesson),
    retry,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      disposed = true;
      const last = [...failed];
      failed.clear();
      for (const [lesson, position] of last) send(lesson, position, true);
    },
  };
}
