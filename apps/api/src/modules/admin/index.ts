/**
 * The admin module's public entry — the console's platform: its own API under `/api/admin/…` (login
 * and TOTP, operators, the audit trail, the dashboard), the access it lends the domain modules for
 * their own console areas (consoleAccessOf: role guard, audit names, OpenAPI security), the operator
 * commands of `npm run admin`.
 */
export { auditorOf } from './account.ts';
export type { ConsoleDeps, OperatorRow } from './deps.ts';
export { createRequireOperator, operatorOf, type RequireOperator } from './guard.ts';
export {
  addOperator,
  disableOperator,
  listOperators,
  type OperatorRef,
  resetOperatorTotp,
  setOperatorPassword,
  setOperatorRole,
} from './operators.ts';
export { CONSOLE_SECURITY, type ConsoleRoutesOptions, consoleAccessOf } from './route-options.ts';
export { type AdminRoutesOptions, adminRoutes } from './routes.ts';
export {
  ADMIN_LOGIN_SETTINGS,
  type AdminLoginSlowdown,
  parseAdminLoginSlowdown,
} from './settings.ts';
// What an authenticator app computes: tests and the end-to-end runs log in with it.
export { totpCode, totpStep } from './totp.ts';
