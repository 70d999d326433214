/**
 * `GET crm/ketang/categories` (classroom wire): the course categories in display order (八字, 风水,
 * 六爻, 择日 …), each with the number of published courses in it. Public. The 课堂 tab draws them as
 * tiles and the course list as filter chips.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCategoryList } from '@xuanli/contracts/ketang';
import { APP_ROUTES, api } from '@/lib/api';

/** Path of the call. */
export const COURSE_CATEGORIES_PATH = '/crm/ketang/categories';

/** Fetches the course categories. */
export function getCourseCategories(signal?: AbortSignal): Promise<CourseCategoryList> {
  return api.call(APP_ROUTES.ketang.getCategories, {}, { signal });
}

/** Query of the categories; operators change them rarely, so ten minutes keeps them off the network. */
export const courseCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['ketang', 'categories'],
    queryFn: ({ signal }) => getCourseCategories(signal),
    staleTime: 10 * 60_000,
  });

/** The course categories for a component. */
export const useCourseCategories = () => useQuery(courseCategoriesQueryOptions());
