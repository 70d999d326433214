/**
 * `GET shop/products/{id}` (shop wire) for a consultation: its page names the master it is booked
 * with (`sellid`), whom the 风水 page's 联系大师 opens (PRODUCT.md#screens). Public.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@xuanli/contracts/shop';
import { APP_ROUTES, api } from '@/lib/api';

/** Path of the call for product `id`. */
export const consultationPath = (id: number) => `/shop/products/${id}`;

/** Fetches consultation (product) `id`. */
export function getConsultation(id: number, signal?: AbortSignal): Promise<ProductDetail> {
  return api.call(APP_ROUTES.shop.getProductsById, { params: { id } }, { signal });
}

/** Query of consultation `id`; its master changes rarely. */
export const consultationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['ketang', 'consultation', id],
    queryFn: ({ signal }) => getConsultation(id, signal),
    staleTime: 10 * 60_000,
  });

/** Consultation `id` for a component; `null` asks nothing. */
export function useConsultation(id: number | null) {
  return useQuery({ ...consultationQueryOptions(id ?? 0), enabled: id !== null });
}
