/** The users calls of the console (roles admin and support; packages/contracts/src/admin.ts). */
import type {
  AdminUserDetail,
  AdminUserList,
  AdminUserQuery,
  UserBanBody,
  UserBanState,
  UserSessionsRevokeBody,
  UserSessionsRevokeResult,
  VipGrantBody,
  VipRevokeBody,
  VipState,
} from '@xuanli/contracts/admin';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/users`: a page of users matching a phone or nickname, newest first. */
export function listUsers(query: AdminUserQuery): Promise<AdminUserList> {
  return api.call(CONSOLE_ROUTES.member.getUsers, { query });
}

/** `GET /api/admin/users/{id}`: the user with their sessions and recent orders. */
export function getUser(id: number): Promise<AdminUserDetail> {
  return api.call(CONSOLE_ROUTES.member.getUsersById, { params: { id } });
}

/** `POST /api/admin/users/vip`: grants or extends VIP by a number of days. */
export function grantVip(body: VipGrantBody): Promise<VipState> {
  return api.call(CONSOLE_ROUTES.member.postUsersVip, { body });
}

/** `POST /api/admin/users/vip/revoke`: ends VIP now. */
export function revokeVip(body: VipRevokeBody): Promise<VipState> {
  return api.call(CONSOLE_ROUTES.member.postUsersVipRevoke, { body });
}

/** `POST /api/admin/users/sessions/revoke`: ends every app login of the user. */
export function revokeUserSessions(body: UserSessionsRevokeBody): Promise<UserSessionsRevokeResult> {
  return api.call(CONSOLE_ROUTES.member.postUsersSessionsRevoke, { body });
}

/** `POST /api/admin/users/ban`: bans the account (its logins end, its phone cannot log in) with a reason. */
export function banUser(body: UserBanBody): Promise<UserBanState> {
  return api.call(CONSOLE_ROUTES.member.postUsersBan, { body });
}

/** `POST /api/admin/users/unban`: lifts the account's ban with a reason. */
export function unbanUser(body: UserBanBody): Promise<UserBanState> {
  return api.call(CONSOLE_ROUTES.member.postUsersUnban, { body });
}
