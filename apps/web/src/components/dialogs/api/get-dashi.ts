/**
 * The master (dashi) contact card (PRODUCT.md#content, #paths): `GET crm/dashi?sellid=` (no sellid = the
 * default master). PRODUCT.md#content: the record is cached — in the session store's persisted `dashi` — and
 * refetched only when a different sellid is asked for.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_ROUTES, api } from '@/lib/api';
import { useSession } from '@/stores/session';
import { type ContactInfo, toContactInfo } from './contact';

/** The cached master when it answers for `sellid` (any cached master when no sellid is asked for). */
export function cachedDashi(sellid?: number | string): ContactInfo | undefined {
  const cached = useSession.getState().dashi;
  if (!cached) return undefined;
  if (sellid !== undefined && sellid !== '' && String(cached.sellid) !== String(sellid)) return undefined;
  return toContactInfo(cached);
}

/**
 * The session store's `getDashi`: the cached master for this sellid, else a fetch whose
 * answer replaces the cache.
 */
export async function getDashi(sellid?: number | string, signal?: AbortSignal): Promise<ContactInfo> {
  const cached = cachedDashi(sellid);
  if (cached) return cached;
  const master = await api.call(
    APP_ROUTES.content.getDashi,
    // A sellid from a link is text; the wire's is a row id.
    { query: { sellid: sellid === undefined || sellid === '' ? undefined : Number(sellid) } },
    { signal },
  );
  const info = toContactInfo(master);
  useSession.getState().setDashi(info);
  return info;
}

/** Query of one master; the store is the cache, so the query never goes stale on its own. */
export const dashiQueryOptions = (sellid?: number | string) =>
  queryOptions({
    queryKey: ['dashi', sellid === undefined ? '' : String(sellid)],
    queryFn: ({ signal }) => getDashi(sellid, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The master for a component. */
export const useDashi = (sellid?: number | string) => useQuery(dashiQueryOptions(sellid));
