import type { ErrorEnvelope, OkEnvelope } from '@xuanli/contracts/envelope';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode } from './api';
import { userMessage } from './error-message';
import { createUploader } from './upload';

type Outcome =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'error' }
  | { kind: 'timeout' }
  | { kind: 'hang' };

/** A fake XMLHttpRequest at the network boundary: records what was sent and plays `outcome`. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  private readonly outcome: Outcome;

  constructor(outcome: Outcome) {
    this.outcome = outcome;
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    this.sent = form;
    const outcome = this.outcome;
    setTimeout(() => {
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 200 } as ProgressEvent);
      progress(50);
      progress(200);
      if (outcome.kind === 'answer') {
        this.status = outcome.status;
        this.responseText = outcome.body === null ? '' : JSON.stringify(outcome.body);
        this.onload?.();
      } else if (outcome.kind === 'error') this.onerror?.();
      else if (outcome.kind === 'timeout') this.ontimeout?.();
    });
  }
}

function uploaderAnswering(outcome: Outcome) {
  return createUploader({
    baseUrl: '/api',
    getToken: async () => 'jwt-1',
    createRequest: () => new FakeXhr(outcome) as unknown as XMLHttpRequest,
  });
}

const ok = (url: string): OkEnvelope<{ url: string }> => ({ code: 0, msg: 'ok', resData: { url } });
const failure = (code: ErrorEnvelope['code'], msg: string): ErrorEnvelope => ({ code, msg });
const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });

describe('uploadFile', () => {
  it('posts multipart with the token in header and form, the purpose, the file; reports progress', async () => {
    const upload = uploaderAnswering({ kind: 'answer', status: 200, body: ok('/api/files/ab12') });
    const progress: number[] = [];
    const result = await upload(file(), { purpose: 'feedback', onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ url: '/api/files/ab12' });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/base/upload']);
    expect(xhr.headers.token).toBe('jwt-1');
    expect(xhr.sent?.get('token')).toBe('jwt-1');
    expect(xhr.sent?.get('purpose')).toBe('feedback');
    expect((xhr.sent!.get('file') as File).name).toBe('me.jpg');
    expect(progress).toEqual([25, 100, 100]);
  });

  it('sends purpose avatar by default', async () => {
    await uploaderAnswering({ kind: 'answer', status: 200, body: ok('/api/files/x') })(file());
    expect(FakeXhr.last?.sent?.get('purpose')).toBe('avatar');
  });

  it.each([
    [413, failure('PayloadTooLarge', 'file too large'), 'PayloadTooLarge'],
    [415, failure('UnsupportedMediaType', 'not an image'), 'UnsupportedMediaType'],
    [401, failure('Unauthorized', 'login required'), 'Unauthorized'],
  ])('maps a %i answer to an ApiError with its code, shown in Chinese', async (status, body, code) => {
    const error = await uploaderAnswering({ kind: 'answer', status, body })(file()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    expect((error as ApiError).status).toBe(status);
    expect(userMessage(error)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('says a 5xx with an empty body in Chinese', async () => {
    const error = await uploaderAnswering({ kind: 'answer', status: 500, body: null })(file()).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).code).toBe('BadRequest');
    expect(userMessage(error)).toBe(ERROR_MESSAGES_ZH.InternalError);
    // A gateway's 502 with nobody behind it: the service is away, not broken.
    const away = await uploaderAnswering({ kind: 'answer', status: 502, body: null })(file()).catch(
      (e: unknown) => e,
    );
    expect(userMessage(away)).toBe(ERROR_MESSAGES_ZH.Unavailable);
  });

  it('gives code 602001 on a network failure and 5 on a time-out (PRODUCT.md#errors)', async () => {
    const network = await uploaderAnswering({ kind: 'error' })(file()).catch((e: unknown) => e);
    expect((network as ApiError).code).toBe(ClientErrorCode.network);
    const timeout = await uploaderAnswering({ kind: 'timeout' })(file()).catch((e: unknown) => e);
    expect((timeout as ApiError).code).toBe(ClientErrorCode.timeout);
    expect(FakeXhr.last?.timeout).toBe(60_000);
  });

  it('fails with 600003 when the caller cancels', async () => {
    const controller = new AbortController();
    const pending = uploaderAnswering({ kind: 'hang' })(file(), { signal: controller.signal });
    await new Promise((r) => setTimeout(r));
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(ClientErrorCode.abort);
  });

  it('refuses a 2xx answer without a url', async () => {
    const body: OkEnvelope<object> = { code: 0, msg: 'ok', resData: {} };
    const error = await uploaderAnswering({ kind: 'answer', status: 200, body })(file()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(userMessage(error)).toBe('上传失败，请重试');
  });
});
