/**
 * What checkout shows before the order exists (shop wire): `POST shop/orders/preview {items,
 * addressId?}` → the lines at today's prices, 商品金额, 运费 and 实付, all computed by the server (the
 * app never adds money up itself), and whether any line ships (needs an address).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderPreview, OrderPreviewBody } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';

/** Path of the call. */
export const PREVIEW_PATH = '/shop/orders/preview';

/** Fetches the preview of `body`. */
export function previewOrder(body: OrderPreviewBody, signal?: AbortSignal): Promise<OrderPreview> {
  return memberCall(APP_ROUTES.shop.postOrdersPreview, { body }, { signal });
}

/** Query of a checkout preview; a new address keeps the old figures on screen until the new ones come. */
export const orderPreviewQueryOptions = (body: OrderPreviewBody) =>
  queryOptions({
    queryKey: ['shop', 'order-preview', body],
    queryFn: ({ signal }) => previewOrder(body, signal),
    // Prices and stock can change at any time: always ask again when checkout opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The preview for a component; `null` (items not known yet) asks nothing. */
export function useOrderPreview(body: OrderPreviewBody | null) {
  return useQuery({
    ...orderPreviewQueryOptions(body ?? { items: [] }),
    enabled: body !== null,
  });
}
