/**
 * 意见反馈: what logged-in users write to the operators (text, a rating, up to 9 images).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
// A foreign key names an account through the member module's one narrow export for it.
import { usersTableForeignKey } from '../member/foreign-keys.ts';

/** One row per submitted feedback, read by operators newest first. */
export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(usersTableForeignKey, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    // A rating, 1–5 (PRODUCT.md#input-rules).
    rating: smallint('rating').notNull(),
    // `/api/files/feedback/…` URLs answered by base/upload.
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    // How to reply (phone, WeChat ID); '' when not given. Personal data: cleared with the account.
    contact: text('contact').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt), index('feedback_user_idx').on(t.userId)],
);
