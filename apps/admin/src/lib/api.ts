/**
 * The console's HTTP client for `/api/admin/…`: JSON in and out, the operator's token as
 * `Authorization: Bearer <jwt>` (from the login in sessionStorage, src/lib/session.ts), answers read
 * from the envelope's `resData` (packages/contracts/src/envelope.ts). A failure becomes an
 * {@link ApiError} whose message is the server's Chinese `msg`, or the console's own sentence for
 * its code when the server's text is not meant for readers (Fastify's English validation text).
 * A 401 on any call but the login ends the login: the layout then shows the login page.
 */

import { routeCaller } from '@xuanli/client/route-call';
import {
  buildUrl,
  type Exchanged,
  exchange,
  type QueryValues,
  TransportFailure,
} from '@xuanli/client/transport';
import type { ErrorEnvelope, OkEnvelope } from '@xuanli/contracts/envelope';
import { ERROR_MESSAGES_ZH, isErrorCode } from '@xuanli/contracts/errors';
import { endSession, getSession, isExpired } from './session';

/** Where the console's API lives (same origin as the console). */
export const ADMIN_API_BASE = '/api/admin';

/** A request that has not been answered after this long is given up. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Client-side failure codes (no answer from the server). */
export const CLIENT_ERROR = { timeout: 'Timeout', network: 'NetworkError' } as const;

/** A failed call: the code of the envelope (or a client code), the HTTP status, a readable message. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  /** Extra fields of the failure envelope (e.g. `retryAfter` of a 429). */
  readonly body: Record<string, unknown>;
  /** True when the message is the server's own Chinese `msg` (then it is more precise than any other). */
  readonly fromServer: boolean;

  constructor(message: string, code: string, status?: number, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.body = body;
    this.fromServer = typeof body.msg === 'string' && body.msg === message;
  }
}

/**
 * What operators read for codes whose app-facing sentence (ERROR_MESSAGES_ZH) speaks to app users:
 * the console's 403 is about roles, not VIP.
 */
const CONSOLE_MESSAGES: Record<string, string> = {
  Unauthorized: '登录已失效，请重新登录',
  Forbidden: '当前账号的角色无权进行此操作',
  NotFound: '没有找到相应的记录',
  [CLIENT_ERROR.timeout]: '服务器长时间没有回应，请稍后再试',
  [CLIENT_ERROR.network]: '网络连接失败，请检查网络后再试',
};

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/**
 * The sentence shown for a failure: the server's `msg` when it is written in Chinese (the console's
 * routes explain themselves: "该手机号没有注册"), else the console's or the wire's sentence for the
 * code, else a generic one with the HTTP status.
 */
export function failureMessage(code: string, msg: unknown, status?: number): string {
  if (typeof msg === 'string' && HAS_CHINESE.test(msg)) return msg;
  if (code in CONSOLE_MESSAGES) return CONSOLE_MESSAGES[code];
  if (isErrorCode(code)) return ERROR_MESSAGES_ZH[code];
  return status ? `请求失败（${status}），请稍后再试` : '请求失败，请稍后再试';
}

/** Query values; `undefined` and empty strings are left out, a list repeats its parameter. */
export type Query = QueryValues;

/** Options of one call. */
export interface CallOptions {
  query?: Query;
  body?: unknown;
  /**
   * False for the login itself: no token is sent, and its 401 (wrong password, TOTP needed) is an
   * answer for the login form rather than the end of a login.
   */
  auth?: boolean;
}

/** `path` below {@link ADMIN_API_BASE} with the query's non-empty values. */
export function adminUrl(path: string, query: Query = {}): string {
  return buildUrl(ADMIN_API_BASE, path, query, { dropEmpty: true });
}

function unauthorized(): ApiError {
  return new ApiError(failureMessage('Unauthorized', undefined, 401), 'Unauthorized', 401);
}

/** One call to the console's API; resolves with the envelope's `resData`. */
export async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (auth) {
    const session = getSession();
    // A login past its end would only be refused: go back to the login page without asking.
    if (!session || isExpired(session)) {
      endSession('expired');
      throw unauthorized();
    }
    headers.Authorization = `Bearer ${session.jwt}`;
  }
  let answer: Exchanged;
  try {
    answer = await exchange({
      method,
      url: adminUrl(path, options.query),
      headers,
      body: options.body,
      timeoutMs: REQUEST_TIMEOUT_MS,
      fetch: (...args) => globalThis.fetch(...args),
    });
  } catch (error) {
    const code =
      error instanceof TransportFailure && error.kind === 'timeout'
        ? CLIENT_ERROR.timeout
        : CLIENT_ERROR.network;
    throw new ApiError(failureMessage(code, undefined), code);
  }
  const { response, body } = answer;
  if (response.ok) {
    return (body as OkEnvelope<T> | null)?.resData as T;
  }
  const envelope = (body && typeof body === 'object' ? body : {}) as Partial<ErrorEnvelope> &
    Record<string, unknown>;
  const code = typeof envelope.code === 'string' ? envelope.code : `Http${response.status}`;
  if (auth && response.status === 401) {
    endSession('expired');
    throw new ApiError(failureMessage('Unauthorized', envelope.msg, 401), code, 401, envelope);
  }
  throw new ApiError(failureMessage(code, envelope.msg, response.status), code, response.status, envelope);
}

/**
 * The console's API client: `api.call(CONSOLE_ROUTES.…, {params, query, body})`, whose input and
 * answer are typed by the contracts' route tables (packages/contracts/src/routes).
 */
export const api = {
  call: routeCaller<Pick<CallOptions, 'auth'>>(ADMIN_API_BASE, (method, path, request, options) =>
    // A POST without a body still sends `{}`: the console's routes read an object.
    call(method, path, {
      query: request.query,
      body: method === 'GET' || method === 'DELETE' ? request.body : (request.body ?? {}),
      auth: options?.auth,
    }),
  ),
};
