/**
 * Building success envelopes; their schemas are the wire contract (`@xuanli/contracts/envelope`).
 */
import type { OkEnvelope } from '@xuanli/contracts/envelope';

/** The success envelope `{code: 0, msg: 'ok', resData}` a handler returns. */
export function ok<T>(resData: T): OkEnvelope<T> {
  return { code: 0, msg: 'ok', resData };
}
