/**
 * `GET crm/ketang/reviews?id=&page=&size=` (classroom wire): a course's reviews, newest first, with
 * its rating summary. Public; with a token the caller's own review is marked `mine` (改评价 starts
 * from it). The course page shows the first page and asks the next on 加载更多.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewList, ReviewQuery } from '@xuanli/contracts/ketang';
import { APP_ROUTES, api, nextPageOf } from '@/lib/api';
import { useSession } from '@/stores/session';

/** Path of the call. */
export const REVIEWS_PATH = '/crm/ketang/reviews';

/** Reviews per page. */
export const REVIEWS_PAGE_SIZE = 10;

/** Fetches one page of the reviews of course `query.id`. */
export function getReviews(query: ReviewQuery, signal?: AbortSignal): Promise<ReviewList> {
  return api.call(
    APP_ROUTES.ketang.getReviews,
    { query: { id: query.id, page: query.page, size: query.size } },
    { signal },
  );
}

/** Key prefix of every page of the reviews of course `id`, whoever reads them. */
export const reviewsQueryPrefix = (id: string) => ['ketang', 'reviews', id] as const;

/** The pages of the reviews of course `id` as `userId` sees them (`mine` answers for the caller). */
export const reviewsQueryOptions = (id: string, userId: number) =>
  infiniteQueryOptions({
    queryKey: [...reviewsQueryPrefix(id), userId],
    queryFn: ({ pageParam, signal }) => getReviews({ id, page: pageParam, size: REVIEWS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 60_000,
  });

/** The reviews of course `id` for a component, as the signed-in user (or a visitor) sees them. */
export function useReviews(id: string) {
  const userId = useSession((s) => s.user?.id ?? 0);
  return useInfiniteQuery(reviewsQueryOptions(id, userId));
}
