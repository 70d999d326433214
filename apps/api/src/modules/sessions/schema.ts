/**
 * Session rows. Keeping sessions in the database (not in process memory) is what lets several API
 * processes share them.
 */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../member/schema.ts';

/**
 * One row per issued session token family: a visitor's device gets a session on its first
 * `POST /base/token`, refreshes keep the same row, and login later fills `user_id`.
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
