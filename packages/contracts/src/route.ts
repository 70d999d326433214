/**
 * What a route of the wire is: its method and path, and the TypeBox schemas of its path parameters,
 * query, body and answer. Each domain declares its routes once in a table (routes/*.ts); the API's
 * route files register those schemas (apps/api test/route-table.test.ts holds them to it), the web's
 * and the console's client calls through the table's types, and their test fakes answer from it.
 *
 * This module holds types and one identity function only, so the web's bundle that imports it takes
 * no TypeBox value: the clients carry method and path at run time (routes/paths.ts) and everything
 * else as types.
 */
import type { Static, TSchema } from 'typebox';

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of a table. */
export interface RouteSchemas {
  method: HttpMethod;
  /** The path as the API registers it, parameters written `:name` (or a trailing `*`). */
  path: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The `resData` of the success envelope `{code: 0, msg, resData}`. */
  answer?: TSchema;
  /** An answer sent as is rather than in the envelope (a file, a text, the token's own envelope). */
  reply?: TSchema;
  /** The route answers a redirect (302) and no body. */
  redirect?: true;
}

/** A domain's table: its routes by name. */
export type RouteTable = Record<string, RouteSchemas>;

/** Declares a table, keeping each route's method and path as literal types. */
export function defineRoutes<const T extends RouteTable>(table: T): T {
  return table;
}

/**
 * A route as the clients know it at run time: method and path. The schemas ride along as a type
 * only (`schemas` is never set), so a call's params, query, body and answer are typed from the table.
 */
export interface RouteRef<S extends RouteSchemas = RouteSchemas> {
  readonly method: S['method'];
  readonly path: S['path'];
  readonly schemas?: S;
}

/** The run-time form of a table: each route's method and path. */
export type RouteRefs<T extends RouteTable> = { readonly [K in keyof T]: RouteRef<T[K]> };

type SchemasOf<R> = R extends RouteRef<infer S> ? S : never;
type StaticOr<S, Else> = S extends TSchema ? Static<S> : Else;

/** The path parameters of a route, or `undefined` for a route without. */
export type ParamsOf<R> = StaticOr<SchemasOf<R>['params'], undefined>;

/** The query of a route, or `undefined` for a route without. */
export type QueryOf<R> = StaticOr<SchemasOf<R>['query'], undefined>;

/** The body of a route, or `undefined` for a route without. */
export type BodyOf<R> = StaticOr<SchemasOf<R>['body'], undefined>;

/** What a route answers: the envelope's `resData`, or the raw reply. */
export type AnswerOf<R> = StaticOr<SchemasOf<R>['answer'], StaticOr<SchemasOf<R>['reply'], unknown>>;

/** A field the call must send, may leave out (every key optional), or must not send (no schema). */
type Field<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : object extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** What a call of a route sends: `params`, `query` and `body` where the route takes them. */
export type CallInput<R> = Field<'params', ParamsOf<R>> &
  Field<'query', QueryOf<R>> &
  Field<'body', BodyOf<R>>;
