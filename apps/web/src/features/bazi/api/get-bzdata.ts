/**
 * `POST /app/bln.Suan/bzdata` (SPEC §7): the chart of a birth profile. The server answers
 * `{name, ...baziChart(body)}` from the shared engine, so the types are the engine's own.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BaziChart } from '@xuanli/almanac/bazi/chart';
import { api } from '@/lib/api';
import type { ChartRequest } from '../profiles';

/** The bzdata answer: the engine's chart JSON plus the name it was asked for. */
export type BzChart = BaziChart & { name: string };

/** Path of the call; the server matches it without regard to case. */
export const BZDATA_PATH = '/app/bln.Suan/bzdata';

/** Fetches the chart of `body`. */
export function getBzdata(body: ChartRequest, signal?: AbortSignal): Promise<BzChart> {
  return api.post<BzChart>(BZDATA_PATH, body, { signal });
}

/**
 * Query options of a chart. A chart is a pure function of its body (the 流月 year is in the body when
 * it matters), so it never goes stale within a visit.
 */
export function bzdataQueryOptions(body: ChartRequest) {
  return queryOptions({
    queryKey: ['bazi', 'bzdata', body],
    queryFn: ({ signal }) => getBzdata(body, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The chart of `body`; idle while `body` is null. */
export function useBzdata(body: ChartRequest | null) {
  return useQuery({
    ...bzdataQueryOptions(body ?? ({} as ChartRequest)),
    enabled: body !== null,
  });
}
