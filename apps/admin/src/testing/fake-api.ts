/**
 * A fake console API at the fetch boundary, whose answers are typed by the wire contracts
 * (`@xuanli/contracts`): a test can only answer with an envelope, a code and a `resData` the server
 * really sends, so it cannot pass against a shape the API never produces.
 */
import type { ErrorEnvelope, OkEnvelope } from '@xuanli/contracts/envelope';
import { type ErrorCode, statusOfCode } from '@xuanli/contracts/errors';
import { vi } from 'vitest';

/** One request the fake API saw. */
export interface ApiCall {
  method: string;
  /** Path below `/api/admin`, e.g. `/users/vip`. */
  path: string;
  /** The query string's values. */
  query: Record<string, string>;
  /** The JSON body (empty object when there was none). */
  body: Record<string, unknown>;
  /** The `Authorization` header as sent, or null. */
  authorization: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A 200 success envelope around `resData`. */
export function okAnswer<T>(resData: T): Response {
  const body: OkEnvelope<T> = { code: 0, msg: 'ok', resData };
  return json(200, body);
}

/** A failure envelope with the HTTP status the API gives `code`, and extra fields (e.g. `retryAfter`). */
export function failureAnswer(code: ErrorCode, msg: string, extra: Record<string, unknown> = {}): Response {
  const body: ErrorEnvelope = { code, msg };
  return json(statusOfCode(code), { ...body, ...extra });
}

/** What a fake answers a call with; nothing = 404 `NotFound`. */
export type FakeHandler = (call: ApiCall) => Response | undefined | Promise<Response | undefined>;

/** Replaces `fetch` with `handler` for `/api/admin/…`; returns the calls it saw, in order. */
export function installFakeApi(handler: FakeHandler): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (!url.pathname.startsWith('/api/admin/')) throw new TypeError(`unexpected fetch ${url.pathname}`);
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname.slice('/api/admin'.length),
        query: Object.fromEntries(url.searchParams),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : {},
        authorization: headers.Authorization ?? null,
      };
      calls.push(call);
      const answer = await handler(call);
      return answer ?? failureAnswer('NotFound', `no fake for ${call.method} ${call.path}`);
    }),
  );
  return calls;
}

/** The calls to `method path`. */
export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
