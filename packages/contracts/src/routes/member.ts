/**
 * The member routes: SMS login, profile, password, deletion, WeChat binding and the user's course orders, and the console's user management.
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */

import {
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUserParamsSchema,
  AdminUserQuerySchema,
  UserBanBodySchema,
  UserBanStateSchema,
  UserSessionsRevokeBodySchema,
  UserSessionsRevokeResultSchema,
  VipGrantBodySchema,
  VipRevokeBodySchema,
  VipStateSchema,
} from '../admin.ts';
import {
  DeleteBodySchema,
  DeleteResultSchema,
  LoginBodySchema,
  LoginResultSchema,
  MemberLogoutResultSchema,
  MyOrderListSchema,
  PasswordBodySchema,
  PasswordResultSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  SmsBodySchema,
  SmsResultSchema,
} from '../member.ts';
import { defineRoutes } from '../route.ts';
import {
  BindPhoneBodySchema,
  BindPhoneResultSchema,
  WechatBindingSchema,
  WechatLoginBodySchema,
  WechatLoginResultSchema,
  WechatUnbindBodySchema,
  WechatUnbindResultSchema,
} from '../wechat.ts';

/** The app's member routes. */
export const MEMBER_ROUTES = defineRoutes({
  postSms: { method: 'POST', path: '/api/crm/member/sms', body: SmsBodySchema, answer: SmsResultSchema },
  postLogin: {
    method: 'POST',
    path: '/api/crm/member/login',
    body: LoginBodySchema,
    answer: LoginResultSchema,
  },
  postLogout: { method: 'POST', path: '/api/crm/member/logout', answer: MemberLogoutResultSchema },
  getProfile: { method: 'GET', path: '/api/crm/member/profile', answer: ProfileSchema },
  postProfile: {
    method: 'POST',
    path: '/api/crm/member/profile',
    body: ProfileUpdateSchema,
    answer: ProfileSchema,
  },
  postPassword: {
    method: 'POST',
    path: '/api/crm/member/password',
    body: PasswordBodySchema,
    answer: PasswordResultSchema,
  },
  postDelete: {
    method: 'POST',
    path: '/api/crm/member/delete',
    body: DeleteBodySchema,
    answer: DeleteResultSchema,
  },
  postWechat: {
    method: 'POST',
    path: '/api/crm/member/wechat',
    body: WechatLoginBodySchema,
    answer: WechatLoginResultSchema,
  },
  postBindPhone: {
    method: 'POST',
    path: '/api/crm/member/bind-phone',
    body: BindPhoneBodySchema,
    answer: BindPhoneResultSchema,
  },
  getWechat: { method: 'GET', path: '/api/crm/member/wechat', answer: WechatBindingSchema },
  postWechatUnbind: {
    method: 'POST',
    path: '/api/crm/member/wechat/unbind',
    body: WechatUnbindBodySchema,
    answer: WechatUnbindResultSchema,
  },
  getCrmKetangMyorder: { method: 'GET', path: '/api/crm/ketang/myorder', answer: MyOrderListSchema },
});

/** The console's member routes, below `/api/admin/`. */
export const MEMBER_CONSOLE_ROUTES = defineRoutes({
  getUsers: {
    method: 'GET',
    path: '/api/admin/users',
    query: AdminUserQuerySchema,
    answer: AdminUserListSchema,
  },
  getUsersById: {
    method: 'GET',
    path: '/api/admin/users/:id',
    params: AdminUserParamsSchema,
    answer: AdminUserDetailSchema,
  },
  postUsersVip: {
    method: 'POST',
    path: '/api/admin/users/vip',
    body: VipGrantBodySchema,
    answer: VipStateSchema,
  },
  postUsersVipRevoke: {
    method: 'POST',
    path: '/api/admin/users/vip/revoke',
    body: VipRevokeBodySchema,
    answer: VipStateSchema,
  },
  postUsersSessionsRevoke: {
    method: 'POST',
    path: '/api/admin/users/sessions/revoke',
    body: UserSessionsRevokeBodySchema,
    answer: UserSessionsRevokeResultSchema,
  },
  postUsersBan: {
    method: 'POST',
    path: '/api/admin/users/ban',
    body: UserBanBodySchema,
    answer: UserBanStateSchema,
  },
  postUsersUnban: {
    method: 'POST',
    path: '/api/admin/users/unban',
    body: UserBanBodySchema,
    answer: UserBanStateSchema,
  },
});
