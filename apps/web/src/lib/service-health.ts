/**
 * Whether our server answers, as the API client last saw it: a request that reached no server while
 * the phone says it is online (connection refused, the server stopped), or a gateway that answered
 * 502/503/504 for it, marks the service unavailable; any other answer marks it available again.
 * Pages then say 服务暂时不可用 — not 网络未连接, which is what an offline phone is told — and mark
 * what they still show as possibly out of date (components/ConnectionNotice.tsx).
 *
 * Kept apart from the query library so the API client can report without loading it.
 */

/** What the last request said about the server. */
export type ServiceState = 'available' | 'unavailable';

/** HTTP statuses of a server that is down, or unreachable behind its gateway. */
export const OUTAGE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Whether an answer with `status` and envelope `code` means the server is not there: 502/503/504,
 * except our own 502 for a payment provider that refused (the server answered; a provider did not).
 */
export function isOutageAnswer(status: number, code: unknown): boolean {
  return OUTAGE_STATUSES.has(status) && code !== 'PaymentChannelError';
}

let state: ServiceState = 'available';
const listeners = new Set<() => void>();

function set(next: ServiceState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The service state now. */
export function serviceState(): ServiceState {
  return state;
}

/** Calls `listener` whenever the state changes; answers the unsubscribe function. */
export function onServiceState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The API client got an answer with `status` and envelope `code`. */
export function noteAnswer(status: number, code: unknown): void {
  set(isOutageAnswer(status, code) ? 'unavailable' : 'available');
}

/** A request reached no server although the phone is online. */
export function noteUnreachable(): void {
  set('unavailable');
}
