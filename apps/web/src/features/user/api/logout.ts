/**
 * `POST crm/member/logout` (accounts wire): ends the session on the server (`{revokedAt}`). The web
 * then clears the user and the stored `jw-token` record (PRODUCT.md#account) — also when the call fails, e.g.
 * offline: a reader who asked to log out must be logged out on this phone.
 */
import { APP_ROUTES } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

/** Path of the call. */
export const LOGOUT_PATH = '/crm/member/logout';

/** Ends the session on the server, then (whatever the answer) clears it locally. */
export async function logoutMember(): Promise<void> {
  try {
    await memberCall(APP_ROUTES.member.postLogout);
  } catch {
    // Offline or already ended: the local logout below is what the reader asked for.
  } finally {
    useSession.getState().logout();
  }
}
