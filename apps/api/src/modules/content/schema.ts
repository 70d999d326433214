/**
 * Editable texts and small structured blocks (labels, articles, notices, reading texts).
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Content addressed by a stable key, e.g. `crm/label/在线客服` for the customer-service card of
 * SPEC §7 base/sysapi/label.
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
