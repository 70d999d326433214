/**
 * What the scripted clients saw: one sample per request (route, when, how long, what came back), and
 * the figures the summary prints from them — requests, req/s, p50/p99 per route, errors by kind and
 * when, and whether each error fell inside a window where the check allows it. Pure apart from the
 * clock the load gives it.
 */

/** One request as a client saw it. */
export interface Sample {
  route: string;
  /** Milliseconds since the load started. */
  at: number;
  /** Milliseconds until the answer (or the failure). */
  ms: number;
  /** HTTP status; 0 when no answer came. */
  status: number;
  /** `200`, `409 OutOfStock`, `502`, `net ECONNRESET` … */
  kind: string;
  /** A repeat of a request whose earlier try got no answer or a 5xx (that try may have taken effect). */
  retry?: boolean;
}

/** A time window of the run (milliseconds since the load started) where some errors are expected. */
export interface Window {
  label: string;
  from: number;
  to: number;
}

/** The kind of an answer: the status, with the API's error code for a 4xx/5xx that has one. */
export function kindOf(status: number, code?: unknown): string {
  if (status === 0) return 'net';
  return status >= 400 && typeof code === 'string' ? `${status} ${code}` : String(status);
}

/** The samples of a run. */
export class Recorder {
  readonly samples: Sample[] = [];
  readonly startedAt: number;
  private readonly now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
    this.startedAt = now();
  }

  /** Milliseconds since the load started. */
  elapsed(): number {
    return this.now() - this.startedAt;
  }

  /** Records one request that began at `startedMs` (an {@link elapsed} value). */
  record(route: string, startedMs: number, status: number, kind: string, retry = false): void {
    const sample: Sample = { route, at: startedMs, ms: this.elapsed() - startedMs, status, kind };
    this.samples.push(retry ? { ...sample, retry } : sample);
  }
}

/** The value at quantile `q` (0–1) of sorted `values` (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** When a sample's answer (or failure) came, in ms since the load started: what windows are judged by. */
export function endOf(sample: Sample): number {
  return sample.at + sample.ms;
}

/** Whether a sample is a failure of the server or the network (5xx, or no answer). */
export function isServerFailure(sample: Sample): boolean {
  return sample.status === 0 || sample.status >= 500;
}

/** One line of the per-route table. */
export interface RouteRow {
  route: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Requests, req/s over `seconds`, p50/p99 and errors (status ≥ 400 or none) of each route, busiest first. */
export function routeTable(samples: Sample[], seconds: number): RouteRow[] {
  const byRoute = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = byRoute.get(sample.route) ?? [];
    list.push(sample);
    byRoute.set(sample.route, list);
  }
  const rows = [...byRoute].map(([route, list]) => {
    const times = list.map((s) => s.ms).sort((a, b) => a - b);
    return {
      route,
      requests: list.length,
      rps: list.length / seconds,
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      errors: list.filter((s) => s.status === 0 || s.status >= 400).length,
    };
  });
  return rows.sort((a, b) => b.requests - a.requests);
}

/** One line of the errors table: a kind on a route, how often, first and last time, inside windows. */
export interface ErrorRow {
  route: string;
  kind: string;
  count: number;
  first: number;
  last: number;
  /** How many fell inside an allowed window (by label). */
  inside: Record<string, number>;
  outside: number;
}

/** The window `at` falls into, if any. */
export function windowOf(at: number, windows: Window[]): Window | undefined {
  return windows.find((w) => at >= w.from && at <= w.to);
}

/**
 * The non-2xx/3xx answers grouped by route and kind, with when they came (a request in flight when a
 * node is killed started before the kill and fails after it) and against `windows`.
 */
export function errorTable(samples: Sample[], windows: Window[]): ErrorRow[] {
  const rows = new Map<string, ErrorRow>();
  for (const sample of samples) {
    if (sample.status !== 0 && sample.status < 400) continue;
    const key = `${sample.route}\u0000${sample.kind}`;
    const end = endOf(sample);
    const row = rows.get(key) ?? {
      route: sample.route,
      kind: sample.kind,
      count: 0,
      first: end,
      last: end,
      inside: {},
      outside: 0,
    };
    row.count += 1;
    row.first = Math.min(row.first, end);
    row.last = Math.max(row.last, end);
    const window = windowOf(end, windows);
    if (window) row.inside[window.label] = (row.inside[window.label] ?? 0) + 1;
    else row.outside += 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.first - b.first);
}

/** Server failures (5xx or no answer) that came outside every allowed window. */
export function failuresOutside(samples: Sample[], windows: Window[]): Sample[] {
  return samples.filter((s) => isServerFailure(s) && !windowOf(endOf(s), windows));
}

/** Server failures (5xx or no answer) that came inside an allowed window. */
export function failuresInside(samples: Sample[], windows: Window[]): Sample[] {
  return samples.filter((s) => isServerFailure(s) && windowOf(endOf(s), windows) !== undefined);
}
