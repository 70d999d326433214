/**
 * `GET shop/products/{id}` (shop wire): one product with its SKUs, gallery, option names and the
 * description HTML (sanitised by the server). Public. An off-shelf product still answers, with
 * `onShelf: false`; an unknown id is 404 NotFound.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@xuanli/contracts/shop';
import { APP_ROUTES, api } from '@/lib/api';

/** Path of the call for product `id`. */
export const productPath = (id: number) => `/shop/products/${id}`;

/** Fetches product `id`. */
export function getProduct(id: number, signal?: AbortSignal): Promise<ProductDetail> {
  return api.call(APP_ROUTES.shop.getProductsById, { params: { id } }, { signal });
}

/**
 * Query of product `id`. Stock and price move with orders, so it is fresh for half a minute only:
 * coming back to the page after a purchase shows the new stock.
 */
export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['shop', 'product', id],
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: 30_000,
  });

/** Product `id` for a component; `null` (a link without a usable id) asks nothing. */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
