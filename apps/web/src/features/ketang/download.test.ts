/**
 * Saving courseware (fetched as a blob, PRODUCT.md#paths): the request and its token, progress, the blob
 * handed to a `download` link under the file's name, the object URL's release, and failures said in Chinese.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientErrorCode } from '@/lib/api';
import {
  createBlobFetcher,
  downloadFailureMessage,
  isWechatBrowser,
  NETWORK_FAILURE_MESSAGE,
  REVOKE_AFTER_MS,
  saveBlob,
} from './download';

const PDF = new TextEncoder().encode('%PDF-1.4 六十甲子');

/** A fetch that answers `answer` and records what it was asked. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  return vi.fn<typeof fetch>(async () => answer());
}

/** A body that arrives in two pieces, as a slow line delivers it. */
function twoPieces(bytes: Uint8Array, fail = false): ReadableStream<Uint8Array> {
  const half = Math.floor(bytes.length / 2);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, half));
      if (fail) controller.error(new TypeError('network lost'));
      else {
        controller.enqueue(bytes.slice(half));
        controller.close();
      }
    },
  });
}

const fetcher = (fetch: typeof globalThis.fetch, origin = 'http://localhost:3000') =>
  createBlobFetcher({ fetch, origin, getToken: async () => 'jwt-1', timeoutMs: 5000 });

afterEach(() => vi.useRealTimers());

describe('fetchBlob', () => {
  it('GETs the file with the token and reports progress up to 100 %', async () => {
    const fetch = fakeFetch(
      () =>
        new Response(twoPieces(PDF), {
          headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(PDF.length) },
        }),
    );
    const progress: number[] = [];
    const blob = await fetcher(fetch)('/api/files/ketang/jiazi.pdf', { onProgress: (p) => progress.push(p) });

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('http://localhost:3000/api/files/ketang/jiazi.pdf');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({ token: 'jwt-1' });
    expect(blob.type).toBe('application/pdf');
    expect(Array.from(new Uint8Array(await blob.arrayBuffer()))).toEqual(Array.from(PDF));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toBe(100);
    expect(progress[0]).toBeLessThan(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('sends no token to another origin (a presigned storage address)', async () => {
    const fetch = fakeFetch(() => new Response(PDF));
    const blob = await fetcher(fetch)('https://oss.example.com/k/jiazi.pdf?sig=abc');
    expect(fetch.mock.calls[0][1]?.headers).toEqual({});
    expect(blob.size).toBe(PDF.length);
  });

  it('fails with 602001 and 网络异常 when no answer arrives or the line drops midway', async () => {
    const offline = fetcher(
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await offline('/api/files/a.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(ClientErrorCode.network);
    expect(downloadFailureMessage(error)).toBe(NETWORK_FAILURE_MESSAGE);

    const dropped = fetcher(
      fakeFetch(
        () => new Response(twoPieces(PDF, true), { headers: { 'Content-Length': String(PDF.length) } }),
      ),
    );
    const midway = await dropped('/api/files/a.pdf', { onProgress: () => {} }).catch((e: unknown) => e);
    expect((midway as ApiError).code).toBe(ClientErrorCode.network);
  });

  it('reads the server’s envelope of a refusal: a missing file is 已下架或不存在', async () => {
    const fetch = fakeFetch(
      () =>
        new Response(JSON.stringify({ code: 'NotFound', msg: 'no such file' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const error = await fetcher(fetch)('/api/files/gone.pdf').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NotFound', status: 404 });
    expect(downloadFailureMessage(error)).toBe('文件已下架或不存在');
    expect(downloadFailureMessage(new ApiError('boom', 'InternalError', 500))).toBe(
      '服务器出了点问题，请稍后重试',
    );
  });

  it('stops when the caller cancels, with code 600003', async () => {
    const controller = new AbortController();
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = fetcher(fetch)('/api/files/a.pdf', { signal: controller.signal });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    controller.abort();
    expect(await pending.catch((e: unknown) => (e as ApiError).code)).toBe(ClientErrorCode.abort);
  });
});

describe('saveBlob', () => {
  it('clicks a download link named after the file and revokes its URL afterwards', () => {
    vi.useFakeTimers();
    const blob = new Blob([PDF], { type: 'application/pdf' });
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost:3000/f1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inPage: document.body.contains(this) });
    });

    saveBlob(blob, '六十甲子纳音表.pdf');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:http://localhost:3000/f1', download: '六十甲子纳音表.pdf', inPage: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost:3000/f1');
  });
});

describe('isWechatBrowser', () => {
  it('knows WeChat’s in-app browser by its user agent', () => {
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 MicroMessenger/8.0.47')).toBe(
      true,
    );
    expect(
      isWechatBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit/605.1.15 Safari/604.1'),
    ).toBe(false);
  });
});
