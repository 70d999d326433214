/**
 * `GET shop/categories` (shop wire): the catalogue's categories in display order (手串, 摆件, 书籍,
 * 课程, 咨询…). Public. The shop tab draws them as capsules after its own 全部.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '@xuanli/contracts/shop';
import { APP_ROUTES, api } from '@/lib/api';

/** Path of the call. */
export const CATEGORIES_PATH = '/shop/categories';

/** Fetches the categories. */
export function getCategories(signal?: AbortSignal): Promise<CategoryList> {
  return api.call(APP_ROUTES.shop.getCategories, {}, { signal });
}

/** Query of the categories; operators change them rarely, so half an hour keeps them off the network. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['shop', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 30 * 60_000,
  });

/** The categories for a component. */
export const useCategories = () => useQuery(categoriesQueryOptions());
