/**
 * Registering a route from its entry in the contracts' route tables (packages/contracts/src/routes):
 * the method, the path and the request and answer schemas come from the entry, so a route file states
 * only what the wire does not say — its documentation, its guards and limits, and its handler. The
 * route-table test (test/route-table.test.ts) holds every registered route to an entry and back.
 */

import type { OkEnvelope } from '@xuanli/contracts/envelope';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import { TooManyRequestsEnvelopeSchema } from '@xuanli/contracts/member';
import type { RouteSchemas } from '@xuanli/contracts/route';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route-table entry a route was registered from ({@link addRoute}). */
    contract?: RouteSchemas;
  }
}

type StaticOr<S, Else> = S extends TSchema ? Static<S> : Else;

/** The request of a route as its table entry types it. */
export interface ContractRequest<S extends RouteSchemas> {
  Params: StaticOr<S['params'], unknown>;
  Querystring: StaticOr<S['query'], unknown>;
  Body: StaticOr<S['body'], unknown>;
}

/** What a route's handler answers: the success envelope around the entry's `answer`, or its raw `reply`. */
export type ContractAnswer<S extends RouteSchemas> = S['answer'] extends TSchema
  ? OkEnvelope<Static<S['answer']>>
  : StaticOr<S['reply'], unknown>;

/**
 * A route's handler. It may also answer by sending on `reply` itself (a file, a stream, a 304, a
 * redirect) and return the reply.
 */
export type ContractHandler<S extends RouteSchemas> = (
  this: FastifyInstance,
  request: FastifyRequest<ContractRequest<S>>,
  reply: FastifyReply,
) => Promise<ContractAnswer<S> | FastifyReply | undefined> | ContractAnswer<S> | FastifyReply;

/** The OpenAPI document's words for a route and the failures it lists; the wire's schemas are not here. */
export interface RouteDoc {
  tags: string[];
  summary: string;
  description?: string;
  /** Media types of a raw answer (`reply`), for the document. */
  produces?: string[];
  /** Media types of the body when it is not JSON, for the document. */
  consumes?: string[];
  /** How the document says to sign in (the console's bearer token). */
  security?: readonly Record<string, readonly string[]>[];
  /** Left out of the OpenAPI document (a provider's callback, a development stand-in). */
  hide?: boolean;
  /** The request headers the route reads, validated (the tables do not declare headers). */
  headers?: TSchema;
  /** Answers besides the 200 that are not failures (a 206 of a range). */
  answers?: Record<string, TSchema>;
  /** The failure answers it documents beside the 200; every route's 4xx/5xx when not given. */
  failures?: Record<string, TSchema>;
}

/** Everything of a route's options but its schema: guards, hooks, limits, `config`. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'> & {
  /**
   * A GET route answers HEAD with a handler of its own (a file's headers without its bytes), instead
   * of the HEAD route Fastify derives from it.
   */
  ownHead?: boolean;
};

/** The failures of a route that needs a signed-in user. */
export const signedInFailures = { 401: ErrorEnvelopeSchema, ...errorResponses } as const;

/** The failures of a sign-in: refused, or too many tries (with the wait in `retryAfter`). */
export const signInFailures = {
  401: ErrorEnvelopeSchema,
  429: TooManyRequestsEnvelopeSchema,
  ...errorResponses,
} as const;

/** The failures of a console route: not signed in, or not allowed. */
export const consoleFailures = {
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  ...errorResponses,
} as const;

/**
 * The path a plugin registers for an entry: the table holds whole paths, a plugin registered with a
 * prefix adds its routes below it. An entry outside the plugin's prefix is a mistake in the code, found
 * when the app is built.
 */
function pathBelowPrefix(prefix: string, path: string): string {
  if (!path.startsWith(prefix))
    throw new Error(`route ${path} is not below the prefix ${prefix} of the plugin registering it`);
  return path.slice(prefix.length);
}

/** A redirect's answer: no body, the Location header. */
const REDIRECT = Type.Null({ description: 'Location: where the browser goes next' });

/** The Fastify schema of an entry, with the document's words. */
export function routeSchema(route: RouteSchemas, doc: RouteDoc): FastifySchema {
  const { failures = errorResponses, answers, ...given } = doc;
  // Words left undefined stay out of the schema (the OpenAPI document would show them empty).
  const words = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const success = route.answer ? okEnvelopeSchema(route.answer) : route.reply;
  const response: Record<string, unknown> = { ...answers, ...failures };
  if (success) response[200] = success;
  if (route.redirect) response[302] = REDIRECT;
  return {
    ...words,
    ...(route.params && { params: route.params }),
    ...(route.query && { querystring: route.query }),
    ...(route.body && { body: route.body }),
    ...(Object.keys(response).length > 0 && { response }),
  } as FastifySchema;
}

/**
 * Registers `route` (an entry of a contracts route table) on `app`, below the prefix `app` was
 * registered with; `options` are the document's words and Fastify's route options but the schema. The
 * entry itself rides in the route's `config.contract`, which the route-table test checks, so a route
 * registered some other way is found.
 */
export function addRoute<S extends RouteSchemas>(
  // Any type provider: the request is typed from the entry, not from the instance's provider.
  // biome-ignore lint/suspicious/noExplicitAny: every instance type, whatever its provider
  app: FastifyInstance<any, any, any, any, any>,
  route: S,
  options: RouteDoc & RouteExtras,
  handler: ContractHandler<S>,
): void {
  const {
    tags,
    summary,
    description,
    produces,
    consumes,
    hide,
    security,
    headers,
    answers,
    failures,
    ...rest
  } = options;
  const { ownHead, ...extras } = rest;
  const doc = { tags, summary, description, produces, consumes, hide, security, headers, answers, failures };
  app.route({
    ...extras,
    method: ownHead ? [route.method, 'HEAD'] : route.method,
    url: pathBelowPrefix(app.prefix, route.path),
    schema: routeSchema(route, doc),
    config: { ...extras.config, contract: route },
    handler: handler as never,
  });
}
