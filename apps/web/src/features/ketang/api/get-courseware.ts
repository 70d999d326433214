/**
 * `GET crm/ketang/kejian?course=` (classroom wire): the free courseware (课件) in display order, each
 * file with its name to save it as, its download URL, pages and size. Public. With `course`, only the
 * files that belong with that course.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursewareList } from '@xuanli/contracts/ketang';
import { APP_ROUTES, api } from '@/lib/api';

/** Path of the call. */
export const COURSEWARE_PATH = '/crm/ketang/kejian';

/** Fetches the courseware, all of it or that of course `course`. */
export function getCourseware(course: string | null, signal?: AbortSignal): Promise<CoursewareList> {
  return api.call(APP_ROUTES.ketang.getKejian, { query: { course: course ?? undefined } }, { signal });
}

/** Query of the courseware (of one course, or all with `null`); the files change rarely. */
export const coursewareQueryOptions = (course: string | null) =>
  queryOptions({
    queryKey: ['ketang', 'courseware', course],
    queryFn: ({ signal }) => getCourseware(course, signal),
    staleTime: 10 * 60_000,
  });

/** The courseware for a component, all of it or that of `course`. */
export const useCourseware = (course: string | null) => useQuery(coursewareQueryOptions(course));
