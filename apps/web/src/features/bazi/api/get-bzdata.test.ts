import { baziChart } from '@xuanli/almanac/bazi/chart';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientErrorCode, TOKEN_STORAGE_KEY } from '@/lib/api';
import { isRetryable, userMessage } from '@/lib/error-message';
import { failureAnswer, okAnswer, tokenAnswer } from '@/testing/fake-answers';
import { chartRequest, DEFAULT_OPTIONS } from '../profiles';
import { type ChartWorkerReply, chartReply } from './chart.worker';
import { bzdataQueryOptions, chartInBrowser, getBzdata, serverUnreachable } from './get-bzdata';

/** 2025-06-15 12:00 in Beijing: a chart's 流月 default to 2025, as the server's clock would give. */
const NOW = Date.UTC(2025, 5, 15, 4);

/** A session token issued at the tests' now (the API client reads the clock, faked or not, at each call). */
function storeFreshToken() {
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ jwt: 'jwt', iat: Math.floor(NOW / 1000) }));
}

const BODY = chartRequest({
  name: '张三',
  sex: '男',
  born: '公 1990-05-10 08:00',
  options: { ...DEFAULT_OPTIONS, province: '广东', city: '广州', trueSolar: true },
});

/** What the server answers for `BODY` (apps/api/src/modules/bazi/service.ts `chartOf` at NOW). */
function serverChart(body = BODY) {
  const { name, ...input } = body;
  return { name, ...baziChart({ ...input, liuyueYear: input.liuyueYear ?? 2025 }) };
}

/** No network: the browser says it is offline, and every request fails (TypeError, as browsers throw). */
function cutTheNetwork() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const fetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Fetch replaced: a token, then `answer` for bzdata. */
function serverAnswers(answer: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/base/token') ? tokenAnswer('jwt', Date.now() / 1000) : answer(),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** jsdom has no Worker: this one runs ./chart.worker.ts's handler in the page, as a message later. */
class FakeWorker {
  static started: string[] = [];
  onmessage: ((event: MessageEvent<ChartWorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor(url: URL) {
    FakeWorker.started.push(url.pathname);
  }
  postMessage(input: Parameters<typeof chartReply>[0]) {
    setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: chartReply(input) })));
  }
  terminate() {}
}

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getBzdata', () => {
  it('returns the server chart as it is when the server answers', async () => {
    serverAnswers(() => okAnswer(serverChart()));
    const chart = await getBzdata(BODY);
    expect(chart.offline).toBeUndefined();
    expect(chart.sizhu).toEqual(serverChart().sizhu);
  });

  it('computes the chart in the browser, marked offline, when there is no network', async () => {
    const fetch = cutTheNetwork();
    const chart = await getBzdata(BODY);
    expect(fetch).toHaveBeenCalled();
    expect(chart.offline).toBe(true);
    // The very answer the server would have given, 流月 of the current Beijing year included.
    const { offline: _, ...rest } = chart;
    expect(rest).toEqual(serverChart());
    expect(chart.options.liuyueYear).toBe(2025);
    expect(chart.name).toBe('张三');
    // In the chart worker, never in the page's own bundle.
    expect(FakeWorker.started).toEqual([expect.stringMatching(/chart\.worker\.ts$/)]);
  });

  it('falls back too when a token is stored and only the bzdata request fails', async () => {
    storeFreshToken();
    const fetch = cutTheNetwork();
    const chart = await getBzdata({ ...BODY, liuyueYear: 2031 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(chart.offline).toBe(true);
    expect(chart.options.liuyueYear).toBe(2031);
    expect(chart.liuyue).toEqual(serverChart({ ...BODY, liuyueYear: 2031 }).liuyue);
  });

  it('falls back when the gateway says the server is down (502/503/504)', async () => {
    serverAnswers(() => new Response('Bad Gateway', { status: 502 }));
    expect((await getBzdata(BODY)).offline).toBe(true);
    serverAnswers(() => failureAnswer('Unavailable', 'database unavailable'));
    expect((await getBzdata(BODY)).offline).toBe(true);
  });

  it("keeps the server's refusal of a bad input: no offline chart hides it", async () => {
    serverAnswers(() => failureAnswer('WRONG_BIRTH_TEXT', '生日参数错误！'));
    const error = await getBzdata({ ...BODY, born: '公 1990-13-10 08:00' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('WRONG_BIRTH_TEXT');
  });

  it('keeps the network failure when no worker can run (the reader then reads 需要联网)', async () => {
    cutTheNetwork();
    vi.stubGlobal('Worker', undefined);
    const error = await getBzdata(BODY).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ClientErrorCode.network });
    expect(userMessage(error)).toContain('需要联网');
  });

  it('gives up, without a chart, when the caller cancels', async () => {
    storeFreshToken();
    cutTheNetwork();
    const controller = new AbortController();
    controller.abort();
    await expect(getBzdata(BODY, controller.signal)).rejects.toMatchObject({ code: ClientErrorCode.abort });
  });
});

describe('chartInBrowser', () => {
  it('refuses a bad input offline as the server does (same code, Chinese message, no retry)', async () => {
    const error = await chartInBrowser({ ...BODY, born: '公 1990-13-10 08:00' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(userMessage(error)).toMatch(/[\u4e00-\u9fff]/);
    expect(isRetryable(error)).toBe(false);
  });

  it('names the 流月 year of Beijing, not of the phone: 2025-12-31 16:30 UTC is 2026 there', async () => {
    const chart = await chartInBrowser(BODY, Date.UTC(2025, 11, 31, 16, 30));
    expect(chart.options.liuyueYear).toBe(2026);
  });
});

describe('chartReply (the worker)', () => {
  it("answers the engine's chart, or its refusal with the code", () => {
    const { name: _, hourUnknown: __, ...input } = BODY;
    const reply = chartReply(input);
    expect(reply.ok && reply.chart.sizhu).toEqual(baziChart(input).sizhu);
    expect(chartReply({ ...input, sex: '男女' as never })).toMatchObject({ ok: false, code: 'WRONG_SEX' });
  });

  it('charts three pillars offline when the hour is unknown, as the server does', () => {
    const { name: _, hourUnknown: __, ...input } = BODY;
    const reply = chartReply({ ...input, hourUnknown: true });
    expect(reply.ok && reply.chart.sizhu.hour).toBeNull();
    expect(reply.ok && reply.chart.hourUnknown).toBe(true);
  });
});

describe('serverUnreachable', () => {
  it('is true for network failures, time-outs and 502/503/504, false for answers and aborts', () => {
    expect(serverUnreachable(new ApiError('网络连接失败', ClientErrorCode.network))).toBe(true);
    expect(serverUnreachable(new ApiError('请求超时', ClientErrorCode.timeout))).toBe(true);
    expect(serverUnreachable(new ApiError('x', 'BadRequest', 504))).toBe(true);
    expect(serverUnreachable(new ApiError('x', 'InternalError', 500))).toBe(false);
    expect(serverUnreachable(new ApiError('x', 'WRONG_SEX', 400))).toBe(false);
    expect(serverUnreachable(new ApiError('请求已取消', ClientErrorCode.abort))).toBe(false);
    expect(serverUnreachable(new TypeError('x'))).toBe(false);
  });
});

describe('bzdataQueryOptions', () => {
  it('keeps a server chart fresh for the visit and asks again for an offline one', () => {
    const { staleTime } = bzdataQueryOptions(BODY);
    const asQuery = (data: unknown) => ({ state: { data } }) as never;
    expect(typeof staleTime).toBe('function');
    if (typeof staleTime !== 'function') return;
    expect(staleTime(asQuery(serverChart()))).toBe(Number.POSITIVE_INFINITY);
    expect(staleTime(asQuery({ ...serverChart(), offline: true }))).toBe(0);
  });
});
