/**
 * Recognises the errors that mean "the database cannot be reached right now" (down, restarting,
 * frozen, overloaded, or a statement cut off by its time-out), as opposed to a bug in our SQL. The
 * error handler answers those with 503 `Unavailable`, which clients retry and load balancers act on,
 * instead of a 500.
 */

// Socket-level failures of the connection to PostgreSQL.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs of an unavailable server; class 08 (connection exception) is matched as a class.
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);

// Errors `pg`, `pg-pool` and PGlite raise with a message only.
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function matches(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
  if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/**
 * True when `error` (or an error it wraps: Drizzle puts the driver's error in `cause`, Node an
 * AggregateError's attempts in `errors`) says the database is unavailable.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (matches(current as ErrorLike)) return true;
    pending.push((current as ErrorLike).cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}
