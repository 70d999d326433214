/**
 * 我的订单 (shop wire): `GET shop/orders?status=&page=&size=` → `{list, total}`, newest first, page by
 * page. No status lists every order.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderList, OrderQuery, OrderStatus } from '@xuanli/contracts/shop';
import { APP_ROUTES, nextPageOf } from '@/lib/api';
import { memberCall } from '@/stores/session';

/** Query-key prefix of every order list; an order that changes invalidates them all. */
export const ORDERS_KEY = ['shop', 'orders'] as const;

/** Orders per page. */
export const ORDERS_PAGE_SIZE = 10;

/** Fetches one page of the buyer's orders. */
export function getOrders(query: OrderQuery, signal?: AbortSignal): Promise<OrderList> {
  return memberCall(APP_ROUTES.shop.getOrders, { query }, { signal });
}

/** The pages of the orders in `status` (all when undefined), the next one asked while fewer than `total` show. */
export const ordersQueryOptions = (status: OrderStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...ORDERS_KEY, status ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      getOrders({ status, page: pageParam, size: ORDERS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // Orders change state on their own (payment callbacks, the time-out): ask again on every visit.
    staleTime: 0,
  });

/** The buyer's orders in `status` for a component. */
export const useOrders = (status: OrderStatus | undefined) => useInfiniteQuery(ordersQueryOptions(status));
