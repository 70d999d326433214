/**
 * `GET shop/products?categoryId=&q=&page=&size=` (shop wire): on-shelf products, page by page
 * (`{list, total}`). Public. The shop tab's grid asks the next page as the reader nears its end.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProductList, ProductQuery } from '@xuanli/contracts/shop';
import { APP_ROUTES, api, nextPageOf } from '@/lib/api';

/** Path of the call. */
export const PRODUCTS_PATH = '/shop/products';

/** Products per page. */
export const PRODUCTS_PAGE_SIZE = 20;

/** What the grid is narrowed to: one category and/or words in the title. */
export interface ProductFilter {
  categoryId?: number;
  q?: string;
}

/** Fetches one page of products. */
export function getProducts(query: ProductQuery, signal?: AbortSignal): Promise<ProductList> {
  return api.call(
    APP_ROUTES.shop.getProducts,
    {
      query: {
        categoryId: query.categoryId,
        kind: query.kind,
        q: query.q,
        page: query.page,
        size: query.size,
      },
    },
    { signal },
  );
}

/** The pages of the products `filter` selects; the next page is asked while fewer than `total` show. */
export const productsQueryOptions = (filter: ProductFilter) =>
  infiniteQueryOptions({
    queryKey: ['shop', 'products', { categoryId: filter.categoryId ?? null, q: filter.q ?? '' }],
    queryFn: ({ pageParam, signal }) =>
      getProducts(
        {
          categoryId: filter.categoryId,
          q: filter.q || undefined,
          page: pageParam,
          size: PRODUCTS_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** The products of `filter` for a component. */
export const useProducts = (filter: ProductFilter) => useInfiniteQuery(productsQueryOptions(filter));
