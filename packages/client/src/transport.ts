/**
 * One HTTP exchange with the API, shared by the web app and the console: the URL with its query, JSON
 * (or a form) in, the answer's body out, a time-out, and the caller's abort signal. What a failure
 * means to a reader, and which token a request carries, stay with each app (their lib/api.ts): the
 * app speaks to users with the original app's result codes and a session token, the console to operators
 * with a bearer.
 */

/**
 * Query values; `undefined` values are always left out, and a list repeats its parameter
 * (`?tag=七杀&tag=十神`), which the API reads as a list.
 */
export type QueryValues = Record<
  string,
  string | number | boolean | undefined | readonly (string | number)[]
>;

/**
 * `path` below `baseUrl` with the query's values. With `dropEmpty`, empty strings are left out too (the
 * console's filters send '' for "any").
 */
export function buildUrl(
  baseUrl: string,
  path: string,
  query: QueryValues = {},
  { dropEmpty = false }: { dropEmpty?: boolean } = {},
): string {
  const base = baseUrl.replace(/\/+$/, '');
  const rest = path.replace(/^\/+/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || (dropEmpty && value === '')) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}/${rest}${search ? `?${search}` : ''}`;
}

/** Why no answer arrived: the time-out, the caller's abort, or the network (nothing answered). */
export type TransportFailureKind = 'timeout' | 'abort' | 'network';

/** A request that got no answer at all. */
export class TransportFailure extends Error {
  readonly kind: TransportFailureKind;

  constructor(kind: TransportFailureKind) {
    super(`request failed: ${kind}`);
    this.name = 'TransportFailure';
    this.kind = kind;
  }
}

/** One exchange. */
export interface ExchangeRequest {
  method: string;
  url: string;
  /** JSON body, or `FormData` for uploads; `undefined` sends none. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Lets the caller cancel; the exchange then fails with kind 'abort'. */
  signal?: AbortSignal;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** An answer: its response (status, headers) and parsed body. */
export interface Exchanged {
  response: Response;
  body: unknown;
}

/**
 * Sends one request and reads its answer, whatever its status; throws a {@link TransportFailure} when
 * nothing answered. A body that is not JSON is returned as its text (null when empty).
 */
export async function exchange(request: ExchangeRequest): Promise<Exchanged> {
  // One controller for both the time-out and the caller's signal (AbortSignal.any is too new for the
  // older phones of our readers); `timedOut` tells the two causes apart.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const abortByCaller = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', abortByCaller, { once: true });
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await request.fetch(request.url, {
      method: request.method,
      headers,
      body:
        request.body === undefined
          ? undefined
          : isForm
            ? (request.body as FormData)
            : JSON.stringify(request.body),
      signal: controller.signal,
    });
  } catch {
    if (timedOut) throw new TransportFailure('timeout');
    if (request.signal?.aborted) throw new TransportFailure('abort');
    throw new TransportFailure('network');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', abortByCaller);
  }
  return { response, body: await readBody(response) };
}

/** The answer's body: parsed JSON, its text when it is not JSON, or null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The `resData` of a success envelope `{code: 0, msg, resData}`; a body without one as it is. */
export function pickResData<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'resData' in body) return (body as { resData: T }).resData;
  return body as T;
}
