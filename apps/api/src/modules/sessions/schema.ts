/**
 * Session rows. Keeping sessions in the database (not in process memory) is what lets several API
 * processes share them.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// A foreign key names an account through the member module's one narrow export for it.
import { usersTableForeignKey } from '../member/foreign-keys.ts';

/**
 * One row per issued session token family: a visitor's device gets a session on its first
 * `POST /base/token` and refreshes keep the same row; a login ends that row and opens a new one with
 * `user_id` filled (service.ts startUserSession), so no token from before a login works after it.
 * Each refresh rotates the token: `generation` is the `jti` of the newest one, and only it (and, for
 * the grace period after `refreshed_at`, the one before it) is accepted.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    // The JWT `sub`; stable across refreshes.
    subject: text('subject').notNull(),
    // The client's generated numeric device id (PRODUCT.md#screens); JS-safe integers fit in bigint 'number'
    // mode.
    deviceId: bigint('device_id', { mode: 'number' }),
    userId: integer('user_id').references(usersTableForeignKey, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // When the current generation was issued; also when the previous one's grace period started.
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    generation: integer('generation').notNull().default(0),
    // Set when a session is ended (logout); a revoked session's tokens are refused even before expiry.
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_subject_idx').on(t.subject),
    index('sessions_user_idx').on(t.userId),
    // The purge of expired visitor sessions (service.ts purgeExpiredSessions) reads only this.
    index('sessions_visitor_refreshed_idx').on(t.refreshedAt).where(sql`user_id is null`),
  ],
);
