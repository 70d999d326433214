/**
 * Holiday days entered by operators from State Council notices published after the engine's built-in
 * plans (packages/almanac `data/holidays.ts`), and the version of that table that clients compare.
 */

import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One entered day; it replaces the built-in entry of its date in every calendar answer. */
export const holidayDays = pgTable('holiday_days', {
  date: date('date', { mode: 'string' }).primaryKey(),
  // As the notice names the holiday; a make-up workday carries the holiday it belongs to.
  name: text('name').notNull(),
  // true = a day off of the break (休), false = a make-up workday (调休上班).
  offDay: boolean('off_day').notNull(),
  // Title of the notice the day comes from.
  notice: text('notice').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  // Username of the operator who saved the day last (the audit log keeps every change).
  updatedBy: text('updated_by').notNull(),
});

/**
 * The table's version: one row, created by the first save and raised by one in the transaction of every
 * save and delete (no row = version 0, nothing ever entered). Writers take its row lock first, so
 * changes to the table are serialised and each commit has its own version, in every API process
 * sharing the database.
 */
export const holidayVersion = pgTable(
  'holiday_version',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull(),
  },
  (t) => [check('holiday_version_single_row', sql`${t.id} = 1`)],
);
