/**
 * Answers of fake servers in web tests, typed by the wire contract (`@xuanli/contracts`): a fake can
 * only send an envelope, a code and a token record the API really sends, so a test cannot pass
 * against a shape the server never produces.
 */
import { jsonAnswer as json, okAnswer, failureAnswer as sharedFailure } from '@xuanli/client/fake-answers';
import type { ErrorEnvelope } from '@xuanli/contracts/envelope';
import { type ErrorCode, statusOfCode } from '@xuanli/contracts/errors';
import type { TokenEnvelope } from '@xuanli/contracts/sessions';

export { okAnswer };

/** A failure envelope with the status the API gives `code`, naming the `field` it is about when given. */
export function failureAnswer(code: ErrorCode, msg: string, field?: string): Response {
  return sharedFailure(code, msg, field === undefined ? {} : { field });
}

/** The `POST /base/token` answer (PRODUCT.md#paths: the token sits in `data`). */
export function tokenAnswer(jwt: string, iat: number): Response {
  const body: TokenEnvelope = { code: 0, msg: 'ok', data: { jwt, iat: Math.floor(iat) } };
  return json(200, body);
}

/** A 429 `TooManyRequests` envelope that names its wait, as the SMS route sends it (accounts wire). */
export function tooManyAnswer(retryAfter: number): Response {
  const body: ErrorEnvelope & { retryAfter: number } = {
    code: 'TooManyRequests',
    msg: 'Too many requests',
    retryAfter,
  };
  return json(statusOfCode('TooManyRequests'), body);
}
