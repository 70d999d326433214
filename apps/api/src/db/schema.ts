/**
 * The one database schema (Drizzle pg-core). It runs unchanged on embedded PGlite and on PostgreSQL,
 * so only portable column types are used. `drizzle-kit generate` turns changes here into the next
 * versioned SQL file under apps/api/drizzle/.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Accounts for logged-in learners; visitors have no row here until they log in. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  // Login handle (phone, WeChat openid …). Unique so that seeding and future sign-ups can upsert by it.
  account: text('account').unique(),
  nickname: text('nickname').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  // SPEC §4: VIP is active only while vip_expire lies in the future; null = never VIP.
  vipExpire: timestamp('vip_expire', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per issued session token family: a visitor's device gets a session on its first
 * `POST /base/token`, refreshes keep the same row, and login later fills `user_id`. Keeping sessions
 * here (not in process memory) is what lets several API processes share them.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    // The JWT `sub`; stable across refreshes.
    subject: text('subject').notNull(),
    // The client's generated numeric device id (SPEC §3); JS-safe integers fit in bigint 'number' mode.
    deviceId: bigint('device_id', { mode: 'number' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    // Set when a session is ended (logout); a revoked session's tokens are refused even before expiry.
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_subject_idx').on(t.subject), index('sessions_user_idx').on(t.userId)],
);

/**
 * Editable texts and small structured blocks (labels, articles, notices) addressed by a stable key,
 * e.g. `crm/label/在线客服` for the customer-service card of SPEC §7 base/sysapi/label.
 */
export const content = pgTable('content', {
  key: text('key').primaryKey(),
  // What the row is: 'label' (structured `data`), 'article', 'text' … free-form so that new kinds need
  // no migration.
  kind: text('kind').notNull(),
  title: text('title').notNull().default(''),
  body: text('body').notNull().default(''),
  data: jsonb('data'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
