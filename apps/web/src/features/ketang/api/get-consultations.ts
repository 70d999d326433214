/**
 * `GET shop/products?kind=service&q=风水` (shop wire): the shop's on-shelf 风水 consultations (the
 * `service` products whose title says 风水), for the 风水 page's 服务项目. Public. The shop sells other
 * consultations too (八字详批 …); they belong on the shop, not on this page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '@xuanli/contracts/shop';
import { APP_ROUTES, api } from '@/lib/api';

/** Path of the call. */
export const CONSULTATIONS_PATH = '/shop/products';

/** The word a 风水 consultation's title carries. */
export const CONSULTATION_WORD = '风水';

/** How many the page lists: the services are few; more than this would belong on the shop. */
export const CONSULTATIONS_SHOWN = 10;

/** Fetches the 风水 consultations. */
export function getConsultations(signal?: AbortSignal): Promise<ProductList> {
  return api.call(
    APP_ROUTES.shop.getProducts,
    { query: { kind: 'service', q: CONSULTATION_WORD, page: 1, size: CONSULTATIONS_SHOWN } },
    { signal },
  );
}

/** Query of the 风水 consultations; prices and stock move with orders, so fresh for a minute. */
export const consultationsQueryOptions = () =>
  queryOptions({
    queryKey: ['ketang', 'consultations'],
    queryFn: ({ signal }) => getConsultations(signal),
    staleTime: 60_000,
  });

/** The 风水 consultations for a component. */
export const useConsultations = () => useQuery(consultationsQueryOptions());
