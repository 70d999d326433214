/**
 * The reminders module's public entry: a logged-in user's own calendar events and saved 吉日, the
 * secret link of the calendar their phone subscribes to (and the feed behind it), what an account
 * deletion erases of them and what an account merge moves.
 */
export { eraseCalendarOf } from './erase.ts';
export { mergeCalendarOf } from './merge.ts';
export { type ReminderRoutesOptions, reminderRoutes } from './routes.ts';
