/**
 * The signed-in account's 定制 profile (its birth profile and fortune type): `GET` / `PUT
 * app/bln.suan/dingzhi/profile`. It is a record of its own on the server, so the chart 排盘 draws for
 * someone else never replaces it and a second phone shows the same fortune. Read by the 定制 tab and
 * written by the VIP form (and by the tab's fortune-type switch). The answer is kept with the other
 * reading answers for offline use (lib/query-persist.ts), and goes when the account leaves the phone.
 */

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isYunType } from '@xuanli/almanac/bazi/yunType';
import type { DingzhiProfile, DingzhiProfileAnswer, DingzhiProfileBody } from '@xuanli/contracts/dingzhi';
import { APP_ROUTES } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

export type { DingzhiProfile };

/**
 * Path of the calls: the contract's `DINGZHI_PROFILE_PATH`, written out because the web imports only the
 * contracts' types (their values would bring TypeBox into the bundle).
 */
export const DINGZHI_PROFILE_PATH = '/app/bln.suan/dingzhi/profile';

/** The query key of the profile of user `userId`. */
export const dingzhiProfileKey = (userId: number) => ['dingzhi-profile', userId] as const;

/** Fetches the caller's profile; null before the first save. */
export function getDingzhiProfile(signal?: AbortSignal): Promise<DingzhiProfileAnswer> {
  return memberCall(APP_ROUTES.bazi.getDingzhiProfile, {}, { signal });
}

/** Replaces the caller's profile; resolves with the stored one. */
export function putDingzhiProfile(body: DingzhiProfileBody): Promise<DingzhiProfile> {
  return memberCall(APP_ROUTES.bazi.putDingzhiProfile, { body });
}

/** Query of user `userId`'s profile. */
export const dingzhiProfileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: dingzhiProfileKey(userId),
    queryFn: ({ signal }) => getDingzhiProfile(signal),
  });

/** The signed-in account's profile; not asked while `enabled` is false (a visitor, no VIP). */
export function useDingzhiProfile(enabled = true) {
  const userId = useSession((s) => s.user?.id ?? 0);
  return useQuery({ ...dingzhiProfileQueryOptions(userId), enabled: enabled && userId > 0 });
}

/**
 * Saves a profile for the signed-in account. The answer becomes the profile the 定制 tab shows, and
 * its fortune type the session store's `yunType` (PRODUCT.md#screens); the 排盘 page's `bazi` is left alone.
 */
export function useSaveDingzhiProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putDingzhiProfile,
    // Offline the save fails at once and says so, instead of waiting unseen for the network.
    networkMode: 'always',
    onSuccess: (profile) => {
      const userId = useSession.getState().user?.id;
      if (userId !== undefined) client.setQueryData(dingzhiProfileKey(userId), profile);
      if (isYunType(profile.yunType)) useSession.getState().setYunType(profile.yunType);
    },
  });
}
