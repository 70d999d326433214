/**
 * Every table, gathered from the modules that own them, for Drizzle's typed queries and for
 * `drizzle-kit generate`, which diffs them into the next versioned SQL file under apps/api/drizzle/
 * (one migration history for PGlite and PostgreSQL). Each module declares its tables in its own
 * `schema.ts`, which exports its tables and nothing else; only portable column types are used.
 */

export * from '../modules/admin/schema.ts';
export * from '../modules/bazi/schema.ts';
export * from '../modules/calendar/schema.ts';
export * from '../modules/content/schema.ts';
export * from '../modules/ketang/schema.ts';
export * from '../modules/media/schema.ts';
export * from '../modules/member/schema.ts';
export * from '../modules/mingli/schema.ts';
export * from '../modules/pay/schema.ts';
export * from '../modules/ratelimit/schema.ts';
export * from '../modules/reminders/schema.ts';
export * from '../modules/sessions/schema.ts';
export * from '../modules/shop/schema.ts';
export * from '../modules/wechat/schema.ts';
export { auditLog } from '../shared/audit.ts';
export { courseGrants } from '../shared/course-grants.ts';
