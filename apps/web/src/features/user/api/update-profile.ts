/**
 * `POST crm/member/profile {nickname?, avatar?}` (accounts wire): changes the nickname (1–20
 * characters after trimming) and/or the avatar (a URL answered by `base/upload`, or ''). The answered
 * profile replaces the user in the session store.
 */
import { useMutation } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@xuanli/contracts/member';
import { APP_ROUTES } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

/** Path of the call. */
export const UPDATE_PROFILE_PATH = '/crm/member/profile';

/** Saves the fields present in `body`; resolves with the new profile. */
export function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return memberCall(APP_ROUTES.member.postProfile, { body });
}

/** Mutation saving the profile; on success the store shows the new one. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => useSession.getState().setUser(profile),
  });
}
