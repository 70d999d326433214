/**
 * Rate-limit counts shared by every API process on one PostgreSQL: one row per budget key (budget
 * scope + window + client IP) holding its sliding window's slots, updated by atomic upserts (one per
 * request, or per batch of a key's requests that arrived together; store.ts, sliding-window.ts).
 *
 * A custom migration makes the table UNLOGGED (drizzle-kit cannot say so; keep it when the table is
 * ever recreated): a logged upsert waits for a WAL flush on every request, ~3 ms here against ~0.2 ms
 * unlogged. The price — the counts are emptied after a crash and not copied to replicas — is only a
 * fresh window for everyone.
 */
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One budget key's sliding window. */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    /** The newest slot (epoch ms / slot length) whose count is the last of `counts`. */
    slot: bigint('slot', { mode: 'number' }).notNull(),
    /** Admitted requests per slot, oldest first (sliding-window.ts KEPT_SLOTS of them). */
    counts: integer('counts').array().notNull(),
    /** Whether the request that last wrote the row was admitted (what the upsert answers). */
    admitted: boolean('admitted').notNull(),
    /**
     * How many of the requests the last write counted were admitted: one upsert counts every request
     * of a key that arrived while the previous upsert was on its way (store.ts), the first `taken` of
     * them admitted in arrival order.
     */
    taken: integer('taken').notNull().default(0),
    /** When every counted request has left the window; the clean-up deletes by it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_expires_idx').on(t.expiresAt)],
);
