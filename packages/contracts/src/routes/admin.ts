/**
 * The console's own routes (`/api/admin/…`): login, the operator's account and TOTP, operators, the audit trail and the 概览 dashboard.
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */

import {
  AdminLoginBodySchema,
  AdminLoginResultSchema,
  AdminLogoutResultSchema,
  AdminMeSchema,
  AdminPasswordBodySchema,
  AuditListSchema,
  AuditQuerySchema,
  OperatorAddBodySchema,
  OperatorDisableBodySchema,
  OperatorListSchema,
  OperatorParamsSchema,
  OperatorResultSchema,
  OperatorRoleBodySchema,
  TotpCodeBodySchema,
  TotpEnrolResultSchema,
  TotpStateSchema,
} from '../admin.ts';
import { DashboardTrendsSchema, ExpiringVipsSchema, SetupChecklistSchema } from '../admin-dashboard.ts';
import { DashboardSchema } from '../admin-shop.ts';
import { defineRoutes } from '../route.ts';

/** The console's admin routes, below `/api/admin/`. */
export const ADMIN_CONSOLE_ROUTES = defineRoutes({
  postLogin: {
    method: 'POST',
    path: '/api/admin/login',
    body: AdminLoginBodySchema,
    answer: AdminLoginResultSchema,
  },
  postLogout: { method: 'POST', path: '/api/admin/logout', answer: AdminLogoutResultSchema },
  getMe: { method: 'GET', path: '/api/admin/me', answer: AdminMeSchema },
  postMePassword: {
    method: 'POST',
    path: '/api/admin/me/password',
    body: AdminPasswordBodySchema,
    answer: AdminMeSchema,
  },
  postMeTotpEnrol: { method: 'POST', path: '/api/admin/me/totp/enrol', answer: TotpEnrolResultSchema },
  postMeTotpConfirm: {
    method: 'POST',
    path: '/api/admin/me/totp/confirm',
    body: TotpCodeBodySchema,
    answer: TotpStateSchema,
  },
  postMeTotpDisable: {
    method: 'POST',
    path: '/api/admin/me/totp/disable',
    body: TotpCodeBodySchema,
    answer: TotpStateSchema,
  },
  getOperators: { method: 'GET', path: '/api/admin/operators', answer: OperatorListSchema },
  postOperators: {
    method: 'POST',
    path: '/api/admin/operators',
    body: OperatorAddBodySchema,
    answer: OperatorResultSchema,
  },
  postOperatorsByIdDisable: {
    method: 'POST',
    path: '/api/admin/operators/:id/disable',
    params: OperatorParamsSchema,
    body: OperatorDisableBodySchema,
    answer: OperatorResultSchema,
  },
  postOperatorsByIdRole: {
    method: 'POST',
    path: '/api/admin/operators/:id/role',
    params: OperatorParamsSchema,
    body: OperatorRoleBodySchema,
    answer: OperatorResultSchema,
  },
  getAudit: { method: 'GET', path: '/api/admin/audit', query: AuditQuerySchema, answer: AuditListSchema },
  getDashboard: { method: 'GET', path: '/api/admin/dashboard', answer: DashboardSchema },
  getDashboardTrends: { method: 'GET', path: '/api/admin/dashboard/trends', answer: DashboardTrendsSchema },
  getDashboardExpiringVips: {
    method: 'GET',
    path: '/api/admin/dashboard/expiring-vips',
    answer: ExpiringVipsSchema,
  },
  getDashboardSetup: { method: 'GET', path: '/api/admin/dashboard/setup', answer: SetupChecklistSchema },
});
