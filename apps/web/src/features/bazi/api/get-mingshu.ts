/**
 * `POST /app/bln.Suan/mingshu`: a VIP's printable 命书 of a chart, answered as a PDF rather than the
 * JSON envelope, so it is fetched here with the session token instead of through `api.post` (which reads
 * `resData`). A refusal still comes as the envelope and becomes the same `ApiError` as elsewhere.
 */
import { env } from '@/config/env';
import { api, ClientErrorCode, toApiError } from '@/lib/api';
import type { ChartRequest } from '../profiles';

/** Path of the call; the server matches it without regard to case. */
export const MINGSHU_PATH = '/app/bln.Suan/mingshu';

/** The file name the server gives, from `Content-Disposition`'s `filename*`, else `<name>命书.pdf`. */
export function mingshuFileName(disposition: string | null, name: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed header: fall back to the name we asked with.
    }
  }
  return `${name}命书.pdf`;
}

/** The 命书 PDF of `body` and the name to save it under; refusals reject with an `ApiError`. */
export async function getMingshu(
  body: ChartRequest,
  fetcher: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<{ blob: Blob; fileName: string }> {
  const token = await api.getToken();
  let response: Response;
  try {
    response = await fetcher(`${env.apiBaseUrl}${MINGSHU_PATH}`, {
      method: 'POST',
      headers: { token, 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify(body),
    });
  } catch {
    throw toApiError(null, {
      errorText: '网络连接失败，请检查网络后重试',
      fallbackCode: ClientErrorCode.network,
    });
  }
  if (!response.ok || !response.headers.get('content-type')?.startsWith('application/pdf')) {
    const answer = await response.json().catch(() => null);
    throw toApiError(answer, { status: response.status });
  }
  return {
    blob: await response.blob(),
    fileName: mingshuFileName(response.headers.get('content-disposition'), body.name),
  };
}

/** Saves `blob` as `fileName` through a temporary link (the phone's download or preview). */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  doc.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
