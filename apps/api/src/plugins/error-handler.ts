/**
 * The one place where errors become HTTP: every thrown error, validation failure and unknown route
 * ends here as `{code, msg}` with the status of `ERROR_STATUS` (errors.ts). A 5xx never carries internals.
 */
import { isAlmanacError } from '@xuanli/almanac/errors';
import { ERROR_MESSAGES_ZH, type ErrorCode } from '@xuanli/contracts/errors';
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
import { fieldOfSchemaErrors, type SchemaError, validationMessage } from './validation-message.ts';

/** A failure as the client sees it. */
export interface Failure {
  status: number;
  /** `field`: with a ValidationError, the refused field (forms put the message beside it). */
  body: { code: ErrorCode; msg: string; field?: string };
}

interface FastifyishError {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
  validation?: unknown;
  validationContext?: unknown;
  /** The Chinese sentence a route's schemaErrorFormatter chose for the reader (shared/errors.ts `userRefusal`). */
  userMessage?: unknown;
}

/** Maps any thrown value to its status and envelope. */
export function failureOf(error: unknown): Failure {
  if (error instanceof AppError)
    return { status: error.statusCode, body: { code: error.code, msg: error.message } };
  // The engine throws only for bad input (never for a bug). Its code crosses the wire unchanged
  // (WRONG_SOLAR_MONTH …) so the app can say which field is wrong; its message is the engine's
  // (PRODUCT.md#input-rules).
  if (isAlmanacError(error)) return { status: 400, body: { code: error.code, msg: error.message } };
  const e = (typeof error === 'object' && error !== null ? error : {}) as FastifyishError;
  if (Array.isArray(e.validation)) {
    const errors = e.validation as SchemaError[];
    // A route's own schemaErrorFormatter may word a refusal for its readers (the shop's maxima).
    const msg =
      typeof e.userMessage === 'string'
        ? e.userMessage
        : validationMessage(errors, String(e.validationContext ?? ''));
    const field = fieldOfSchemaErrors(errors);
    return { status: 400, body: { code: 'ValidationError', msg, ...(field ? { field } : {}) } };
  }
  // The database is down, frozen or overloaded: not our bug, and worth retrying elsewhere or later.
  if (isDatabaseUnavailable(error)) {
    return { status: ERROR_STATUS.Unavailable, body: { code: 'Unavailable', msg: 'database unavailable' } };
  }
  // The router's refusals of a URL are the client's bad request, whatever status Fastify gives them.
  const urlRefusal = e.code === 'FST_ERR_BAD_URL' || e.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = urlRefusal
    ? 400
    : typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600
      ? e.statusCode
      : 500;
  if (status >= 500) return { status: 500, body: { code: 'InternalError', msg: 'internal error' } };
  // Fastify's own refusals (a bad URL, malformed JSON, an unknown content type) echo the client's input
  // in their messages — a piece of the body, the raw URL — which must reach neither the answer nor the
  // log line, so the envelope says in Chinese what is wrong instead.
  const code = codeForStatus(status);
  const known = typeof e.code === 'string' ? FRAMEWORK_MESSAGES[e.code] : undefined;
  return { status, body: { code, msg: known ?? ERROR_MESSAGES_ZH[code] } };
}

/** Chinese messages of Fastify's own refusals, by their error code. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: '网址有误：百分号编码不正确',
  FST_ERR_MAX_PARAM_LENGTH: '路径参数太长',
  FST_ERR_CTP_BODY_TOO_LARGE: '提交的内容太大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持这种内容类型，请用 application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容的长度不对',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
};

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
