/**
 * The 风水 service's case articles (PRODUCT.md#paths `crm/article/search`): `POST crm/article/search {label:
 * '风水', page: 1, size}` → `{list, total}`, in the label's order. Public. The 风水 page shows the first
 * few; the label page lists them all.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleSearchResult } from '@xuanli/contracts/article';
import { APP_ROUTES, api } from '@/lib/api';

/** Path of the call. */
export const ARTICLE_SEARCH_PATH = '/crm/article/search';

/** The label of the case articles. */
export const FENGSHUI_CASE_LABEL = '风水';

/** How many cases the 风水 page shows. */
export const CASES_SHOWN = 5;

/** Fetches the first cases. */
export function getFengshuiCases(signal?: AbortSignal): Promise<ArticleSearchResult> {
  return api.call(
    APP_ROUTES.content.postArticleSearch,
    { body: { label: FENGSHUI_CASE_LABEL, page: 1, size: CASES_SHOWN } },
    { signal },
  );
}

/** Query of the first cases; articles change rarely. */
export const fengshuiCasesQueryOptions = () =>
  queryOptions({
    queryKey: ['ketang', 'fengshui-cases'],
    queryFn: ({ signal }) => getFengshuiCases(signal),
    staleTime: 30 * 60_000,
  });

/** The first cases for a component. */
export const useFengshuiCases = () => useQuery(fengshuiCasesQueryOptions());
