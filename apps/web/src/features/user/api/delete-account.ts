/**
 * `POST crm/member/delete {}` (accounts wire; account deletion as PIPL requires): the profile is
 * anonymised, every session of the user ends and the phone may sign up afresh. The web then logs out.
 */
import { useMutation } from '@tanstack/react-query';
import type { DeleteResult } from '@xuanli/contracts/member';
import { APP_ROUTES } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

/** Path of the call. */
export const DELETE_ACCOUNT_PATH = '/crm/member/delete';

/** Deletes the logged-in account. */
export function deleteAccount(): Promise<DeleteResult> {
  // The body is empty (`DeleteBodySchema`): the session says whose account it is.
  const body: Record<string, never> = {};
  return memberCall(APP_ROUTES.member.postDelete, { body });
}

/** Mutation deleting the account; on success the session is cleared on this phone. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => useSession.getState().logout(),
  });
}
