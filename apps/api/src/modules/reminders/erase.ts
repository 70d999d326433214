/**
 * What an account deletion does to the reminders: the account's events, saved 吉日 and calendar
 * subscription are its own and are deleted (member/erasure.ts lists the tables), inside the deletion's
 * transaction; the subscription's link answers 404 from that commit on.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../shared/orders.ts';
import { calendarEvents, calendarSavedDays, calendarSubscriptions } from './schema.ts';

/** Deletes every reminder row of `userId`; answers how many rows of each table went. */
export async function eraseCalendarOf(
  tx: Tx,
  userId: number,
): Promise<{ events: number; savedDays: number; subscriptions: number }> {
  const events = await tx
    .delete(calendarEvents)
    .where(eq(calendarEvents.userId, userId))
    .returning({ id: calendarEvents.id });
  const savedDays = await tx
    .delete(calendarSavedDays)
    .where(eq(calendarSavedDays.userId, userId))
    .returning({ id: calendarSavedDays.id });
  const subscriptions = await tx
    .delete(calendarSubscriptions)
    .where(eq(calendarSubscriptions.userId, userId))
    .returning({ userId: calendarSubscriptions.userId });
  return { events: events.length, savedDays: savedDays.length, subscriptions: subscriptions.length };
}
