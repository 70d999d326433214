/** The logged-in operator's own calls (every role; packages/contracts/src/admin.ts). */
import type {
  AdminLogoutResult,
  AdminMe,
  AdminPasswordBody,
  TotpCodeBody,
  TotpEnrolResult,
  TotpState,
} from '@xuanli/contracts/admin';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/me`: the operator of the token and when the login ends. */
export function getMe(): Promise<AdminMe> {
  return api.call(CONSOLE_ROUTES.admin.getMe);
}

/** `POST /api/admin/logout`: ends this login on the server. */
export function logout(): Promise<AdminLogoutResult> {
  return api.call(CONSOLE_ROUTES.admin.postLogout);
}

/** `POST /api/admin/me/password`: changes the own password; other logins of the operator end. */
export function changePassword(body: AdminPasswordBody): Promise<AdminMe> {
  return api.call(CONSOLE_ROUTES.admin.postMePassword, { body });
}

/** `POST /api/admin/me/totp/enrol`: a new secret for the authenticator app (not on until confirmed). */
export function enrolTotp(): Promise<TotpEnrolResult> {
  return api.call(CONSOLE_ROUTES.admin.postMeTotpEnrol);
}

/** `POST /api/admin/me/totp/confirm`: turns two-step verification on with a current code. */
export function confirmTotp(body: TotpCodeBody): Promise<TotpState> {
  return api.call(CONSOLE_ROUTES.admin.postMeTotpConfirm, { body });
}

/** `POST /api/admin/me/totp/disable`: turns two-step verification off with a current code. */
export function disableTotp(body: TotpCodeBody): Promise<TotpState> {
  return api.call(CONSOLE_ROUTES.admin.postMeTotpDisable, { body });
}
