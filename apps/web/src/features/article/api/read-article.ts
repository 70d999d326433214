/**
 * One article (PRODUCT.md#paths `crm/article/read`): `POST crm/article/read {id}` or `{label, name}` → the
 * article with its HTML, sanitised by the server with an allow-list. Public: visitors read it too.
 * An unknown or unpublished article is 404 NotFound.
 */
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Article, ArticleReadBody } from '@xuanli/contracts/article';
import { APP_ROUTES, api } from '@/lib/api';

/** Fetches the article `body` names. */
export function readArticle(body: ArticleReadBody, signal?: AbortSignal): Promise<Article> {
  return api.call(APP_ROUTES.content.postArticleRead, { body }, { signal });
}

/** Query of one article, by id or by label and name. */
export const articleQueryOptions = (body: ArticleReadBody) =>
  queryOptions({
    queryKey: 'id' in body ? ['article', 'id', body.id] : ['article', body.label, body.name],
    queryFn: ({ signal }) => readArticle(body, signal),
    // Articles change rarely; an hour keeps back-and-forth reading off the network.
    staleTime: 60 * 60_000,
  });

/** The article for a component; `null` (a link without a usable id or name) asks nothing. */
export function useArticle(body: ArticleReadBody | null) {
  const options = body ? articleQueryOptions(body) : null;
  return useQuery({
    queryKey: options?.queryKey ?? ['article', 'none'],
    queryFn: body ? ({ signal }) => readArticle(body, signal) : skipToken,
    staleTime: options?.staleTime,
  });
}
