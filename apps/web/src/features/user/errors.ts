/**
 * What the user-centre forms say when a call fails, beside the field it concerns.
 */
import { ApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';

/** Seconds to wait that a `TooManyRequests` answer names (`retryAfter` in its envelope), if any. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const seconds = (error.body as { retryAfter?: unknown }).retryAfter;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * The Chinese message for `error`; a `TooManyRequests` that names its wait says how long, e.g.
 * 操作太频繁，请 45 秒后再试 (or in minutes beyond two).
 */
export function failureMessage(error: unknown): string {
  const seconds =
    error instanceof ApiError && error.code === 'TooManyRequests' ? retryAfterSeconds(error) : null;
  if (seconds === null) return userMessage(error);
  const wait = seconds > 120 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
  return `操作太频繁，请 ${wait}后再试`;
}

/** The code of a failure as the server named it (e.g. `InvalidCode`), or null. */
export function codeOf(error: unknown): string | null {
  return error instanceof ApiError && typeof error.code === 'string' ? error.code : null;
}
