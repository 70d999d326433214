/**
 * The member module's public entry: accounts (the `users` table), SMS login, profiles, VIP status and
 * the operators' VIP commands with their audit trail.
 */
export {
  type AdminDeps,
  grantVip,
  MAX_VIP_DAYS,
  revokeVip,
  showVip,
  type VipStatus,
} from './admin.ts';
export { purgeMemberLeftovers } from './cleanup.ts';
export { maskPhone } from './phone.ts';
export {
  type CourseProgressFields,
  type CourseProgressReader,
  type MemberRoutesOptions,
  memberRoutes,
} from './routes.ts';
export { memberQuotas, smsCodes, users } from './schema.ts';
export { DEMO_ACCOUNT, seedMembers } from './seed.ts';
export { findUser, type MemberDeps, memberDeps, profileOf } from './service.ts';
export { OUTBOX_FILE } from './sms/outbox.ts';
export { createSmsSender, type SmsMessage, type SmsSender } from './sms/sender.ts';
export { configureUserCache } from './user-cache.ts';
