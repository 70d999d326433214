/**
 * The one place where errors become HTTP: every thrown error, validation failure and unknown route
 * ends here as `{code, msg}` with the status of `ERROR_STATUS` (errors.ts). A 5xx never carries internals.
 */
import { isAlmanacError } from '@xuanli/almanac/errors';
import type { ErrorCode } from '@xuanli/contracts/errors';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
  preHandlerHookHandler,
} from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, codeForStatus, ERROR_STATUS } from '../shared/errors.ts';
import { logWhenSent, noteRefusal } from './request-log.ts';
import { applySecurityHeaders } from './security.ts';

/** A failure as the client sees it. */
export interface Failure {
  status: number;
  body: { code: ErrorCode; msg: string };
}

interface FastifyishError {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
  validation?: unknown;
}

/** Maps any thrown value to its status and envelope. */
export function failureOf(error: unknown): Failure {
  if (error instanceof AppError)
    return { status: error.statusCode, body: { code: error.code, msg: error.message } };
  // The engine throws only for bad input (never for a bug). Its code crosses the wire unchanged
  // (WRONG_SOLAR_MONTH …) so the app can say which field is wrong; its message is the SPEC §5 one.
  if (isAlmanacError(error)) return { status: 400, body: { code: error.code, msg: error.message } };
  const e = (typeof error === 'object' && error !== null ? error : {}) as FastifyishError;
  if (e.validation) {
    return { status: 400, body: { code: 'ValidationError', msg: String(e.message ?? 'invalid request') } };
  }
  // The database is down, frozen or overloaded: not our bug, and worth retrying elsewhere or later.
  if (isDatabaseUnavailable(error)) {
    return { status: ERROR_STATUS.Unavailable, body: { code: 'Unavailable', msg: 'database unavailable' } };
  }
  const status =
    typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) return { status: 500, body: { code: 'InternalError', msg: 'internal error' } };
  // Fastify's router refusals (`frameworkErrors`): their messages echo the raw URL, which is the
  // client's own input and may be long, so the envelope says what is wrong instead.
  if (e.code === 'FST_ERR_BAD_URL') {
    return { status: 400, body: { code: 'BadRequest', msg: 'malformed url: invalid percent-encoding' } };
  }
  if (e.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return { status: 400, body: { code: 'BadRequest', msg: 'url parameter too long' } };
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: { code: 'PayloadTooLarge', msg: 'request body too large' } };
  }
  // Fastify's own 4xx (malformed JSON, unsupported media type …) describe the request, not the server.
  return { status, body: { code: codeForStatus(status), msg: String(e.message || 'bad request') } };
}

/**
 * Installs the error and not-found handlers on the root instance. The not-found handler is rate
 * limited too, so that probing for URLs costs the same as calling them.
 */
export function installErrorHandling(app: FastifyInstance, notFoundPreHandler: preHandlerHookHandler): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = failureOf(error);
    // A bug or outage gets its own line, with the stack; a refusal is only the request line's reason
    // (plugins/request-log.ts writes that line when the response is done).
    if (status >= 500) request.log.error({ err: error }, 'request error');
    noteRefusal(request, body);
    // Rate-limit headers and the like were already set; only the body and status are decided here.
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler({ preHandler: notFoundPreHandler }, (request) => {
    // Echo the path (not the query, which may hold anything) and cap it so a long URL is not mirrored.
    const path = request.url.split('?')[0].slice(0, 200);
    throw new AppError('NotFound', `no route ${request.method} ${path}`);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route, hook or error
 * handler runs (a URL with broken percent-encoding, `GET /api/health%ff`). Such a request gets no
 * onRequest hooks, so the security headers are set here; the answer is the usual envelope and the
 * request is logged like any other refusal.
 */
export const replyToFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  req,
  res,
) => {
  // The option's type is generic over route types; a request no route matched has none.
  const request = req as unknown as FastifyRequest;
  const reply = res as unknown as FastifyReply;
  const { status, body } = failureOf(error);
  applySecurityHeaders(request, reply);
  if (status >= 500) request.log.error({ err: error }, 'request error');
  noteRefusal(request, body);
  // Fastify reports these replies to no log controller: the request line is written here.
  logWhenSent(request, reply);
  reply.code(status).send(body);
};
