/**
 * `POST /app/bln.Suan/bzdata` (PRODUCT.md#paths): the chart of a birth profile. The server answers
 * `{name, ...baziChart(body)}` from the shared engine, so the types are the engine's own.
 *
 * When the server cannot be reached (no network, a time-out, a gateway or server that is down), the
 * same engine computes the chart in the browser, exactly as the server would (apps/api/src/modules/
 * bazi/service.ts `chartOf`), and the answer is marked `offline: true` so the page can say so. The
 * engine runs in a worker (./chart.worker.ts) that loads only then; the service worker precaches it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnyBaziChart } from '@xuanli/almanac/bazi/chart';
import { ApiError, api, serverUnreachable, toApiError } from '@/lib/api';
import { beijingToday } from '@/lib/dates';
import type { ChartRequest } from '../profiles';
import type { ChartInput, ChartWorkerReply } from './chart.worker';

/** The bzdata answer: the engine's chart JSON plus the name it was asked for. */
export type BzChart = AnyBaziChart & {
  name: string;
  /** Set when the chart was computed in the browser because the server could not be reached. */
  offline?: true;
};

/** Path of the call; the server matches it without regard to case. */
export const BZDATA_PATH = '/app/bln.Suan/bzdata';

export { serverUnreachable };

/** Runs the engine on `input` in a worker of its own (see ./chart.worker.ts), then ends the worker. */
function chartInWorker(input: ChartInput): Promise<ChartWorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./chart.worker.ts', import.meta.url), { name: 'bazi-chart' });
    worker.onmessage = (event: MessageEvent<ChartWorkerReply>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || '离线排盘失败'));
    };
    worker.postMessage(input);
  });
}

/**
 * The chart of `body` computed in the browser with the server's inputs: the 流月 of the current year in
 * Beijing unless the body names one. An engine refusal becomes the same `ApiError` as the server's 400
 * (its code, so the page shows the same Chinese message and offers no retry).
 */
export async function chartInBrowser(body: ChartRequest, nowMs: number = Date.now()): Promise<BzChart> {
  const input = {
    born: body.born,
    sex: body.sex,
    zi: body.zi,
    longitude: body.longitude,
    timeZone: body.timeZone,
    yunSchool: body.yunSchool,
    liunianCount: body.liunianCount,
    liuyueYear: body.liuyueYear ?? Number(beijingToday(nowMs).slice(0, 4)),
  };
  // 时辰不详 as the server reads it: only `true` asks for three pillars.
  const reply = await chartInWorker(body.hourUnknown === true ? { ...input, hourUnknown: true } : input);
  if (reply.ok) return { name: body.name ?? '', ...reply.chart, offline: true };
  if (reply.code) throw toApiError({ code: reply.code, msg: reply.message }, { status: 400 });
  throw new Error(reply.message);
}

/** Fetches the chart of `body`; computes it in the browser when the server cannot be reached. */
export async function getBzdata(body: ChartRequest, signal?: AbortSignal): Promise<BzChart> {
  try {
    // Not through the route table: its chart schema passes the engine's nested fields through as
    // unknown (so that a field the engine adds is never stripped), while the engine's own type is exact.
    return await api.post<BzChart>(BZDATA_PATH, body, { signal });
  } catch (error) {
    if (!serverUnreachable(error) || signal?.aborted) throw error;
    try {
      return await chartInBrowser(body);
    } catch (offlineError) {
      // The engine's refusal of the input stands; a worker that could not run leaves the first failure.
      throw offlineError instanceof ApiError ? offlineError : error;
    }
  }
}

/**
 * Query options of a chart. A chart is a pure function of its body (the 流月 year is in the body when
 * it matters), so it never goes stale within a visit — unless it was computed offline: then it is
 * asked for again once the network is back (TanStack Query refetches stale queries on reconnect).
 */
export function bzdataQueryOptions(body: ChartRequest) {
  return queryOptions({
    queryKey: ['bazi', 'bzdata', body],
    queryFn: ({ signal }) => getBzdata(body, signal),
    staleTime: (query) => (query.state.data?.offline ? 0 : Number.POSITIVE_INFINITY),
    // Run even when the browser says it is offline: the chart is then computed here, not paused.
    networkMode: 'always',
  });
}

/** The chart of `body`; idle while `body` is null. */
export function useBzdata(body: ChartRequest | null) {
  return useQuery({
    ...bzdataQueryOptions(body ?? ({} as ChartRequest)),
    enabled: body !== null,
  });
}
