/**
 * `GET crm/ketang/list?keyword=&category=&page=&size=` (classroom wire): published courses page by
 * page (`{list, total}`), in the operators' order, or best matches first when words are given (title
 * before teacher before introduction). Public; with a token each course says whether the caller
 * bought it (`owned`).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CourseList, CourseQuery } from '@xuanli/contracts/ketang';
import { COURSE_PAGE_SIZE } from '@xuanli/contracts/ketang-labels';
import { APP_ROUTES, api, nextPageOf } from '@/lib/api';
import { useSession } from '@/stores/session';

/** Path of the call. */
export const COURSES_PATH = '/crm/ketang/list';

/** What a course list is narrowed to: words to look for and/or one category. */
export interface CourseFilter {
  keyword?: string;
  category?: number;
}

/** Fetches one page of courses. */
export function getCourses(query: CourseQuery, signal?: AbortSignal): Promise<CourseList> {
  return api.call(
    APP_ROUTES.ketang.getList,
    { query: { keyword: query.keyword, category: query.category, page: query.page, size: query.size } },
    { signal },
  );
}

/**
 * The pages of the courses `filter` selects as `userId` sees them (0 for a visitor: `owned` answers
 * for the caller, so the key carries the user). The next page is asked while fewer than `total` show.
 */
export const coursesQueryOptions = (filter: CourseFilter, userId: number) =>
  infiniteQueryOptions({
    queryKey: [
      'ketang',
      'courses',
      { keyword: filter.keyword ?? '', category: filter.category ?? null },
      userId,
    ],
    queryFn: ({ pageParam, signal }) =>
      getCourses(
        {
          keyword: filter.keyword || undefined,
          category: filter.category,
          page: pageParam,
          size: COURSE_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 60_000,
  });

/** The courses of `filter` for a component, as the signed-in user (or a visitor) sees them. */
export function useCourses(filter: CourseFilter) {
  const userId = useSession((s) => s.user?.id ?? 0);
  return useInfiniteQuery(coursesQueryOptions(filter, userId));
}
