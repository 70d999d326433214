import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureAnswer, okAnswer, tokenAnswer } from '@/testing/fake-answers';
import {
  ApiError,
  ClientErrorCode,
  createApiClient,
  DEFAULT_ERROR_MESSAGE,
  DEVICE_ID_STORAGE_KEY,
  getDeviceId,
  isTokenStale,
  nextPageOf,
  TOKEN_MAX_AGE_S,
  TOKEN_STORAGE_KEY,
  toApiError,
} from './api';
import { noteAnswer, serviceState } from './service-health';

const NOW_MS = 1_700_000_000_000;
const NOW_S = NOW_MS / 1000;

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fake `fetch` at the network boundary: records calls and answers from a handler. */
function fakeFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    return handler(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Server stub: issues `jwt-N` tokens and answers other calls with `resData`. */
function server(resData: unknown = { ok: true }) {
  let issued = 0;
  return fakeFetch((call) => {
    if (call.url === '/api/base/token') {
      issued += 1;
      return tokenAnswer(`jwt-${issued}`, NOW_S);
    }
    return okAnswer(resData);
  });
}

/** A server that never answers; like a real fetch, it rejects once its signal aborts. */
const hangingFetch: typeof globalThis.fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init?.signal?.aborted) abort();
    init?.signal?.addEventListener('abort', abort);
  });

function storeToken(jwt: string, iat: number, extra: Record<string, unknown> = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ jwt, iat, ...extra }));
}

function storedToken() {
  return JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null');
}

describe('api client: session token', () => {
  it('fetches a token when none is stored, sends the device id, stores {jwt, iat} and uses it', async () => {
    const { fetch, calls } = server({ day: 1 });
    const api = createApiClient({ fetch, now: () => NOW_MS, baseUrl: '/api' });

    await expect(api.get('/calendar/day', { query: { date: '2024-02-10' } })).resolves.toEqual({ day: 1 });

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/base/token',
      'GET /api/calendar/day?date=2024-02-10',
    ]);
    const deviceId = JSON.parse(window.localStorage.getItem(DEVICE_ID_STORAGE_KEY) ?? 'null');
    expect(typeof deviceId).toBe('number');
    expect(calls[0].body).toEqual({ device_id: deviceId });
    expect(calls[0].headers.token).toBeUndefined();
    expect(calls[1].headers.token).toBe('jwt-1');
    expect(storedToken()).toEqual({ jwt: 'jwt-1', iat: NOW_S });
  });

  it('reuses a stored token younger than 7200 s', async () => {
    storeToken('fresh', NOW_S - TOKEN_MAX_AGE_S + 60);
    const { fetch, calls } = server();
    const api = createApiClient({ fetch, now: () => NOW_MS });

    await api.post('/crm/article/search', { page: 1 });

    expect(calls).toHaveLength(1);
    expect(calls[0].headers.token).toBe('fresh');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].body).toEqual({ page: 1 });
  });

  it('refreshes a token older than 7200 s, sending the previous one in the token header', async () => {
    storeToken('old', NOW_S - TOKEN_MAX_AGE_S);
    const { fetch, calls } = server();
    const api = createApiClient({ fetch, now: () => NOW_MS });

    await api.get('/crm/dashi', { query: { sellid: 7 } });

    expect(calls[0].url).toBe('/api/base/token');
    expect(calls[0].headers.token).toBe('old');
    expect(calls[1].headers.token).toBe('jwt-1');
  });

  it('keeps the logged-in user on the token record when refreshing', async () => {
    storeToken('old', NOW_S - TOKEN_MAX_AGE_S - 1, { user: { id: 9 } });
    const { fetch } = server();
    await createApiClient({ fetch, now: () => NOW_MS }).getToken();
    expect(storedToken()).toEqual({ jwt: 'jwt-1', iat: NOW_S, user: { id: 9 } });
  });

  it('refreshes only once for requests that start together (single flight)', async () => {
    const { fetch, calls } = server();
    const api = createApiClient({ fetch, now: () => NOW_MS });

    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);

    expect(calls.filter((c) => c.url === '/api/base/token')).toHaveLength(1);
    expect(calls.filter((c) => c.headers.token === 'jwt-1')).toHaveLength(3);
  });

  it('starts a fresh session when the server refuses the previous token', async () => {
    storeToken('tampered', NOW_S - TOKEN_MAX_AGE_S - 1);
    const { fetch, calls } = fakeFetch((call) =>
      call.headers.token === 'tampered'
        ? failureAnswer('Unauthorized', 'invalid token')
        : tokenAnswer('new', NOW_S),
    );
    await expect(createApiClient({ fetch, now: () => NOW_MS }).getToken()).resolves.toBe('new');
    expect(calls.map((c) => c.headers.token)).toEqual(['tampered', undefined]);
  });

  it('keeps a login that answered while a refresh was on its way, refused or not', async () => {
    const login = { user: { id: 9 } };
    // The login ended the session the refresh continued: the server refuses it.
    storeToken('visitor', NOW_S - TOKEN_MAX_AGE_S);
    const refused = fakeFetch(() => {
      storeToken('member', NOW_S, login);
      return failureAnswer('Unauthorized', 'session ended');
    });
    await expect(createApiClient({ fetch: refused.fetch, now: () => NOW_MS }).getToken()).resolves.toBe(
      'member',
    );
    expect(refused.calls).toHaveLength(1);
    expect(storedToken()).toEqual({ jwt: 'member', iat: NOW_S, ...login });
    // The refresh got through just before the login did: its visitor token does not replace the login's.
    storeToken('visitor', NOW_S - TOKEN_MAX_AGE_S);
    const overtaken = fakeFetch(() => {
      storeToken('member', NOW_S, login);
      return tokenAnswer('visitor-2', NOW_S);
    });
    await expect(createApiClient({ fetch: overtaken.fetch, now: () => NOW_MS }).getToken()).resolves.toBe(
      'member',
    );
    expect(storedToken()).toEqual({ jwt: 'member', iat: NOW_S, ...login });
  });

  it('treats a missing record, an old one and one from the future as stale', () => {
    expect(isTokenStale(null, NOW_MS)).toBe(true);
    expect(isTokenStale({ jwt: 'x', iat: NOW_S - 7199 }, NOW_MS)).toBe(false);
    expect(isTokenStale({ jwt: 'x', iat: NOW_S - 7200 }, NOW_MS)).toBe(true);
    expect(isTokenStale({ jwt: 'x', iat: NOW_S + 3600 }, NOW_MS)).toBe(true);
  });

  it('generates a numeric device id once and keeps it', () => {
    const first = getDeviceId(() => NOW_MS);
    expect(Number.isSafeInteger(first)).toBe(true);
    expect(getDeviceId(() => NOW_MS + 5000)).toBe(first);
  });
});

describe('api client: errors (PRODUCT.md#errors)', () => {
  beforeEach(() => storeToken('fresh', NOW_S));

  it('takes message and code from the answer', async () => {
    const { fetch } = fakeFetch(() => json(404, { code: 'NotFound', message: '没有这一天' }));
    const error = await createApiClient({ fetch, now: () => NOW_MS })
      .get('/calendar/day')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '没有这一天', code: 'NotFound', status: 404 });
  });

  it('falls back to msg, then the error text, then 请求错误！, and to the code BadRequest', () => {
    expect(toApiError({ msg: '参数错误' })).toMatchObject({ message: '参数错误', code: 'BadRequest' });
    expect(toApiError({ message: '', msg: '短信息' }).message).toBe('短信息');
    expect(toApiError(null, { errorText: 'Bad Gateway' })).toMatchObject({
      message: 'Bad Gateway',
      code: 'BadRequest',
    });
    expect(toApiError('<html>', { errorText: '' })).toMatchObject({ message: DEFAULT_ERROR_MESSAGE });
    expect(DEFAULT_ERROR_MESSAGE).toBe('请求错误！');
  });

  it('maps a network failure to code 602001', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createApiClient({ fetch, now: () => NOW_MS }).get('/x')).rejects.toMatchObject({
      code: ClientErrorCode.network,
    });
  });

  it('tells an offline phone from a server that is not there (both code 602001)', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ jwt: 'fresh', iat: NOW_S }));
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createApiClient({ fetch, now: () => NOW_MS });
    noteAnswer(200, 0);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = await client.get('/x').catch((e: unknown) => e);
    expect(offline).toMatchObject({ code: ClientErrorCode.network, offline: true });
    expect(serviceState()).toBe('available');
    // Online, yet nothing answered: connection refused, the server stopped.
    onLine.mockReturnValue(true);
    const refused = await client.get('/x').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: ClientErrorCode.network, offline: false });
    expect(serviceState()).toBe('unavailable');
  });

  it('marks the service unavailable on a gateway’s 502/503/504 and available on any other answer', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ jwt: 'fresh', iat: NOW_S }));
    let answer = () => new Response('<html>Bad Gateway</html>', { status: 502 });
    const { fetch } = fakeFetch(() => answer());
    const client = createApiClient({ fetch, now: () => NOW_MS });
    for (const status of [502, 503, 504]) {
      answer = () => new Response('', { status });
      noteAnswer(200, 0);
      await client.get('/x').catch(() => undefined);
      expect(serviceState(), String(status)).toBe('unavailable');
    }
    // Our own 502 for a payment provider that refused: the server is there.
    answer = () => failureAnswer('PaymentChannelError', 'alipay refused');
    await client.get('/x').catch(() => undefined);
    expect(serviceState()).toBe('available');
    answer = () => new Response('', { status: 504 });
    await client.get('/x').catch(() => undefined);
    answer = () => failureAnswer('NotFound', 'no such thing');
    await client.get('/x').catch(() => undefined);
    expect(serviceState()).toBe('available');
  });

  it('maps a caller abort to code 600003', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createApiClient({ fetch: hangingFetch, now: () => NOW_MS }).get('/x', { signal: controller.signal }),
    ).rejects.toMatchObject({ code: ClientErrorCode.abort });
  });

  it('renews the token once and retries when the server answers 401', async () => {
    let tokenCalls = 0;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url === '/api/base/token') {
        tokenCalls += 1;
        return tokenAnswer('renewed', NOW_S);
      }
      return call.headers.token === 'renewed' ? okAnswer(42) : failureAnswer('Unauthorized', 'invalid token');
    });
    await expect(createApiClient({ fetch, now: () => NOW_MS }).get('/x')).resolves.toBe(42);
    expect(tokenCalls).toBe(1);
    expect(calls.map((c) => c.headers.token)).toEqual(['fresh', undefined, 'renewed']);
  });
});

describe('api client: a login while requests are on their way', () => {
  it('retries a request refused because a login ended its token with the login’s token, keeping the login', async () => {
    storeToken('visitor', NOW_S);
    const { fetch, calls } = fakeFetch((call) => {
      if (call.headers.token === 'visitor') {
        // The login answers (and is stored) while this request is on its way; the server then refuses
        // the visitor token the request carries.
        storeToken('member', NOW_S, { user: { id: 9 } });
        return failureAnswer('Unauthorized', 'session ended');
      }
      return call.headers.token === 'member' ? okAnswer(7) : failureAnswer('Unauthorized', 'invalid token');
    });
    await expect(createApiClient({ fetch, now: () => NOW_MS }).get('/crm/dashi')).resolves.toBe(7);
    expect(calls.map((c) => `${c.url} ${c.headers.token}`)).toEqual([
      '/api/crm/dashi visitor',
      '/api/crm/dashi member',
    ]);
    expect(storedToken()).toEqual({ jwt: 'member', iat: NOW_S, user: { id: 9 } });
  });
});

describe('api client: the server clock', () => {
  it('reads the server time from the Date header of an answer, whatever the phone clock says', async () => {
    storeToken('fresh', NOW_S);
    const serverMs = NOW_MS + 400 * 86_400_000;
    const { fetch } = fakeFetch(() => {
      const answer = okAnswer(1);
      answer.headers.set('Date', new Date(serverMs).toUTCString());
      return answer;
    });
    const api = createApiClient({ fetch, now: () => NOW_MS });
    expect(api.serverNow()).toBe(NOW_MS);
    await api.get('/x');
    expect(Math.abs(api.serverNow() - serverMs)).toBeLessThanOrEqual(1000);
  });

  it('judges the token age by the server clock, so a phone set a day behind does not renew at every call', async () => {
    const phoneMs = NOW_MS - 86_400_000;
    let issued = 0;
    const { fetch, calls } = fakeFetch((call) => {
      const answer = call.url === '/api/base/token' ? tokenAnswer(`jwt-${++issued}`, NOW_S) : okAnswer(1);
      answer.headers.set('Date', new Date(NOW_MS).toUTCString());
      return answer;
    });
    const api = createApiClient({ fetch, now: () => phoneMs });
    await api.get('/a');
    await api.get('/b');
    await api.get('/c');
    expect(calls.filter((call) => call.url === '/api/base/token')).toHaveLength(1);
    expect(calls.at(-1)?.headers.token).toBe('jwt-1');
  });
});

describe('api client: time-out', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    storeToken('fresh', NOW_S);
  });
  afterEach(() => vi.useRealTimers());

  it('gives up after 15 s with client code 5', async () => {
    let isSettled = false;
    const request = createApiClient({ fetch: hangingFetch, now: () => NOW_MS })
      .get('/slow')
      .finally(() => {
        isSettled = true;
      });
    const outcome = expect(request).rejects.toMatchObject({ code: ClientErrorCode.timeout });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});

describe('nextPageOf: the next page of a paged list', () => {
  const page = (n: number, total: number) => ({ list: Array.from({ length: n }, (_, i) => i), total });

  it('asks for the next page while fewer than `total` are shown', () => {
    expect(nextPageOf(page(10, 25), [page(10, 25)])).toBe(2);
    expect(nextPageOf(page(10, 25), [page(10, 25), page(10, 25)])).toBe(3);
  });

  it('stops once all are shown, or when a page comes back empty', () => {
    expect(nextPageOf(page(5, 25), [page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined();
    expect(nextPageOf(page(0, 25), [page(10, 25), page(0, 25)])).toBeUndefined();
  });
});
