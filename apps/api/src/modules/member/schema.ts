/**
 * Accounts of logged-in learners and customers (visitors have no row here until they log in), the
 * SMS login codes and the counters behind the SMS and login limits.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per account. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  // Login handle other than the phone (the demo account, a future WeChat openid …). Unique so that
  // seeding and sign-ups can upsert by it.
  account: text('account').unique(),
  // The full mainland number (needed to send codes); the wire only ever shows it masked. Unique, so
  // the first SMS login of a phone creates exactly one account; null once the account is deleted, so
  // the phone can sign up afresh.
  phone: text('phone').unique(),
  // argon2id (PHC string); null until the user sets a password.
  passwordHash: text('password_hash'),
  nickname: text('nickname').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  // PRODUCT.md#vip: VIP is active only while vip_expire lies in the future; null = never VIP.
  vipExpire: timestamp('vip_expire', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Set when the user deleted the account: the row stays (orders refer to it) but holds nothing personal.
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  // Set while an operator has banned the account: no login by any method, no SMS code for its phone,
  // and every session ended. The reason is the operator's, shown in the console (the audit trail has it too).
  bannedAt: timestamp('banned_at', { withTimezone: true }),
  banReason: text('ban_reason'),
  // Set (with deleted_at) when the account became part of another one: a WeChat account whose owner
  // linked the phone of an existing account, which then holds its orders, courses and VIP days.
  mergedInto: integer('merged_into'),
});

/**
 * The current login code of each phone. One row per phone: sending a new code replaces the old one,
 * and the row's `sent_at` is what the 60 s resend rule is checked against, in the same statement that
 * writes it (so two processes cannot both send). The code itself is never stored, only its keyed hash.
 */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  // HMAC-SHA256 of phone and code (codes.ts); null once the code was used or burnt.
  codeHash: text('code_hash'),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  // Wrong tries against the current code; the fifth burns it.
  attempts: integer('attempts').notNull().default(0),
});

/**
 * Counters of the member limits (SMS per phone and per IP a day, logins per phone): one row per key
 * and window, taken one at a time by a conditional upsert that never goes past the limit (quota.ts).
 * Unlike the request rate limits (modules/ratelimit) these are logged, not UNLOGGED: each SMS costs
 * money, and a crash must not hand out a fresh day.
 */
export const memberQuotas = pgTable(
  'member_quotas',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('member_quotas_expires_idx').on(t.expiresAt),
  ],
);
