/**
 * Two accounts of one person becoming one (the member module's merge), the reminders' share, inside
 * the merge's transaction. The merged account's events and saved 吉日 are the person's own and move
 * to the surviving account: an event both accounts hold exactly alike (same title, day or lunar day,
 * repeat) and a 吉日 saved in both for the same day and matter are kept once, the survivor's. The
 * 200-a-list limits may be passed by the move: a merge drops nothing the person saved, and new saves
 * are refused until they delete some. Of the two calendar links the survivor keeps its own row when
 * it has a live link (or the merged account has none); otherwise the merged account's live link and
 * festival groups become the survivor's, so the calendar a phone subscribed to keeps updating — now
 * with the merged events. The merged account is then left without a subscription: its link, unless
 * moved, answers 404 from the merge's commit on.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../shared/orders.ts';
import { lockOwner } from './owner.ts';

/** Moves account `from`'s events, saved 吉日 and calendar link to account `into`. */
export async function mergeCalendarOf(tx: Tx, from: number, into: number): Promise<void> {
  // Both accounts' list locks, in id order as every two-account lock is taken, so no save counts
  // mid-move.
  for (const what of ['events', 'savedDays'] as const) {
    for (const id of from < into ? [from, into] : [into, from]) await lockOwner(tx, what, id);
  }
  await tx.execute(sql`
    delete from calendar_events as moved using calendar_events as kept
    where moved.user_id = ${from} and kept.user_id = ${into} and moved.title = kept.title
      and moved.date is not distinct from kept.date and moved.lunar_year is not distinct from kept.lunar_year
      and moved.lunar_month is not distinct from kept.lunar_month
      and moved.lunar_day is not distinct from kept.lunar_day and moved.lunar_leap = kept.lunar_leap
      and moved.repeat = kept.repeat`);
  await tx.execute(sql`update calendar_events set user_id = ${into} where user_id = ${from}`);
  await tx.execute(sql`
    delete from calendar_saved_days as moved using calendar_saved_days as kept
    where moved.user_id = ${from} and kept.user_id = ${into}
      and moved.date = kept.date and moved.activity = kept.activity`);
  await tx.execute(sql`update calendar_saved_days set user_id = ${into} where user_id = ${from}`);
  await moveSubscription(tx, from, into);
}

/** The calendar link part of {@link mergeCalendarOf}. */
async function moveSubscription(tx: Tx, from: number, into: number): Promise<void> {
  // Locked in id order (the rows of both accounts), as above.
  await tx.execute(sql`
    select 1 from calendar_subscriptions where user_id in (${from}::int, ${into}::int)
    order by user_id for update`);
  await tx.execute(sql`
    delete from calendar_subscriptions as kept using calendar_subscriptions as moved
    where kept.user_id = ${into} and moved.user_id = ${from}
      and kept.token_hash is null and moved.token_hash is not null`);
  await tx.execute(sql`
    update calendar_subscriptions set user_id = ${into}
    where user_id = ${from} and not exists (select 1 from calendar_subscriptions where user_id = ${into})`);
  await tx.execute(sql`delete from calendar_subscriptions where user_id = ${from}`);
}
