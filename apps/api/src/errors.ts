/**
 * The API's one error vocabulary (SPEC §8). Services throw {@link AppError}; the error handler in
 * app.ts is the only place that turns any error into an HTTP status and a `{code, msg}` envelope.
 */

/** Codes a client can see in a failure envelope's `code`. */
export const ERROR_STATUS = {
  BadRequest: 400,
  ValidationError: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  TooManyRequests: 429,
  InternalError: 500,
  // A dependency (the database) does not answer; load balancers take the process out of rotation.
  Unavailable: 503,
} as const;

/** One of the error codes of {@link ERROR_STATUS}. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** An expected failure with a message that is safe to show to the client. */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }

  /** HTTP status of this error; read by Fastify and @fastify/rate-limit as well. */
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Code of an error status that did not come from an AppError (Fastify's own 4xx errors). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 429:
      return 'TooManyRequests';
    default:
      return status >= 500 ? 'InternalError' : 'BadRequest';
  }
}
