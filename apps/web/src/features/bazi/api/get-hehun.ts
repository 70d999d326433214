/**
 * `POST /app/bln.suan/hehun`: 合婚 from two whole charts — each point with its reason and weight, the
 * total and its restrained level, and the 生肖 view beside it — for two saved profiles. The reading is a
 * function of the two births alone, so it never goes stale within a visit; offline it says it needs the
 * network, as 合盘 does.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HehunBody } from '@xuanli/contracts/bazi';
import { APP_ROUTES, api } from '@/lib/api';
import { chartRequest, type SavedProfile } from '../profiles';

/** One side of the body: the profile's birth, sex and chart options as 排盘 sends them, named by its name. */
function personOf(profile: SavedProfile): HehunBody['a'] {
  const { born, sex, zi, timeZone, longitude } = chartRequest(profile);
  return { born, sex, label: profile.name.trim() || undefined, zi, timeZone, longitude };
}

/** The body of a 合婚 of `a` (the profile being read) with `b`. */
export function hehunBody(a: SavedProfile, b: SavedProfile): HehunBody {
  return { a: personOf(a), b: personOf(b) };
}

/** Query options of a 合婚. */
export function hehunQueryOptions(body: HehunBody) {
  return queryOptions({
    queryKey: ['bazi', 'hehun', body],
    queryFn: ({ signal }) => api.call(APP_ROUTES.bazi.postHehun, { body }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Offline, try anyway and fail (the card then says 需要联网) rather than wait, paused, forever.
    networkMode: 'always',
  });
}

/** The 合婚 of `body`; idle while it is null. */
export function useHehun(body: HehunBody | null) {
  return useQuery({
    ...hehunQueryOptions(body ?? { a: { born: '', sex: '' }, b: { born: '', sex: '' } }),
    enabled: body !== null,
  });
}
