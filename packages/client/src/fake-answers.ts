/**
 * The envelopes the web's and the console's test fakes answer with, typed by the wire contract: a fake
 * can only send an envelope and a code the API really sends, with the HTTP status the API gives it.
 */
import type { ErrorEnvelope, OkEnvelope } from '@xuanli/contracts/envelope';
import { type ErrorCode, statusOfCode } from '@xuanli/contracts/errors';

/** A JSON answer of `status`. */
export function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A 200 success envelope around `resData`. */
export function okAnswer<T>(resData: T): Response {
  const body: OkEnvelope<T> = { code: 0, msg: 'ok', resData };
  return jsonAnswer(200, body);
}

/** A failure envelope with the HTTP status the API gives `code`, and extra fields (`field`, `retryAfter`). */
export function failureAnswer(code: ErrorCode, msg: string, extra: Record<string, unknown> = {}): Response {
  const body: ErrorEnvelope = { code, msg };
  return jsonAnswer(statusOfCode(code), { ...body, ...extra });
}
