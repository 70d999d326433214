/**
 * `POST /app/bln.suan/miji` (PRODUCT.md#paths): readings of a chart (日主, 五行, 十神, 神煞), drawn by the
 * server from editable content in its database.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Readings } from '@xuanli/contracts/bazi';
import { APP_ROUTES, api } from '@/lib/api';
import type { ChartRequest } from '../profiles';

/** The miji answer (the wire contract's `Readings`). */
export type Miji = Readings;

/** A group of readings, e.g. key 'rizhu', title '日主'. */
export type MijiSection = Miji['sections'][number];

/** One reading: a heading, its text and the content key of the text on the server. */
export type MijiItem = MijiSection['items'][number];

/** Fetches the readings of the chart of `body` (the same body as bzdata). */
export async function getMiji(body: ChartRequest, signal?: AbortSignal): Promise<Miji> {
  // Content is edited by hand on the server: tolerate a missing or partial list rather than crash.
  const data: Partial<Miji> | null = await api.call(APP_ROUTES.bazi.postMiji, { body }, { signal });
  const sections = Array.isArray(data?.sections) ? data.sections : [];
  return {
    sections: sections
      .filter((s) => s && typeof s.title === 'string')
      .map((s) => ({ ...s, items: Array.isArray(s.items) ? s.items : [] })),
  };
}

/** Query options of the readings of `body`'s chart. */
export function mijiQueryOptions(body: ChartRequest) {
  return queryOptions({
    queryKey: ['bazi', 'miji', body],
    queryFn: ({ signal }) => getMiji(body, signal),
    staleTime: 10 * 60_000,
    // Offline, try anyway and fail (the card then says 需要联网) rather than wait, paused, forever.
    networkMode: 'always',
  });
}

/** The readings of `body`'s chart; idle while `body` is null. */
export function useMiji(body: ChartRequest | null) {
  return useQuery({ ...mijiQueryOptions(body ?? ({} as ChartRequest)), enabled: body !== null });
}
