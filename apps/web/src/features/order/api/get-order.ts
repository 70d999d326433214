/**
 * One order (shop wire): `GET shop/orders/{orderNo}` → OrderDetail, with its address snapshot, amounts
 * and timeline. A pending order past its deadline reads as cancelled once the server's short grace for
 * payments still being confirmed is over. Another buyer's order
 * is 404 NotFound, like one that does not exist.
 */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { ORDERS_KEY } from './get-orders';

/** Query key of one order; the order actions put their answer here. */
export const orderKey = (orderNo: string) => ['shop', 'order', orderNo] as const;

/** Fetches order `orderNo`. */
export function getOrder(orderNo: string, signal?: AbortSignal): Promise<OrderDetail> {
  return memberCall(APP_ROUTES.shop.getOrdersByOrderNo, { params: { orderNo } }, { signal });
}

/** Query of one order. */
export const orderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: orderKey(orderNo),
    queryFn: ({ signal }) => getOrder(orderNo, signal),
    // The status moves on the server (payment, shipping, time-out): never trust an old copy.
    staleTime: 0,
  });

/** Seconds between two looks at an unpaid order on its own page (a payment may land at any moment). */
const PENDING_POLL_MS = 5000;

/**
 * Order `orderNo` for a component; an empty number asks nothing. `watch` asks again every few seconds
 * while the order is unpaid, so the page shows a payment the provider confirmed in the background.
 */
export function useOrder(orderNo: string, { watch = false }: { watch?: boolean } = {}) {
  return useQuery({
    ...orderQueryOptions(orderNo),
    enabled: orderNo !== '',
    refetchInterval: (query) => (watch && query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

/**
 * Puts an order an action answered into the cache (the detail page shows it at once) and marks every
 * order list stale, since the order may have moved to another tab.
 */
export function storeOrder(queryClient: QueryClient, detail: OrderDetail): void {
  queryClient.setQueryData(orderKey(detail.orderNo), detail);
  void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
}
