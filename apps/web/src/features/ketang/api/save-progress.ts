/**
 * `POST crm/ketang/progress {lesson, position}` (classroom wire) → `{lesson, position, done}`: where
 * the learner is in a lesson, kept by the server and restored on any device. Logged-in learners only;
 * the position is saved in whole seconds and `done` turns true once 90 % of the lesson was reached.
 */
import type { Progress, ProgressBody } from '@xuanli/contracts/ketang';
import { env } from '@/config/env';
import { APP_ROUTES, ApiError, ClientErrorCode, readToken, toApiError } from '@/lib/api';
import { memberCall } from '@/stores/session';

/** Path of the call. */
export const PROGRESS_PATH = '/crm/ketang/progress';

/**
 * Saves `body` through the app's API client (the session is renewed first when it is old). The learner
 * did not ask for it, so a session that has ended logs them out without taking them from the lesson to
 * the login page (`background`).
 */
export function saveProgress(body: ProgressBody): Promise<Progress> {
  return memberCall(APP_ROUTES.ketang.postProgress, { body }, { background: true });
}

/**
 * Saves `body` while the page is being hidden or left: a `keepalive` request, which the browser still
 * delivers after the page is gone. `navigator.sendBeacon` cannot carry the `token` header, and the API
 * client has no keepalive option, so this sends the same headers itself with the stored token as it
 * is (renewing it now would be a second request the browser may no longer send).
 */
export async function saveProgressOnExit(body: ProgressBody): Promise<Progress> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const token = readToken()?.jwt;
  if (token) headers.token = token;
  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl.replace(/\/+$/, '')}${PROGRESS_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      keepalive: true,
    });
  } catch {
    throw new ApiError('网络连接失败，请检查网络', ClientErrorCode.network);
  }
  const text = await response.text().catch(() => '');
  let answer: unknown = null;
  try {
    answer = text === '' ? null : JSON.parse(text);
  } catch {
    answer = text;
  }
  if (!response.ok) throw toApiError(answer, { status: response.status, errorText: response.statusText });
  return (answer as { resData: Progress }).resData;
}
