/**
 * The member module's public entry: accounts, SMS login and the one function every login method ends
 * in, profiles, VIP status, account deletion with what it erases in each table, the operators' VIP and
 * ban actions with their audit trail, the console's app-user area, the account figures and names the
 * console's dashboard and audit trail read, and the accounts' public columns other lists join.
 */

export { accountCards } from './account-cards.ts';
export {
  accountNamesOf,
  activeVipCount,
  expiringVips,
  newAccountCount,
  newAccountsPerDay,
} from './account-figures.ts';
export {
  type AdminDeps,
  type BanState,
  banUser,
  grantVip,
  MAX_VIP_DAYS,
  revokeVip,
  showVip,
  unbanUser,
  type VipStatus,
} from './admin.ts';
export { purgeMemberLeftovers } from './cleanup.ts';
export { type UserConsoleOptions, userConsoleRoutes } from './console-users.routes.ts';
export { ACCOUNT_DATA_TABLES, type AccountErasure, type ErasedAccount, type Erasure } from './erasure.ts';
export { type AccountMerge, MERGED_NICKNAME } from './merge.ts';
export { maskPhone } from './phone.ts';
export {
  type CourseProgressFields,
  type CourseProgressReader,
  type MemberRoutesOptions,
  memberRoutes,
} from './routes.ts';
export { DEMO_ACCOUNT, seedMembers } from './seed.ts';
export { findUser, type MemberDeps, memberDeps, profileOf, signInUser } from './service.ts';
export { OUTBOX_FILE } from './sms/outbox.ts';
export { createSmsSender, type SmsMessage, type SmsSender } from './sms/sender.ts';
export { parseSmsConfig, type SmsConfig, type SmsProvider } from './sms/settings.ts';
export { configureUserCache } from './user-cache.ts';
export type { WechatAccounts, WechatLogin } from './wechat.ts';
