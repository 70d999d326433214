/**
 * `GET crm/ketang/play?lesson=` (classroom wire): where a lesson's video is fetched from — a signed URL
 * that stops working at `expires` — and the caller's saved position in it. The answer also sets an
 * HttpOnly cookie the URL needs, bound to this session: `fetch` keeps it (same origin), and the
 * `<video>` sends it with every range by itself. Public for the lessons
 * anyone may watch (free courses, 试看 lessons); a paid lesson answers a visitor 401 and a logged-in
 * user who has not bought the course 403.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Play } from '@xuanli/contracts/ketang';
import { APP_ROUTES, api } from '@/lib/api';
import { useSession } from '@/stores/session';

/** Path of the call. */
export const PLAY_PATH = '/crm/ketang/play';

/** Asks for the media URL of lesson `lesson`. */
export function getPlay(lesson: number, signal?: AbortSignal): Promise<Play> {
  return api.call(APP_ROUTES.ketang.getPlay, { query: { lesson } }, { signal });
}

/**
 * Query of lesson `lesson` as `userId` (0 for a visitor) may watch it. Asked once per visit of the
 * lesson and never again by itself: a new answer is a new URL, and swapping the source of a playing
 * video would restart it, so only the player asks again (after the URL expired or was refused). It is
 * dropped once the lesson is left, so coming back reads the saved position afresh. A refusal is an
 * answer, not a failure to retry.
 */
export const playQueryOptions = (lesson: number, userId: number) =>
  queryOptions({
    queryKey: ['ketang', 'play', lesson, userId],
    queryFn: ({ signal }) => getPlay(lesson, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The media URL of lesson `lesson` for a component, as the signed-in user (or a visitor); `null` asks nothing. */
export function usePlay(lesson: number | null) {
  const userId = useSession((s) => s.user?.id ?? 0);
  return useQuery({ ...playQueryOptions(lesson ?? 0, userId), enabled: lesson !== null });
}
