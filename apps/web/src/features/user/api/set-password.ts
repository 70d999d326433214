/**
 * `POST crm/member/password {password, oldPassword?}` (accounts wire): sets the login password
 * (8–64 characters with a letter and a digit). `oldPassword` is required when one is already set —
 * a wrong one answers `LoginFailed`.
 */
import { useMutation } from '@tanstack/react-query';
import type { PasswordBody, PasswordResult } from '@xuanli/contracts/member';
import { APP_ROUTES } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

/** Path of the call. */
export const PASSWORD_PATH = '/crm/member/password';

/** Sets a new password. */
export function setPassword(body: PasswordBody): Promise<PasswordResult> {
  return memberCall(APP_ROUTES.member.postPassword, { body });
}

/** Mutation setting the password; on success the stored user knows a password exists. */
export function useSetPassword() {
  return useMutation({
    mutationFn: setPassword,
    onSuccess: () => {
      const { user, setUser } = useSession.getState();
      if (user && !user.hasPassword) setUser({ ...user, hasPassword: true });
    },
  });
}
