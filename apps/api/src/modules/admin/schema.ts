/**
 * The people who run 玄历 from the operators' console: their accounts and their logins. Operators are
 * not app users (no phone, no VIP) and never share a table or a token with them.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per operator. Never deleted (the audit trail names them): a leaver is disabled, which ends
 * every login at once.
 */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Lower-case login name, 3–32 of a–z 0–9 _ . - (OPERATOR_USERNAME_PATTERN).
    username: text('username').notNull().unique(),
    displayName: text('display_name').notNull(),
    // 'admin' | 'editor' | 'support' (ADMIN_ROLES); read on every request, so a change applies at once.
    role: text('role', { enum: ['admin', 'editor', 'support'] }).notNull(),
    // argon2id PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash` (password.ts).
    passwordHash: text('password_hash').notNull(),
    // Base32 TOTP secret while two-step verification is on; null when off.
    totpSecret: text('totp_secret'),
    // A secret enrolled but not yet confirmed with a code: not asked for at login until confirmed.
    totpPendingSecret: text('totp_pending_secret'),
    // The last 30-second step whose code was accepted: a code is good once (RFC 6238 §5.2).
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    check('operators_role_check', sql`${t.role} in ('admin', 'editor', 'support')`),
    check('operators_username_check', sql`${t.username} ~ '^[a-z0-9_.-]{3,32}$'`),
  ],
);

/**
 * One row per console login. Kept in the database so that every API process agrees at once when a
 * login ends (logout, the operator disabled, a password change); the console token names the row.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    // A random UUID, the token's `sid`.
    id: text('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // 12 hours after login (ADMIN_SESSION_HOURS); not extended by use.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Refreshed at most once a minute by the requests of the login.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);
