/**
 * Image upload of the console (`POST /api/admin/images`, roles admin and editor;
 * packages/contracts/src/admin-content.ts): one picture as multipart field `file`, answered with the
 * URL the app loads it from. The rich-text editor, masters' avatars and QR codes, course covers and
 * product pictures all upload through here.
 */
import type { AdminImageResult } from '@xuanli/contracts/admin-content';
import { ADMIN_IMAGE_MAX_BYTES } from '@xuanli/contracts/admin-content-labels';
import type { ErrorEnvelope, OkEnvelope } from '@xuanli/contracts/envelope';
import { ApiError, adminUrl } from '@/lib/api';
import { fileRefusal, sendFile } from '@/lib/file-request';

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
  const form = new FormData();
  form.append('file', file, filename);
  // No Content-Type header: the browser writes the multipart boundary itself.
  const response = await sendFile(adminUrl('images'), { method: 'POST', body: form }, UPLOAD_TIMEOUT_MS);
  const body = (await response.json().catch(() => null)) as
    | (Partial<OkEnvelope<AdminImageResult>> & Partial<Pick<ErrorEnvelope, 'msg'>> & { code?: unknown })
    | null;
  if (response.ok && body?.resData?.url) return body.resData.url;
  throw fileRefusal(response, body);
}
