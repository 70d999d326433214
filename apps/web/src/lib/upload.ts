/**
 * File upload (PRODUCT.md#paths): `POST base/upload`, multipart with the file in field `file`, the session
 * token both in the `token` header and in the form data, plus the upload's `purpose` (`avatar` | `feedback`).
 * The answer is `{url}` (`/api/files/<key>`, same origin).
 *
 * XMLHttpRequest rather than `fetch`: only XHR reports upload progress, which a phone on a slow line
 * needs to see. Failures become the same `ApiError`s as src/lib/api.ts builds (PRODUCT.md#errors): the
 * answer's `msg` and `code`, else 602001 for a network or upload failure, 5 for a time-out, 600003 when
 * cancelled.
 */
import type { UploadPurpose, UploadResult } from '@xuanli/contracts/upload';
import { env } from '@/config/env';
import { ApiError, api, ClientErrorCode, toApiError } from '@/lib/api';

/** What an upload is for (`avatar` | `feedback`); the server sizes and crops the picture by it. */
export type { UploadPurpose, UploadResult };

/** Options of {@link uploadFile}. */
export interface UploadOptions {
  /** Default `avatar`, as on the server. */
  purpose?: UploadPurpose;
  /** Called with 0–100 while the bytes go out. */
  onProgress?: (percent: number) => void;
  /** Cancels the upload; it then fails with code 600003. */
  signal?: AbortSignal;
}

/** Uploads take longer than the 15 s of a JSON call: the generic network time-out (PRODUCT.md#constants). */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** What the uploader needs from its surroundings; tests pass fakes. */
export interface UploaderDeps {
  /** Base of every API path, e.g. `/api`. */
  baseUrl: string;
  /** A valid session token (the API client's, refreshed when stale). */
  getToken: () => Promise<string>;
  /** The XMLHttpRequest constructor. */
  createRequest: () => XMLHttpRequest;
  timeoutMs: number;
}

/** Creates an uploader; the app uses {@link uploadFile}, tests build their own with a fake XHR. */
export function createUploader(overrides: Partial<UploaderDeps> = {}) {
  const deps: UploaderDeps = {
    baseUrl: env.apiBaseUrl,
    getToken: () => api.getToken(),
    createRequest: () => new XMLHttpRequest(),
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...overrides,
  };

  return async function upload(file: Blob, options: UploadOptions = {}): Promise<UploadResult> {
    const token = await deps.getToken();
    const form = new FormData();
    form.append('token', token);
    form.append('purpose', options.purpose ?? 'avatar');
    // The file last: the server reads the small fields before streaming the bytes.
    form.append('file', file, file instanceof File ? file.name : 'image');

    return new Promise<UploadResult>((resolve, reject) => {
      const xhr = deps.createRequest();
      const { signal, onProgress } = options;
      const abortByCaller = () => xhr.abort();
      const done = () => signal?.removeEventListener('abort', abortByCaller);
      if (signal?.aborted) {
        reject(new ApiError('上传已取消', ClientErrorCode.abort));
        return;
      }
      signal?.addEventListener('abort', abortByCaller, { once: true });

      xhr.open('POST', `${deps.baseUrl.replace(/\/+$/, '')}/base/upload`);
      xhr.setRequestHeader('token', token);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.timeout = deps.timeoutMs;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        }
      };
      xhr.onload = () => {
        done();
        const body = parseBody(xhr.responseText);
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(toApiError(body, { status: xhr.status, errorText: xhr.statusText }));
          return;
        }
        const data = body && typeof body === 'object' && 'resData' in body ? body.resData : body;
        const url = data && typeof data === 'object' && 'url' in data ? data.url : undefined;
        if (typeof url !== 'string' || url === '') {
          // A 2xx without a url is a broken answer, not the user's fault: say so in Chinese.
          reject(new ApiError('上传失败，请重试', 'UploadFailed', xhr.status, body));
          return;
        }
        onProgress?.(100);
        resolve({ url });
      };
      xhr.onerror = () => {
        done();
        reject(
          toApiError(null, { errorText: '上传失败，请检查网络', fallbackCode: ClientErrorCode.network }),
        );
      };
      xhr.ontimeout = () => {
        done();
        reject(new ApiError('上传超时，请稍后再试', ClientErrorCode.timeout));
      };
      xhr.onabort = () => {
        done();
        reject(new ApiError('上传已取消', ClientErrorCode.abort));
      };
      xhr.send(form);
    });
  };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Uploads one image for `purpose` (`avatar` or `feedback`) and resolves with its `{url}`; reports
 * progress 0–100 through `onProgress`. Logged-in users only: a visitor gets 401 Unauthorized.
 */
export const uploadFile: (file: Blob, options?: UploadOptions) => Promise<UploadResult> = createUploader();
