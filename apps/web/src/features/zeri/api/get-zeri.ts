/**
 * `GET /calendar/zeri`: the days of a range for one matter, best first, a page at a time, with the days
 * removed for the family members' clashes. The answer is the engine's `chooseDays` with the operators'
 * holiday days (休/班), so when the server cannot be reached the same engine computes it in the browser,
 * in a worker (./zeri.worker.ts) with the holiday table this phone keeps, and the answer says so
 * (`offline: true`, the page shows 离线计算).
 */
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ALMANAC_ERROR_MESSAGES, type AlmanacErrorCode } from '@xuanli/almanac/errors';
import { zeriResultPage } from '@xuanli/almanac/zeriPage';
import type { ZeriAnswer } from '@xuanli/contracts/calendar';
import { ERROR_MESSAGES_ZH, isErrorCode } from '@xuanli/contracts/errors';
import { HOLIDAYS_STORAGE_KEY_NAME } from '@/config/storage-keys';
import { APP_ROUTES, ApiError, api, serverUnreachable, toApiError } from '@/lib/api';
import { readStorage } from '@/lib/storage';
import type { ZeriWorkerInput, ZeriWorkerReply } from './zeri.worker';

/** One person the days are chosen for. */
export interface ZeriPerson {
  label: string;
  born: string;
  /** The birth clock's zone (IANA id). */
  timeZone: string;
}

/** What a 择日 asks: the matter in the almanac's word, the range, and the people. */
export interface ZeriRequest {
  activity: string;
  from: string;
  to: string;
  people: ZeriPerson[];
}

/** A page of the answer; `offline` when it was computed in the browser. */
export type ZeriPage = ZeriAnswer & { offline?: true };

/** Chosen days on one page. */
export const ZERI_PAGE_SIZE = 20;

/** The query of a request's page: `born`, `label` and `tz` once per person, in the order of the people. */
export function zeriQuery(request: ZeriRequest, page: number) {
  return {
    activity: request.activity,
    from: request.from,
    to: request.to,
    born: request.people.map((person) => person.born),
    label: request.people.map((person) => person.label),
    tz: request.people.map((person) => person.timeZone),
    page,
    size: ZERI_PAGE_SIZE,
  };
}

/**
 * The holiday days this phone keeps (the API's last answer, src/lib/holidays.ts), as the worker takes
 * them: read here rather than through that module, which belongs to the calendar tab's chunks.
 */
function keptHolidayYears(): ZeriWorkerInput['holidays'] {
  const kept = readStorage<{ years?: unknown } | null>(HOLIDAYS_STORAGE_KEY_NAME, null);
  return Array.isArray(kept?.years) ? (kept.years as ZeriWorkerInput['holidays']) : [];
}

/** Runs the engine on `input` in a worker of its own, then ends the worker. */
function zeriInWorker(input: ZeriWorkerInput): Promise<ZeriWorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./zeri.worker.ts', import.meta.url), { name: 'zeri' });
    worker.onmessage = (event: MessageEvent<ZeriWorkerReply>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || '离线择日失败'));
    };
    worker.postMessage(input);
  });
}

/**
 * The refusal's message as the server words it: the engine's English sentence of a code (the older
 * routes' wording) replaced by the Chinese one, the person it names kept ('新郎：公历日期不对…').
 */
function inChinese({ code, message }: { code: string; message: string }): string {
  if (!isErrorCode(code) || !(code in ALMANAC_ERROR_MESSAGES)) return message;
  const sentence = ALMANAC_ERROR_MESSAGES[code as AlmanacErrorCode];
  return /[\u4e00-\u9fff]/.test(sentence) ? message : message.replace(sentence, ERROR_MESSAGES_ZH[code]);
}

/** Whole offline answers by request, so that each further page is a slice rather than another year. */
const offlineResults = new Map<string, Promise<ZeriWorkerReply>>();
const OFFLINE_KEPT = 4;

/**
 * A page of the answer computed in the browser, with the holiday days this phone keeps. An engine
 * refusal becomes the same `ApiError` as the server's 400 (its code; the page says it in Chinese).
 */
export async function zeriInBrowser(request: ZeriRequest, page: number): Promise<ZeriPage> {
  const key = JSON.stringify(request);
  let reply = offlineResults.get(key);
  if (!reply) {
    reply = zeriInWorker({ input: request, holidays: keptHolidayYears() });
    offlineResults.set(key, reply);
    if (offlineResults.size > OFFLINE_KEPT) offlineResults.delete(offlineResults.keys().next().value ?? '');
    reply.catch(() => offlineResults.delete(key));
  }
  const answer = await reply;
  if (!answer.ok) {
    offlineResults.delete(key);
    if (answer.code)
      throw toApiError(
        { code: answer.code, msg: inChinese({ code: answer.code, message: answer.message }) },
        { status: 400 },
      );
    throw new Error(answer.message);
  }
  return { ...zeriResultPage(answer.result, page, ZERI_PAGE_SIZE), offline: true };
}

/** Page `page` of the answer; computed in the browser when the server cannot be reached. */
export async function getZeriPage(
  request: ZeriRequest,
  page: number,
  signal?: AbortSignal,
): Promise<ZeriPage> {
  try {
    return await api.call(
      APP_ROUTES.calendar.getCalendarZeri,
      { query: zeriQuery(request, page) },
      { signal },
    );
  } catch (error) {
    if (!serverUnreachable(error) || signal?.aborted) throw error;
    try {
      return await zeriInBrowser(request, page);
    } catch (offlineError) {
      // The engine's refusal of the input stands; a worker that could not run leaves the first failure.
      throw offlineError instanceof ApiError ? offlineError : error;
    }
  }
}

/**
 * Query options of a 择日, a page at a time. An answer depends on the request and on the operators'
 * holiday days, which change rarely: it stays fresh for ten minutes — an offline one not at all, so it
 * is asked for again once the network is back.
 */
export function zeriQueryOptions(request: ZeriRequest) {
  return infiniteQueryOptions({
    queryKey: ['zeri', request],
    queryFn: ({ pageParam, signal }) => getZeriPage(request, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ZeriPage, pages: ZeriPage[]) =>
      pages.length * ZERI_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    staleTime: (query) =>
      (query.state.data as InfiniteData<ZeriPage> | undefined)?.pages.some((p) => p.offline)
        ? 0
        : 10 * 60_000,
    // Run even when the browser says it is offline: the days are then computed here, not paused.
    networkMode: 'always',
  });
}

/** The 择日 of `request`; idle while it is null (nothing to ask yet). */
export function useZeri(request: ZeriRequest | null) {
  return useInfiniteQuery({
    ...zeriQueryOptions(request ?? { activity: '', from: '', to: '', people: [] }),
    enabled: request !== null,
  });
}
