/**
 * Typed calls of the contracts' route tables: `call(route, {params, query, body})` fills the route's
 * path parameters and resolves with the answer its schema declares, so a page never pairs a path with
 * an answer type by hand. Only method and path travel at run time (contracts routes/paths.ts); the
 * schemas are types here, and no TypeBox value reaches a bundle through this module.
 */
import type { AnswerOf, CallInput, RouteRef } from '@xuanli/contracts/route';
import type { QueryValues } from './transport.ts';

/**
 * The route's path with its parameters filled in (each `:name` from `params`, URI-encoded; a trailing
 * `*` with `params['*']` as is) and `prefix` removed, for a client whose base URL already holds it.
 */
export function routePath(route: RouteRef, params: object | undefined, prefix = ''): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const value = (name: string) => {
    if (values[name] === undefined || values[name] === null) throw new Error(`${route.path}: no ${name}`);
    return String(values[name]);
  };
  const filled = route.path
    .replace(/:([A-Za-z]\w*)/g, (_match, name: string) => encodeURIComponent(value(name)))
    .replace(/\*$/, () => value('*'));
  return prefix && filled.startsWith(prefix) ? filled.slice(prefix.length) : filled;
}

/** What a caller's transport does with a filled route. */
export type RouteSend<Options> = (
  method: string,
  path: string,
  request: { query?: QueryValues; body?: unknown },
  options?: Options,
) => Promise<unknown>;

/** A typed call of a route table entry; `Options` are the app's own (abort signal, time-out…). */
export type RouteCall<Options> = <R extends RouteRef>(
  route: R,
  input?: CallInput<R>,
  options?: Options,
) => Promise<AnswerOf<R>>;

/** Builds `call` over an app's transport, whose base URL ends in `prefix` (e.g. '/api'). */
export function routeCaller<Options>(prefix: string, send: RouteSend<Options>): RouteCall<Options> {
  return async (route, input, options) => {
    const { params, query, body } = (input ?? {}) as { params?: object; query?: QueryValues; body?: unknown };
    const path = routePath(route, params, prefix);
    return (await send(route.method, path, { query, body }, options)) as AnswerOf<typeof route>;
  };
}
