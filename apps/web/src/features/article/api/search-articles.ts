/**
 * Articles of a label, page by page (PRODUCT.md#paths `crm/article/search`): `POST crm/article/search {label,
 * page, size}` → `{list, total}`. Public. Used by the label page's list (the 24 节气, the 宜忌 words).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ArticleSearchBody, ArticleSearchResult } from '@xuanli/contracts/article';
import { APP_ROUTES, api, nextPageOf } from '@/lib/api';

/** Articles per page. */
export const PAGE_SIZE = 20;

/** Fetches one page of a search. */
export function searchArticles(body: ArticleSearchBody, signal?: AbortSignal): Promise<ArticleSearchResult> {
  return api.call(APP_ROUTES.content.postArticleSearch, { body }, { signal });
}

/** The pages of the articles of `label`, the next page asked while fewer than `total` are shown. */
export const labelArticlesQueryOptions = (label: string) =>
  infiniteQueryOptions({
    queryKey: ['articles', label],
    queryFn: ({ pageParam, signal }) => searchArticles({ label, page: pageParam, size: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 60 * 60_000,
  });

/** The label's articles for a component. */
export const useLabelArticles = (label: string) => useInfiniteQuery(labelArticlesQueryOptions(label));
