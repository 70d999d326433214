/**
 * The online customer-service card (PRODUCT.md#content, #paths): `POST base/sysapi/label {model: 'crm', name:
 * '在线客服'}`, whose `content` holds `{avatar, nickname, intro, wx, qrcode}`. The last answer is kept in local
 * storage as `kefu-info` (PRODUCT.md#content), so the card shows at once on the next visit (even offline)
 * while a fresh copy is fetched in the background.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_ROUTES, api } from '@/lib/api';
import { readStorage, writeStorage } from '@/lib/storage';
import { type ContactInfo, toContactInfo } from './contact';

/** Local-storage key of the cached card (PRODUCT.md#content). */
export const KEFU_STORAGE_KEY = 'kefu-info';

/** Label of the customer-service block. */
export const KEFU_LABEL = { model: 'crm', name: '在线客服' } as const;

/** Fetches the customer-service card and keeps it as `kefu-info`. */
export async function getKefu(signal?: AbortSignal): Promise<ContactInfo> {
  const label = await api.call(APP_ROUTES.content.postBaseSysapiLabel, { body: KEFU_LABEL }, { signal });
  const info = toContactInfo(label.content);
  writeStorage(KEFU_STORAGE_KEY, info);
  return info;
}

/** The cached card, when one was stored and still looks like one. */
export function cachedKefu(): ContactInfo | undefined {
  const stored = readStorage<unknown>(KEFU_STORAGE_KEY, undefined);
  return stored && typeof stored === 'object' ? toContactInfo(stored) : undefined;
}

/**
 * Query of the card: starts from the cached copy (marked as old, so it is refetched at once) and
 * keeps showing it when the refresh fails.
 */
export const kefuQueryOptions = () =>
  queryOptions({
    queryKey: ['kefu'],
    queryFn: ({ signal }) => getKefu(signal),
    initialData: cachedKefu,
    initialDataUpdatedAt: 0,
  });

/** The customer-service card for a component. */
export const useKefu = () => useQuery(kefuQueryOptions());
