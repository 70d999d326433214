/**
 * The reminders' tables: each account's own calendar events, the 吉日 it saved from 择日, and the one
 * secret link its phone's calendar app subscribes to. Accounts are the member module's `users`,
 * referred to by value (modules share no foreign keys); all three are erased with the account.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * An event: a solar `date` or a lunar month/day (with an optional lunar year: where a yearly event
 * starts, or the year of a one-off one), never both. The engine (`lunarEvents.ts`) expands it to the
 * solar days it falls on; nothing expanded is stored, so a rule of the engine applies to old rows too.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }),
    lunarYear: smallint('lunar_year'),
    lunarMonth: smallint('lunar_month'),
    lunarDay: smallint('lunar_day'),
    lunarLeap: boolean('lunar_leap').notNull().default(false),
    repeat: text('repeat').notNull(),
    // Days before the event the phone reminds, at 09:00 Beijing time; null: no reminder.
    remindDays: smallint('remind_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('calendar_events_user_idx').on(t.userId, t.id),
    check(
      'calendar_events_one_date',
      sql`(${t.date} is null) <> (${t.lunarMonth} is null) and (${t.lunarMonth} is null) = (${t.lunarDay} is null)`,
    ),
    check('calendar_events_repeat', sql`${t.repeat} in ('none', 'yearly')`),
    check('calendar_events_remind_days', sql`${t.remindDays} between 0 and 30`),
  ],
);

/** A 吉日 saved from 择日: the day, the matter it was chosen for and what 择日 said of it. */
export const calendarSavedDays = pgTable(
  'calendar_saved_days',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    activity: text('activity').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('calendar_saved_days_unique').on(t.userId, t.date, t.activity)],
);

/**
 * An account's calendar subscription and its festival groups: one live link at most. The link's token
 * is never stored, only its SHA-256 (`token_hash`, hex): a copy of the table opens no one's calendar.
 * A new link replaces the hash and 停止订阅 clears it (the festival groups stay for the next link), so
 * the old link answers 404 from that commit on.
 */
export const calendarSubscriptions = pgTable(
  'calendar_subscriptions',
  {
    userId: integer('user_id').primaryKey(),
    tokenHash: text('token_hash').unique(),
    // When the live link was made; null with the hash.
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    traditional: boolean('traditional').notNull(),
    solar: boolean('solar').notNull(),
    buddhist: boolean('buddhist').notNull(),
    taoist: boolean('taoist').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('calendar_subscriptions_link', sql`(${t.tokenHash} is null) = (${t.linkedAt} is null)`)],
);
