/**
 * The request log: one line per request, written when the response is finished, instead of Fastify's
 * two ('incoming request' + 'request completed') plus the error handler's own line. It is Fastify's
 * `logController` (the hook Fastify itself calls for its per-request lines), so it also covers replies
 * that never reach a route or a hook: bad URLs answered through `frameworkErrors`, 404s, 429s.
 *
 * A line holds method, url (credentials redacted), status, responseTime (ms), ip and the request id
 * (`reqId`, bound by Fastify's child logger); a refused or failed request adds the envelope's `code`
 * and its `msg` as `reason` (pino's own `msg` stays the line's single message). 5xx stacks are the
 * error handler's separate line. Routes with `logLevel: 'silent'` (the health probe) write nothing.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Clock } from '../shared/clock.ts';
import { maskPersonalText, serializeError } from './log-redaction.ts';

/** Refusal of one request as the client saw it; the error handler notes it, the log line prints it. */
export interface Refusal {
  code: string;
  msg: string;
}

// Keyed by the request object, not a decorator: requests built for `frameworkErrors` are Fastify's
// undecorated base class, and a WeakMap leaves no trace once the request is gone.
const refusals = new WeakMap<FastifyRequest, Refusal>();

/** Records why `request` was refused, for its log line (called by plugins/error-handler.ts). */
export function noteRefusal(request: FastifyRequest, refusal: Refusal): void {
  refusals.set(request, refusal);
}

/**
 * Query parameters whose value is a credential or as good as one, or a person's details — a phone,
 * a name, an address, or a search that may be either (the console looks users up by phone or
 * nickname) — matched against the decoded name.
 */
const SECRET_PARAM =
  /token|jwt|auth|secret|passw|pwd|key|sig|session|cookie|ticket|code|phone|mobile|tel|name|receiver|address|detail|^q$|keyword|search/i;
const REDACTED = '[redacted]';
/**
 * Paths whose last segment is a credential: a subscribed calendar's secret link
 * (`/api/calendar/feed/<token>.ics`), which a calendar app fetches without any other key.
 */
const SECRET_PATH = /(\/calendar\/feed\/)[^/]*/gi;
/** A line never carries more of the URL than this (a 64 KB query must not become a 64 KB log line). */
export const MAX_LOGGED_URL = 1024;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * `url` as it may be logged: values of credential-like and personal query parameters (`token`, `jwt`,
 * `access_token`, `authorization`, `phone`, `q` …) replaced by `[redacted]`, anything shaped like a JWT
 * too, a calendar link's secret path segment too, mobile numbers masked (`139****5678`), and the whole capped at {@link MAX_LOGGED_URL} characters.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  let redacted = maskPersonalText(path).replace(SECRET_PATH, `$1${REDACTED}`);
  if (mark !== -1) {
    const query = url
      .slice(mark + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq === -1) return maskPersonalText(pair);
        const name = pair.slice(0, eq);
        return SECRET_PARAM.test(decodedName(name))
          ? `${name}=${REDACTED}`
          : `${name}=${maskPersonalText(pair.slice(eq + 1))}`;
      })
      .join('&');
    redacted = `${redacted}?${query}`;
  }
  return redacted.length > MAX_LOGGED_URL ? `${redacted.slice(0, MAX_LOGGED_URL)}…` : redacted;
}

/**
 * `text` as it may be logged: for messages that may echo a client's input (plugins/log-redaction.ts
 * maskPersonalText: JWTs, mobile numbers, values quoted by the database).
 */
export function redactText(text: string): string {
  return maskPersonalText(text);
}

/** A request id a client or load balancer may choose: letters, digits and `-_.:`, at most 64 of them. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the `x-request-id` a load balancer sent, so its logs and ours meet, when it is
 * short and plain; otherwise (absent, over 64 characters, or with characters that could forge or
 * break a log line) a fresh random id.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Pino serializers: whatever logs a request or reply object gets these fields, never headers; an
 * error is logged through plugins/log-redaction.ts serializeError (allow-listed fields, masked text).
 */
export const LOG_SERIALIZERS = {
  err: (error: Error) => serializeError(error) as { type: string; message: string; stack: string },
  req: (request: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
    method: request.method,
    url: redactUrl(request.url ?? ''),
    ip: request.ip ?? request.socket?.remoteAddress,
  }),
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
};

/** Of a flood of 429s from one client, the first in a minute is logged, then every this-many-th. */
export const TOO_MANY_SAMPLE_EVERY = 100;
/** 429s are counted per client IP over windows of this length. */
export const TOO_MANY_WINDOW_MS = 60_000;
/** Counting stops being exact beyond this many flooding IPs at once; memory stays bounded. */
const MAX_TRACKED_IPS = 10_000;

/**
 * Decides which 429 lines are written. Without it a client (or botnet) at the rate limit writes one
 * line per refused request, i.e. the flood itself ends up in the log.
 */
export class TooManySampler {
  readonly #windows = new Map<string, { start: number; count: number }>();

  /** Counts a 429 for `ip` at `now`; returns its number in the ip's current window (1 = first). */
  hit(ip: string, now: number): number {
    let window = this.#windows.get(ip);
    if (!window || now - window.start >= TOO_MANY_WINDOW_MS) {
      if (!window && this.#windows.size >= MAX_TRACKED_IPS) this.#sweep(now);
      window = { start: now, count: 0 };
      this.#windows.set(ip, window);
    }
    window.count += 1;
    return window.count;
  }

  /** True when the `count`-th 429 of a window is to be written. */
  static logs(count: number): boolean {
    return count === 1 || count % TOO_MANY_SAMPLE_EVERY === 0;
  }

  #sweep(now: number): void {
    for (const [ip, window] of this.#windows) {
      if (now - window.start >= TOO_MANY_WINDOW_MS) this.#windows.delete(ip);
    }
    // Still full: so many IPs flood at once that exact counts are not worth the memory.
    if (this.#windows.size >= MAX_TRACKED_IPS) this.#windows.clear();
  }
}

/** Fields of a request line. */
interface RequestLine {
  method: string;
  url: string;
  status: number;
  responseTime: number;
  ip: string;
  code?: string;
  reason?: string;
  /** For a 429: how many this client received in the current minute, this one included. */
  limited?: number;
  err?: Error;
}

/** Logger levels at which request lines (info) are not written. */
const INFO_OFF = new Set(['warn', 'error', 'fatal', 'silent']);

/** Writes the request line of a finished response; `error` is set when the response stream failed. */
function writeRequestLine(
  request: FastifyRequest,
  reply: FastifyReply,
  responseTime: number,
  extra: { error?: Error | null; limited?: number } = {},
): void {
  const status = reply.statusCode;
  // At LOG_LEVEL warn or silent (a loaded production box) the info lines are not built at all.
  if (!extra.error && status < 500 && INFO_OFF.has(reply.log.level)) return;
  const line: RequestLine = {
    method: request.method,
    url: redactUrl(request.originalUrl ?? request.url),
    status,
    responseTime: Math.round(responseTime * 10) / 10,
    ip: request.ip,
  };
  const refusal = refusals.get(request);
  if (refusal) {
    line.code = refusal.code;
    line.reason = redactText(refusal.msg);
  }
  if (extra.limited !== undefined) line.limited = extra.limited;
  if (extra.error) {
    line.err = extra.error;
    reply.log.error(line, 'request failed');
  } else if (status >= 500) reply.log.warn(line, 'request failed');
  else if (status >= 400) reply.log.info(line, 'request refused');
  else reply.log.info(line, 'request');
}

/**
 * Writes the request line once `reply` is sent, for replies Fastify does not report to its log
 * controller: those built for `frameworkErrors` (plugins/error-handler.ts replyToFrameworkError).
 */
export function logWhenSent(request: FastifyRequest, reply: FastifyReply): void {
  const start = performance.now();
  reply.raw.once('finish', () => writeRequestLine(request, reply, performance.now() - start));
}

/**
 * Fastify's log controller (option `logController`) writing the one request line. `clock` times the
 * 429 sampling windows, so tests can move to the next minute.
 */
export class RequestLog extends LogController {
  readonly #clock: Clock;
  readonly #tooMany = new TooManySampler();

  constructor(clock: Clock) {
    super();
    this.#clock = clock;
  }

  /** Nothing on arrival: the one line is written when the response is done. */
  override incomingRequest(): void {}

  /** Our not-found handler throws to the error handler, which notes the refusal; no extra line. */
  override routeNotFound(): void {}

  /** The request line (for a 429, only a sample); `error` is set when the response stream failed. */
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    let limited: number | undefined;
    if (reply.statusCode === 429) {
      limited = this.#tooMany.hit(request.ip, this.#clock.now());
      if (!TooManySampler.logs(limited)) return;
    }
    writeRequestLine(request, reply, reply.elapsedTime, { error, limited });
  }
}
