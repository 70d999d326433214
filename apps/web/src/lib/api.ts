/**
 * The HTTP client for the app's API (PRODUCT.md#paths, #errors). Every request carries the session token in
 * the `token` header; the token is fetched from `POST /base/token` when missing or older than 7200 s and kept
 * in local storage as `jw-token`. Answers are read from `resData`; failures become an `ApiError` with the
 * message and code rules of PRODUCT.md#errors.
 *
 * Later modules add one file per API call (fetcher + query options + hook) on top of `api.get` /
 * `api.post`; see src/lib/query.ts.
 */

import { type RouteCall, routeCaller } from '@xuanli/client/route-call';
import {
  buildUrl,
  type Exchanged,
  exchange,
  pickResData,
  type QueryValues,
  TransportFailure,
} from '@xuanli/client/transport';
import { APP_ROUTES as ROUTE_PATHS } from '@xuanli/contracts/routes/paths';
import { env } from '@/config/env';
import { TOKEN_STORAGE_KEY_NAME } from '@/config/storage-keys';
import { createServerClock } from '@/lib/server-clock';
import { noteAnswer, noteUnreachable } from '@/lib/service-health';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The app's routes by domain, for `api.call` and `memberCall`. Taken from here rather than from the
 * contracts, so the paths ride in this module's chunk instead of a chunk of their own (one more name in
 * the entry's preload lists on the calendar route).
 */
export const APP_ROUTES = ROUTE_PATHS;

/** What the route tables' paths begin with, and the default base URL stands for. */
const API_PATH_PREFIX = '/api';

/** Request time-out in ms (PRODUCT.md#constants). */
export const API_TIMEOUT_MS = 15_000;

/** Age in seconds after which the session token is refreshed (PRODUCT.md#account, #constants). */
export const TOKEN_MAX_AGE_S = 7200;

/** Local-storage key of the session token record. */
export const TOKEN_STORAGE_KEY = TOKEN_STORAGE_KEY_NAME;

/** Local-storage key of the numeric device id. */
export const DEVICE_ID_STORAGE_KEY = 'device-id';

/** Client-side error codes (PRODUCT.md#errors). */
export const ClientErrorCode = {
  timeout: 5,
  abort: 600003,
  network: 602001,
} as const;

/** HTTP statuses of a server that is down or unreachable behind its gateway. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/**
 * Whether `error` means the server could not answer at all (rather than refused the input): what the
 * pages that can compute with the engine themselves (排盘, 择日) take as the cue to do so.
 */
export function serverUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === ClientErrorCode.network || error.code === ClientErrorCode.timeout) return true;
  return error.status !== undefined && UNREACHABLE_STATUSES.has(error.status);
}

/** Message used when neither the answer nor the failure says anything (PRODUCT.md#errors). */
export const DEFAULT_ERROR_MESSAGE = '请求错误！';

/** The stored session token. `iat` is the issue time in epoch seconds. */
export interface TokenRecord {
  jwt: string;
  iat: number;
  /** Present when the session is bound to a logged-in user (PRODUCT.md#account). */
  user?: unknown;
}

/** A failed request: `code` is the server's code, `'BadRequest'`, or a client code of PRODUCT.md#errors. */
export class ApiError extends Error {
  readonly code: string | number;
  /** HTTP status, when an answer arrived. */
  readonly status?: number;
  /** The parsed answer body, when there was one. */
  readonly body?: unknown;
  /**
   * For a request that reached no server (code 602001): whether the phone was offline then (true), or
   * online — the server did not answer (false). Unknown (undefined) for failures the client did not see.
   */
  readonly offline?: boolean;

  constructor(message: string, code: string | number, status?: number, body?: unknown, offline?: boolean) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.body = body;
    this.offline = offline;
  }
}

/** Whether the browser says it has no network (browsers without `navigator.onLine` count as online). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Builds the `ApiError` of PRODUCT.md#errors from a failure: the message comes from the answer's `message` or
 * `msg`, else the error's own text, else '请求错误！'; the code from the answer's `code`, else the
 * given fallback (`'BadRequest'` unless a client code applies).
 */
export function toApiError(
  body: unknown,
  options: { status?: number; errorText?: string; fallbackCode?: string | number; offline?: boolean } = {},
): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    nonEmptyString(record.message) ?? nonEmptyString(record.msg) ?? nonEmptyString(options.errorText);
  const code =
    typeof record.code === 'string' || typeof record.code === 'number'
      ? record.code
      : (options.fallbackCode ?? 'BadRequest');
  return new ApiError(message ?? DEFAULT_ERROR_MESSAGE, code, options.status, body, options.offline);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Options of one request. */
export interface RequestOptions {
  /** Query string values; `undefined` values are left out, a list repeats its parameter. */
  query?: QueryValues;
  /** JSON body (or `FormData` for uploads). */
  body?: unknown;
  /** Lets the caller (e.g. TanStack Query) cancel the request; it then fails with code 600003. */
  signal?: AbortSignal;
  /** Overrides the 15 s time-out. */
  timeoutMs?: number;
  /** Extra headers. */
  headers?: Record<string, string>;
}

/** What the client needs from its surroundings; tests pass fakes. */
export interface ApiClientDeps {
  /** Base of every path, e.g. `/api`. */
  baseUrl: string;
  fetch: typeof fetch;
  /** Current time in ms. */
  now: () => number;
  timeoutMs: number;
}

/** An API client; see {@link createApiClient}. */
export interface ApiClient {
  /** Sends a request and resolves with the answer's `resData`. */
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /**
   * Calls a route of the contracts' tables (`APP_ROUTES.shop.getCart`): params, query and body in, the
   * answer out, each typed by the route's schemas. Paths are the API's own (`/api/…`); the client's
   * base URL stands for their `/api`.
   */
  call: RouteCall<Omit<RequestOptions, 'body' | 'query'>>;
  /** A valid session token, refreshed first when missing or older than 7200 s. */
  getToken(): Promise<string>;
  /** Forgets the stored token (logout); the next request fetches a fresh visitor token. */
  clearToken(): void;
  /**
   * The server's time in epoch ms: the phone's clock corrected by the `Date` header of the latest
   * answer, for comparing with times the server sent (an unpaid order's deadline) on a phone whose
   * clock is wrong.
   */
  serverNow(): number;
}

/** The stored token record, or `null` when there is none or it is malformed. */
export function readToken(): TokenRecord | null {
  const record = readStorage<unknown>(TOKEN_STORAGE_KEY, null);
  if (!record || typeof record !== 'object') return null;
  const { jwt, iat } = record as Record<string, unknown>;
  return typeof jwt === 'string' && typeof iat === 'number' ? (record as TokenRecord) : null;
}

/** Whether `record` is missing or older than {@link TOKEN_MAX_AGE_S} at time `nowMs`. */
export function isTokenStale(record: TokenRecord | null, nowMs: number): boolean {
  if (!record) return true;
  const ageSeconds = nowMs / 1000 - record.iat;
  // A future `iat` means the phone's clock is off; trusting it would keep a token forever.
  return ageSeconds < 0 || ageSeconds >= TOKEN_MAX_AGE_S;
}

/**
 * The numeric device id of this browser, generated once and kept in local storage. It is sent when
 * asking for a session token so a visitor's session stays recognisable.
 */
export function getDeviceId(now: () => number = Date.now): number {
  const stored = readStorage<unknown>(DEVICE_ID_STORAGE_KEY, null);
  if (typeof stored === 'number' && Number.isSafeInteger(stored) && stored > 0) return stored;
  // Milliseconds since 1970 followed by three random digits: unique enough, and a safe integer.
  const id = now() * 1000 + Math.floor(Math.random() * 1000);
  writeStorage(DEVICE_ID_STORAGE_KEY, id);
  return id;
}

/** Creates an API client. The app uses the shared {@link api}; tests build their own with fakes. */
export function createApiClient(overrides: Partial<ApiClientDeps> = {}): ApiClient {
  const deps: ApiClientDeps = {
    baseUrl: env.apiBaseUrl,
    fetch: (...args) => globalThis.fetch(...args),
    // Read at each call (not bound once), so a clock faked after start-up is the one used.
    now: () => Date.now(),
    timeoutMs: API_TIMEOUT_MS,
    ...overrides,
  };
  let pendingToken: Promise<string> | null = null;
  const serverClock = createServerClock(deps.now);

  /** One HTTP exchange; resolves with the parsed body of a 2xx answer. */
  async function send(
    method: string,
    path: string,
    options: RequestOptions,
    token: string | undefined,
  ): Promise<unknown> {
    let answer: Exchanged;
    try {
      answer = await exchange({
        method,
        url: buildUrl(deps.baseUrl, path, options.query),
        headers: token ? { ...options.headers, token } : options.headers,
        body: options.body,
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? deps.timeoutMs,
        fetch: deps.fetch,
      });
    } catch (error) {
      const kind = error instanceof TransportFailure ? error.kind : 'network';
      if (kind === 'timeout') throw new ApiError('请求超时，请稍后再试', ClientErrorCode.timeout);
      if (kind === 'abort') throw new ApiError('请求已取消', ClientErrorCode.abort);
      // No answer at all: with the phone offline that is the network; online, the server is not there.
      const offline = browserOffline();
      if (!offline) noteUnreachable();
      throw toApiError(null, {
        errorText: offline ? '网络连接失败，请检查网络' : '无法连接服务器，请稍后再试',
        fallbackCode: ClientErrorCode.network,
        offline,
      });
    }
    const { response, body } = answer;
    serverClock.note(response.headers.get('date'));
    noteAnswer(
      response.status,
      body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined,
    );
    if (!response.ok) {
      throw toApiError(body, { status: response.status, errorText: response.statusText });
    }
    return body;
  }

  async function fetchToken(previous: string | undefined): Promise<string> {
    const body = await send('POST', '/base/token', { body: { device_id: getDeviceId(deps.now) } }, previous);
    const record = pickTokenRecord(body);
    if (!record) throw toApiError(body, { errorText: '登录凭证获取失败' });
    const stored = readToken();
    // A login answered while this refresh was on its way: its record is newer (the server ended the
    // session this refresh continued), so it stays.
    if (stored && stored.jwt !== previous) return stored.jwt;
    // Keep the logged-in user on the record (PRODUCT.md#account: logged in = the record holds a user).
    writeStorage(TOKEN_STORAGE_KEY, stored?.user === undefined ? record : { ...record, user: stored.user });
    return record.jwt;
  }

  async function refreshToken(): Promise<string> {
    const previous = readToken()?.jwt;
    try {
      return await fetchToken(previous);
    } catch (error) {
      // An expired or tampered previous token is refused (401); start a fresh visitor session instead —
      // unless a login replaced the token meanwhile (which is why it was refused): keep the login.
      if (previous && error instanceof ApiError && error.status === 401) {
        const current = readToken();
        if (current && current.jwt !== previous) return current.jwt;
        writeStorage(TOKEN_STORAGE_KEY, undefined);
        return fetchToken(undefined);
      }
      throw error;
    }
  }

  function getToken(): Promise<string> {
    const record = readToken();
    if (record && !isTokenStale(record, serverClock.now())) return Promise.resolve(record.jwt);
    // Single flight: requests that start while a refresh is under way wait for that same refresh.
    pendingToken ??= refreshToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const token = await getToken();
    try {
      return pickResData<T>(await send(method, path, options, token));
    } catch (error) {
      // The server no longer accepts a token we thought valid (e.g. its secret changed): renew once.
      // A login ends the session its caller had, so a request sent before it answers 401 after it: the
      // stored record is then the login's, and only the retry is needed, not a new visitor session.
      if (error instanceof ApiError && error.status === 401) {
        if (readToken()?.jwt === token) writeStorage(TOKEN_STORAGE_KEY, undefined);
        return pickResData<T>(await send(method, path, options, await getToken()));
      }
      throw error;
    }
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    call: routeCaller(API_PATH_PREFIX, (method, path, input, options) =>
      request(method, path, { ...options, query: input.query, body: input.body }),
    ),
    getToken,
    clearToken: () => writeStorage(TOKEN_STORAGE_KEY, undefined),
    serverNow: serverClock.now,
  };
}

/** The `{jwt, iat}` of a token answer: in the body's `data` (PRODUCT.md#paths), tolerating `resData` too. */
function pickTokenRecord(body: unknown): TokenRecord | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  for (const candidate of [record.data, record.resData]) {
    if (candidate && typeof candidate === 'object') {
      const { jwt, iat } = candidate as Record<string, unknown>;
      if (typeof jwt === 'string' && typeof iat === 'number') return { jwt, iat };
    }
  }
  return null;
}

/** The app's API client. */
export const api: ApiClient = createApiClient();

/**
 * The page to ask for after the ones loaded, for the paged lists the server answers as `{ list, total }`
 * (courses, products, orders, reviews, article search) — `getNextPageParam` of their infinite queries:
 * none once all `total` are shown, or when a page came back empty (the list shrank meanwhile), so a
 * list never asks for pages forever.
 */
export function nextPageOf(
  last: { list: readonly unknown[]; total: number },
  pages: readonly { list: readonly unknown[] }[],
): number | undefined {
  const shown = pages.reduce((sum, page) => sum + page.list.length, 0);
  return last.list.length > 0 && shown < last.total ? pages.length + 1 : undefined;
}
