/**
 * `GET crm/member/profile` (PRODUCT.md#paths): the logged-in user. Fetched by the app layer at launch and
 * whenever the login flag changes (PRODUCT.md#account, src/app/session-sync.ts) and kept in the session
 * store, which every page reads; so there is no query cache for it. This module stays free of TanStack Query
 * because the sync runs on every route, the calendar included. The reader did not ask for it, so it is a
 * background call: a 401 clears the user without sending anyone to the login page.
 */
import type { Profile } from '@xuanli/contracts/member';
import { APP_ROUTES } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

/** Path of the call. */
export const PROFILE_PATH = '/crm/member/profile';

/** Fetches the logged-in user's profile. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return memberCall(APP_ROUTES.member.getProfile, {}, { signal, background: true });
}

/** Fetches the profile and puts it into the session store (and the stored token record). */
export async function syncProfile(signal?: AbortSignal): Promise<Profile> {
  const profile = await getProfile(signal);
  // A logout while the answer was on its way must not log the reader back in.
  if (useSession.getState().isLogin) useSession.getState().setUser(profile);
  return profile;
}
