/**
 * `POST crm/member/login {phone, code}` or `{phone, password}` (accounts wire): the server ends the
 * caller's session and opens a new one for the user. The answer `{jwt, iat, user}` becomes the stored
 * `jw-token` record (PRODUCT.md#account: logged in = the record holds a user), which the session store's
 * `login` writes; the token sent with the login is refused from then on (lib/api.ts keeps this record when a
 * request sent before the login comes back 401).
 */
import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@xuanli/contracts/member';
import { APP_ROUTES, api } from '@/lib/api';
import { useSession } from '@/stores/session';

/** Path of the call. */
export const LOGIN_PATH = '/crm/member/login';

/** Logs in with a phone and an SMS code or a password; resolves with the new token record. */
export function login(body: LoginBody): Promise<LoginResult> {
  return api.call(APP_ROUTES.member.postLogin, { body });
}

/** Mutation logging in; on success the session store keeps the answered token record and user. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => useSession.getState().login(result),
  });
}
