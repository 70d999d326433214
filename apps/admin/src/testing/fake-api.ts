/**
 * A fake console API at the fetch boundary that answers from the contracts' route tables
 * (`@xuanli/contracts/routes`): a request to a path no table has fails the test, and so does a success
 * answer whose `resData` is not the shape its route declares (checked against the schema at run time;
 * {@link routeAnswer} also checks it as a type). A test cannot pass against a shape the API never sends.
 */
import { failureAnswer, okAnswer } from '@xuanli/client/fake-answers';
import { fakeRouteGuard } from '@xuanli/client/fake-routes';
import type { AnswerOf, RouteRef } from '@xuanli/contracts/route';
import { CONSOLE_ROUTE_TABLES } from '@xuanli/contracts/routes/index';
import { vi } from 'vitest';

/** The fake's checks against the console's route tables; the set-up fails a test whose `take()` is not empty. */
export const fakeGuard = fakeRouteGuard(CONSOLE_ROUTE_TABLES);

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
  /** The route of the tables it is for, as `domain.name` (e.g. `member.getUsers`). */
  route: string;
}

export { failureAnswer, okAnswer };

/** A 200 success envelope for `route`, its `resData` typed by the route's answer schema. */
export function routeAnswer<R extends RouteRef>(_route: R, resData: AnswerOf<R>): Response {
  return okAnswer(resData);
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
      const method = init.method ?? 'GET';
      const matched = fakeGuard.route(method, url.pathname);
      const call: ApiCall = {
        method,
        path: url.pathname.slice('/api/admin'.length),
        query: Object.fromEntries(url.searchParams),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : {},
        authorization: headers.Authorization ?? null,
        route: matched.name,
      };
      calls.push(call);
      const answer = await handler(call);
      if (!answer) return failureAnswer('NotFound', `no fake for ${call.method} ${call.path}`);
      await fakeGuard.answer(matched, answer);
      return answer;
    }),
  );
  return calls;
}

/** The calls to `method path`. */
export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
