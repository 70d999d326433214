/**
 * The subscribed calendar of one account, as an RFC 5545 file the engine writes (packages/almanac
 * `ics.ts`): from this year through {@link FEED_YEARS_AHEAD} more, the 24 terms at their instants, the
 * festival groups the account picked, the 休/班 days with the operators' entered days over the built-in
 * plans, the account's events expanded to the solar days they fall on (no RRULE: no calendar app repeats
 * by the lunar calendar) with their reminders, and its saved 吉日 with a reminder the day before. Every
 * entry's UID comes from what it is (a term's year and index, a day's date, an event's id and date), so
 * a calendar app refreshing the link updates its entries instead of adding them twice.
 */
import { beijingDateStart } from '@xuanli/almanac/beijingTime';
import type { HolidayTable } from '@xuanli/almanac/holidayTable';
import { icsCalendar, type SavedGoodDay } from '@xuanli/almanac/ics';
import type { FestivalChoice } from '@xuanli/contracts/reminders';
import { FEED_YEARS_AHEAD, SOLAR_FESTIVALS, TRADITIONAL_FESTIVALS } from '@xuanli/contracts/reminders-labels';
import type { Db } from '../../db/client.ts';
import { engineEventOf, eventRowsOf } from './events.ts';
import { savedDayRowsOf } from './saved-days.ts';

/** The name a calendar app lists the subscription under. */
export const FEED_NAME = '玄历·我的日历';

/** Days before a saved 吉日 that the phone reminds of it (at 09:00 Beijing time), to prepare. */
export const GOOD_DAY_REMIND_DAYS = 1;

/** The engine's festival names of the chosen traditional and public groups. */
export function festivalNames(choice: FestivalChoice): string[] {
  return [...(choice.traditional ? TRADITIONAL_FESTIVALS : []), ...(choice.solar ? SOLAR_FESTIVALS : [])];
}

/** The calendar file of `userId` as of `today` ('YYYY-MM-DD', Beijing). */
export async function feedOf(
  db: Db,
  userId: number,
  festivals: FestivalChoice,
  today: string,
  holidays: HolidayTable | undefined,
): Promise<string> {
  const year = Number(today.slice(0, 4));
  const events = (await eventRowsOf(db, userId)).map(engineEventOf);
  const goodDays: SavedGoodDay[] = (await savedDayRowsOf(db, userId)).map((row) => ({
    id: String(row.id),
    date: row.date,
    title: `${row.activity}吉日`,
    ...(row.note ? { note: row.note } : {}),
    remindDays: GOOD_DAY_REMIND_DAYS,
  }));
  return icsCalendar({
    from: year,
    to: Math.min(year + FEED_YEARS_AHEAD, 2100),
    // DTSTAMP: the start of the Beijing day, so the file (and its ETag) stays the same all day unless
    // something in it changed.
    stamp: beijingDateStart(today) / 1000,
    holidays,
    festivals: festivalNames(festivals),
    buddhist: festivals.buddhist,
    taoist: festivals.taoist,
    events,
    goodDays,
    name: FEED_NAME,
  });
}
