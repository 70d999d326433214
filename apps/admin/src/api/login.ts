/** `POST /api/admin/login` (packages/contracts/src/admin.ts): the only console call without a token. */
import type { AdminLoginBody, AdminLoginResult } from '@xuanli/contracts/admin';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** Logs an operator in; fails with the server's code (`OperatorLoginFailed`, `TotpRequired`, …). */
export function login(body: AdminLoginBody): Promise<AdminLoginResult> {
  return api.call(CONSOLE_ROUTES.admin.postLogin, { body }, { auth: false });
}
