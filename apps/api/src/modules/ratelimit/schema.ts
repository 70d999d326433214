/**
 * Rate-limit counters shared by every API process on one PostgreSQL: one row per client key and
 * window, bumped atomically by each request (store.ts).
 *
 * The migration creates the table UNLOGGED (drizzle-kit cannot say so; keep it when the table is ever
 * recreated): a logged upsert waits for a WAL flush on every request, ~3 ms here against ~0.2 ms
 * unlogged. The price — the counts are emptied after a crash and not copied to replicas — is only a
 * fresh window for everyone.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Requests counted for a key (budget scope + client IP) in one fixed time window. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    // Kept beside the start because budgets have different windows; the clean-up deletes by it.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_expires_idx').on(t.expiresAt),
  ],
);
