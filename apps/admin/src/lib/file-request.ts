/**
 * Requests whose body is a file's bytes (a picture, a chunk of a video) go out with `fetch` itself
 * rather than through the JSON client, but fail as every console call does: a login past its end,
 * a lost connection, a time-out and a refusal are {@link ApiError}s with the same sentences, and a
 * 401 ends the login.
 */
import { ApiError, CLIENT_ERROR, failureMessage } from './api';
import { endSession, getSession, isExpired } from './session';

/** What a file request sends: its method, its headers beyond the login's, and the bytes. */
export interface FileRequest {
  method: string;
  headers?: Record<string, string>;
  body: BodyInit;
}

/**
 * Sends `request` to `url` with the operator's token and resolves with the answer, whatever its
 * status. It is given up after `timeoutMs`, or when `signal` aborts.
 */
export async function sendFile(
  url: string,
  request: FileRequest,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  const session = getSession();
  if (!session || isExpired(session)) {
    endSession('expired');
    throw new ApiError(failureMessage('Unauthorized', undefined, 401), 'Unauthorized', 401);
  }
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    return await fetch(url, {
      method: request.method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.jwt}`, ...request.headers },
      body: request.body,
      signal: controller.signal,
    });
  } catch {
    const code = timedOut ? CLIENT_ERROR.timeout : CLIENT_ERROR.network;
    throw new ApiError(failureMessage(code, undefined), code);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * The {@link ApiError} of a refused file request, from its answer's `body` (the error envelope, or
 * null when it was not JSON); a 401 ends the login.
 */
export function fileRefusal(response: Response, body: { code?: unknown; msg?: unknown } | null): ApiError {
  const code = typeof body?.code === 'string' ? body.code : `Http${response.status}`;
  if (response.status === 401) endSession('expired');
  return new ApiError(failureMessage(code, body?.msg, response.status), code, response.status, {
    ...(body ?? {}),
  });
}
