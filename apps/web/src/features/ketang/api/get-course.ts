/**
 * `GET crm/ketang/show?id=` (classroom wire): a course page — teacher, price or 免费, its lessons in
 * order with 试看 marks, what the caller may play, the caller's progress in each, and the intro
 * (sanitised HTML). Public; with a token `owned`, `done` and `position` answer for the caller.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail } from '@xuanli/contracts/ketang';
import { APP_ROUTES, api } from '@/lib/api';
import { useSession } from '@/stores/session';

/** Path of the call. */
export const COURSE_PATH = '/crm/ketang/show';

/** Fetches course `id`. */
export function getCourse(id: string, signal?: AbortSignal): Promise<CourseDetail> {
  return api.call(APP_ROUTES.ketang.getShow, { query: { id } }, { signal });
}

/**
 * Query of course `id` as `userId` sees it (0 for a visitor): the key carries the user, so logging in
 * or out never shows another caller's progress or 已购 state. Progress moves while learning and a
 * purchase is made on other pages, so every page that opens it shows what it has and asks again.
 */
export const courseQueryOptions = (id: string, userId: number) =>
  queryOptions({
    queryKey: ['ketang', 'course', id, userId],
    queryFn: ({ signal }) => getCourse(id, signal),
    staleTime: 0,
  });

/** Course `id` for a component, as the signed-in user (or a visitor) sees it; `null` asks nothing. */
export function useCourse(id: string | null) {
  const userId = useSession((s) => s.user?.id ?? 0);
  return useQuery({ ...courseQueryOptions(id ?? '', userId), enabled: id !== null });
}
