/**
 * The API's error type. Services throw {@link AppError} with a code of the wire vocabulary
 * (`@xuanli/contracts/errors`); the error handler (plugins/error-handler.ts) is the only place that
 * turns any error into an HTTP status and a `{code, msg}` envelope.
 */
import { API_ERROR_STATUS, type ApiErrorCode } from '@xuanli/contracts/errors';

export type { ApiErrorCode as ErrorCode } from '@xuanli/contracts/errors';

/** Status of each API code; re-read from the contract so the two never differ. */
export const ERROR_STATUS = API_ERROR_STATUS;

/** An expected failure with a message that is safe to show to the client. */
export class AppError extends Error {
  readonly code: ApiErrorCode;

  constructor(code: ApiErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }

  /** HTTP status of this error; read by Fastify and @fastify/rate-limit as well. */
  get statusCode(): number {
    return API_ERROR_STATUS[this.code];
  }
}

/** Code of an error status that did not come from an AppError (Fastify's own 4xx errors). */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 408:
      return 'RequestTimeout';
    case 409:
      return 'Conflict';
    case 413:
      return 'PayloadTooLarge';
    case 415:
      return 'UnsupportedMediaType';
    case 416:
      return 'RangeNotSatisfiable';
    case 429:
      return 'TooManyRequests';
    case 503:
      return 'Unavailable';
    default:
      return status >= 500 ? 'InternalError' : 'BadRequest';
  }
}

/**
 * An error for a route's `schemaErrorFormatter` that says in Chinese what the reader did wrong (the
 * shop's maxima); the error handler answers it instead of its generic sentence naming the field.
 */
export function userRefusal(message: string): Error {
  return Object.assign(new Error(message), { userMessage: message });
}
