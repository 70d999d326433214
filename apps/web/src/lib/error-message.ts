/**
 * What a user reads when a request fails. PRODUCT.md#errors fixes how an `ApiError` is built (its `message`
 * is the server's `msg`, often English and written for developers); what the app shows is the Chinese
 * sentence of the error's code from the wire vocabulary, so an engine refusal says which field is wrong
 * (出生日期不对…) and a 5xx with an empty body still reads as Chinese, never as the server's text.
 *
 * Kept apart from lib/api.ts so that the calendar route, which never shows a server error, does not
 * download the message table.
 */
import { ERROR_MESSAGES_ZH, isErrorCode } from '@xuanli/contracts/errors';
import { ApiError, ClientErrorCode, DEFAULT_ERROR_MESSAGE } from '@/lib/api';
import { isOutageAnswer } from '@/lib/service-health';

const CJK = /[\u4e00-\u9fff]/;

/**
 * What a reader sees when no answer could arrive at all (no network). The calendar, 老黄历 and charts
 * work offline; what reaches this (readings, 合盘, accounts …) needs the server, and says so.
 */
export const NETWORK_NEEDED_MESSAGE = '网络未连接，此功能需要联网';

/**
 * Whether `error` says our server is not there — a gateway's 502/503/504, or no answer while the phone
 * was online (connection refused, the server stopped) — rather than that the phone is offline.
 */
export function isServiceOutage(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === ClientErrorCode.network) return error.offline === false;
  return error.status !== undefined && isOutageAnswer(error.status, error.code);
}

/** The Chinese message to show for `error` (any thrown value). */
export function userMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return DEFAULT_ERROR_MESSAGE;
  // Not the network, not the reader: 服务暂时不可用, never 网络未连接 (the phone is online).
  if (isServiceOutage(error) || error.code === 'Unavailable') return ERROR_MESSAGES_ZH.Unavailable;
  // PRODUCT.md#errors codes a failure without a code 'BadRequest'; for a 5xx that would blame the user.
  if (error.status !== undefined && error.status >= 500) {
    // A payment provider that refused is a 502 of its own, with its own advice (retry or switch).
    if (error.code === 'PaymentChannelError') return ERROR_MESSAGES_ZH.PaymentChannelError;
    return ERROR_MESSAGES_ZH.InternalError;
  }
  if (isErrorCode(error.code)) return ERROR_MESSAGES_ZH[error.code];
  if (error.code === ClientErrorCode.network) return NETWORK_NEEDED_MESSAGE;
  // A time-out (PRODUCT.md#errors code 5) already carries a Chinese sentence.
  if (error.code === ClientErrorCode.timeout) return error.message;
  return CJK.test(error.message) ? error.message : DEFAULT_ERROR_MESSAGE;
}

/** Whether retrying the same request may help (network trouble, time-outs, 5xx) — else the input must change. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === ClientErrorCode.timeout || error.code === ClientErrorCode.network) return true;
  return error.status === undefined || error.status >= 500 || error.status === 429;
}
