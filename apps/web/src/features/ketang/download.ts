/**
 * Saving a courseware file on the phone (GET as a blob, PRODUCT.md#paths): the file is fetched as a blob
 * — with the session token in the `token` header when it comes from our own origin, as every API call
 * carries it — and handed to the browser as a link with `download="<file name>"`, so it is saved under
 * its Chinese name rather than the storage key in its URL. Failures become the `ApiError`s of
 * PRODUCT.md#errors (602001 for the network, 5 for a time-out, 600003 when cancelled), said in Chinese by
 * {@link downloadFailureMessage}.
 *
 * WeChat's in-app browser cannot save a blob (the link does nothing there): the page asks its readers
 * to open the page in the system browser instead ({@link isWechatBrowser}).
 */
import { ApiError, api, ClientErrorCode, toApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';

/** A download may take longer than a JSON call: the generic network time-out (PRODUCT.md#constants). */
export const DOWNLOAD_TIMEOUT_MS = 60_000;

/**
 * How long the blob's object URL lives after the click: the browser reads the blob after the click
 * returns, and Safari and older Android WebViews fail when it is revoked at once.
 */
export const REVOKE_AFTER_MS = 10_000;

/** What a reader sees when the file could not be fetched at all. */
export const NETWORK_FAILURE_MESSAGE = '网络异常，请稍后重试';

/** What a reader in WeChat's in-app browser is asked to do to save a file. */
export const WECHAT_DOWNLOAD_HINT = '请点击右上角「…」在浏览器中打开后下载';

/** Whether `userAgent` is WeChat's in-app browser, which cannot save downloaded files. */
export function isWechatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** Options of one download. */
export interface DownloadOptions {
  /** Called with 0–100 while the bytes arrive (only when the server sends the file's length). */
  onProgress?: (percent: number) => void;
  /** Cancels the download; it then fails with code 600003. */
  signal?: AbortSignal;
}

/** What the downloader needs from its surroundings; tests pass fakes. */
export interface DownloaderDeps {
  fetch: typeof fetch;
  /** A valid session token (the API client's, refreshed when stale). */
  getToken: () => Promise<string>;
  /** The page's own origin: only requests to it carry the token. */
  origin: string;
  timeoutMs: number;
}

/** Creates a blob fetcher; the app uses {@link fetchBlob}, tests may build their own. */
export function createBlobFetcher(overrides: Partial<DownloaderDeps> = {}) {
  const deps: DownloaderDeps = {
    // Read at each call, so a fetch replaced after start-up (a test's fake API) is the one used.
    fetch: (...args) => globalThis.fetch(...args),
    getToken: () => api.getToken(),
    origin: window.location.origin,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    ...overrides,
  };

  return async function fetchBlobWith(url: string, options: DownloadOptions = {}): Promise<Blob> {
    const { signal, onProgress } = options;
    const target = new URL(url, window.location.href);
    // A presigned object-storage address elsewhere must not receive our token.
    const headers: Record<string, string> = {};
    if (target.origin === deps.origin) headers.token = await deps.getToken();

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const abortByCaller = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', abortByCaller, { once: true });
    const failure = () =>
      timedOut
        ? new ApiError('下载超时，请稍后重试', ClientErrorCode.timeout)
        : signal?.aborted
          ? new ApiError('下载已取消', ClientErrorCode.abort)
          : new ApiError(NETWORK_FAILURE_MESSAGE, ClientErrorCode.network);

    try {
      let response: Response;
      try {
        response = await deps.fetch(target.href, { method: 'GET', headers, signal: controller.signal });
      } catch {
        throw failure();
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw toApiError(parseJson(text), { status: response.status, errorText: response.statusText });
      }
      const type = response.headers.get('content-type') ?? '';
      const total = Number(response.headers.get('content-length') ?? 0);
      try {
        if (!response.body || !onProgress || !(total > 0)) {
          const blob = await response.blob();
          onProgress?.(100);
          return blob;
        }
        const reader = response.body.getReader();
        const chunks: Uint8Array[] = [];
        let loaded = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          loaded += value.byteLength;
          onProgress(Math.min(99, Math.floor((loaded / total) * 100)));
        }
        onProgress(100);
        return new Blob(chunks as BlobPart[], { type });
      } catch {
        // The line dropped while the bytes were arriving.
        throw failure();
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abortByCaller);
    }
  };
}

/** Fetches `url` as a blob. */
export const fetchBlob = createBlobFetcher();

/**
 * Hands `blob` to the browser to save as `fileName`: a hidden link with `download`, clicked once; its
 * object URL is revoked {@link REVOKE_AFTER_MS} later.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
}

/** Downloads `url` and saves it as `fileName`; resolves once the browser has the file. */
export async function downloadFile(url: string, fileName: string, options: DownloadOptions = {}) {
  saveBlob(await fetchBlob(url, options), fileName);
}

/** The Chinese sentence for a failed download. */
export function downloadFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === ClientErrorCode.network) return NETWORK_FAILURE_MESSAGE;
    if (error.code === ClientErrorCode.timeout || error.code === ClientErrorCode.abort) return error.message;
    if (error.status === 404) return '文件已下架或不存在';
  }
  return userMessage(error);
}

/** The parsed JSON of a failure's body (the API's `{code, msg}` envelope), else the text. */
function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
