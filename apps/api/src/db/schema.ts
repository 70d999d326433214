/**
 * Every table, gathered from the modules that own them, for Drizzle's typed queries and for
 * `drizzle-kit generate`, which diffs them into the next versioned SQL file under apps/api/drizzle/
 * (one migration history for PGlite and PostgreSQL). Each module declares its tables in its own
 * `schema.ts`; only portable column types are used.
 */

export { operatorSessions, operators } from '../modules/admin/schema.ts';
export { dingzhiProfiles } from '../modules/bazi/schema.ts';
export { holidayDays, holidayVersion } from '../modules/calendar/schema.ts';
export { articles, content, masters } from '../modules/content/schema.ts';
export {
  courseCategories,
  courseReviews,
  courses,
  courseware,
  lessonProgress,
  lessons,
  uploadChunks,
  uploads,
} from '../modules/ketang/schema.ts';
export { feedback } from '../modules/media/schema.ts';
export { memberQuotas, smsCodes, users } from '../modules/member/schema.ts';
export { mingliProfiles } from '../modules/mingli/schema.ts';
export {
  payFindings,
  payments,
  payNotifications,
  payRefusedCallbacks,
  paySandboxTrades,
  paySecrets,
  refunds,
} from '../modules/pay/schema.ts';
export { rateLimitWindows } from '../modules/ratelimit/schema.ts';
export { calendarEvents, calendarSavedDays, calendarSubscriptions } from '../modules/reminders/schema.ts';
export { sessions } from '../modules/sessions/schema.ts';
export {
  addresses,
  cartItems,
  orderEvents,
  orderItems,
  orders,
  products,
  shopCategories,
  skus,
} from '../modules/shop/schema.ts';
export {
  wechatCredentials,
  wechatIdentities,
  wechatLoginTickets,
  wechatOauthStates,
} from '../modules/wechat/schema.ts';
export { auditLog } from '../shared/audit.ts';
export { courseGrants } from '../shared/course-grants.ts';
