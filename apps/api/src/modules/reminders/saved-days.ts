/**
 * The 吉日 an account saved from 择日: a day, the matter it was chosen for (嫁娶, 入宅 …) and what 择日
 * said of it. Saving the same day for the same matter again answers the one kept (a second tap on 保存
 * is not a second entry in the phone's calendar).
 */

import { AlmanacError } from '@xuanli/almanac/errors';
import { parseSolarDate } from '@xuanli/almanac/solarDate';
import type { SavedDay, SavedDayBody } from '@xuanli/contracts/reminders';
import { MAX_SAVED_DAYS } from '@xuanli/contracts/reminders-labels';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { pick } from '../../shared/pick.ts';
import { lockOwner } from './owner.ts';
import { calendarSavedDays } from './schema.ts';

type SavedDayRow = typeof calendarSavedDays.$inferSelect;

/** The wire form of a stored 吉日. */
function savedDayOf(row: SavedDayRow): SavedDay {
  return { ...pick(row, ['id', 'date', 'activity', 'note']), createdAt: row.createdAt.toISOString() };
}

/** The account's saved 吉日 as stored, by date. */
export async function savedDayRowsOf(db: Db | Tx, userId: number): Promise<SavedDayRow[]> {
  return db
    .select()
    .from(calendarSavedDays)
    .where(eq(calendarSavedDays.userId, userId))
    .orderBy(calendarSavedDays.date, calendarSavedDays.id);
}

/** `GET crm/calendar/saved-days`: the account's saved 吉日 by date. */
export async function listSavedDays(db: Db, userId: number): Promise<SavedDay[]> {
  return (await savedDayRowsOf(db, userId)).map(savedDayOf);
}

/**
 * `POST crm/calendar/saved-days`: keeps a 吉日 (or answers the one kept for the same day and matter).
 * A day that does not exist or lies outside 1900–2100 → 400 with the engine's code; a blank matter or
 * the account's {@link MAX_SAVED_DAYS}+1st → 400 ValidationError.
 */
export async function saveDay(db: Db, userId: number, body: SavedDayBody, now: Date): Promise<SavedDay> {
  const { year } = parseSolarDate(body.date);
  if (year < 1900 || year > 2100) throw new AlmanacError('WRONG_SOLAR_YEAR');
  const activity = body.activity.trim();
  if (activity === '') throw new AppError('ValidationError', '请填写所择之事');
  const note = (body.note ?? '').trim();
  const row = await db.transaction(async (tx) => {
    await lockOwner(tx, 'savedDays', userId);
    const same = and(
      eq(calendarSavedDays.userId, userId),
      eq(calendarSavedDays.date, body.date),
      eq(calendarSavedDays.activity, activity),
    );
    const [kept] = await tx.select().from(calendarSavedDays).where(same);
    if (kept) return kept;
    const [{ n }] = await tx
      .select({ n: count() })
      .from(calendarSavedDays)
      .where(eq(calendarSavedDays.userId, userId));
    if (n >= MAX_SAVED_DAYS)
      throw new AppError('ValidationError', `最多保存 ${MAX_SAVED_DAYS} 个吉日，请先删除不用的`);
    const [saved] = await tx
      .insert(calendarSavedDays)
      .values({ userId, date: body.date, activity, note, createdAt: now })
      .returning();
    return saved!;
  });
  return savedDayOf(row);
}

/** `DELETE crm/calendar/saved-days/{id}`: another account's 吉日, or none, → 404. */
export async function deleteSavedDay(db: Db, userId: number, id: number): Promise<{ id: number }> {
  const [gone] = await db
    .delete(calendarSavedDays)
    .where(and(eq(calendarSavedDays.id, id), eq(calendarSavedDays.userId, userId)))
    .returning({ id: calendarSavedDays.id });
  if (!gone) throw new AppError('NotFound', '没有这个吉日');
  return gone;
}
