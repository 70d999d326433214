/**
 * Image upload of the console (`POST /api/admin/images`, roles admin and editor;
 * packages/contracts/src/admin-content.ts): one picture as multipart field `file`, answered with the
 * URL the app loads it from. The rich-text editor, masters' avatars and QR codes, course covers and
 * product pictures all upload through here.
 */
import type { AdminImageResult } from '@xuanli/contracts/admin-content';
import { ADMIN_IMAGE_MAX_BYTES } from '@xuanli/contracts/admin-content-labels';
import type { ErrorEnvelope, OkEnvelope } from '@xuanli/contracts/envelope';
import { ApiError, adminUrl, CLIENT_ERROR, failureMessage } from '@/lib/api';
import { endSession, getSession, isExpired } from '@/lib/session';

/** Picture types the server takes (it decides by the bytes; the file chooser offers these). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** An upload may take this long (5 MB over a slow office line). */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The sentence for a picture that is too large, said before sending it. */
export const IMAGE_TOO_LARGE = `图片不能超过 ${ADMIN_IMAGE_MAX_BYTES / 1024 / 1024} MB`;

/**
 * Uploads `file` and resolves with its URL (`/api/files/console/images/…`). Refuses a file over 5 MB
 * before sending it; a failure is an {@link ApiError} with the server's Chinese message, and a 401
 * ends the login as every console call does.
 */
export async function uploadImage(file: Blob, filename = 'image'): Promise<string> {
  if (file.size > ADMIN_IMAGE_MAX_BYTES) throw new ApiError(IMAGE_TOO_LARGE, 'PayloadTooLarge', 413);
  const session = getSession();
  if (!session || isExpired(session)) {
    endSession('expired');
    throw new ApiError(failureMessage('Unauthorized', undefined, 401), 'Unauthorized', 401);
  }
  const form = new FormData();
  form.append('file', file, filename);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, UPLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    // No Content-Type header: the browser writes the multipart boundary itself.
    response = await fetch(adminUrl('images'), {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.jwt}` },
      body: form,
      signal: controller.signal,
    });
  } catch {
    const code = timedOut ? CLIENT_ERROR.timeout : CLIENT_ERROR.network;
    throw new ApiError(failureMessage(code, undefined), code);
  } finally {
    clearTimeout(timer);
  }
  const body = (await response.json().catch(() => null)) as
    | (Partial<OkEnvelope<AdminImageResult>> & Partial<Pick<ErrorEnvelope, 'msg'>> & { code?: unknown })
    | null;
  if (response.ok && body?.resData?.url) return body.resData.url;
  const code = typeof body?.code === 'string' ? body.code : `Http${response.status}`;
  if (response.status === 401) endSession('expired');
  throw new ApiError(
    failureMessage(code, body?.msg, response.status),
    code,
    response.status,
    (body ?? {}) as Record<string, unknown>,
  );
}
