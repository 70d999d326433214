/**
 * Accounts of logged-in learners and customers; visitors have no row here until they log in.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per account. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  // Login handle (phone, WeChat openid …). Unique so that seeding and sign-ups can upsert by it.
  account: text('account').unique(),
  nickname: text('nickname').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  // SPEC §4: VIP is active only while vip_expire lies in the future; null = never VIP.
  vipExpire: timestamp('vip_expire', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
