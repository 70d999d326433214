/**
 * An account's own calendar events: a 农历生日, a 忌日, an anniversary, a one-off appointment. The
 * engine (packages/almanac `lunarEvents.ts`) decides which solar days an event falls on — a 闰月
 * birthday in a year without that leap month on the ordinary month, day 30 of a short month on day 29,
 * 2-29 on 2-28 in a common year — so nothing expanded is stored, and the list answers each event's next
 * day from today (Beijing) by the same rules the subscribed calendar is written with.
 */
import { AlmanacError } from '@xuanli/almanac/errors';
import { type CalendarEvent as EngineEvent, expandEvent } from '@xuanli/almanac/lunarEvents';
import type { CalendarEvent, CalendarEventBody, EventOccurrence } from '@xuanli/contracts/reminders';
import { MAX_EVENTS } from '@xuanli/contracts/reminders-labels';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { lockOwner } from './owner.ts';
import { calendarEvents } from './schema.ts';

type EventRow = typeof calendarEvents.$inferSelect;

/** The years the engine's tables reach. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;

/** The engine's form of a stored event (its id as text, which the calendar's UIDs are made of). */
export function engineEventOf(row: EventRow): EngineEvent {
  const event: EngineEvent = {
    id: String(row.id),
    title: row.title,
    repeat: row.repeat as EngineEvent['repeat'],
  };
  if (row.date !== null) event.date = row.date;
  else
    event.lunar = {
      month: row.lunarMonth as number,
      day: row.lunarDay as number,
      leap: row.lunarLeap,
      ...(row.lunarYear === null ? {} : { year: row.lunarYear }),
    };
  if (row.remindDays !== null) event.remindDays = row.remindDays;
  return event;
}

/** The year an event starts in: its solar date's or its lunar year (a lunar year ends in the next solar one). */
function startYear(event: EngineEvent): number | undefined {
  return event.date !== undefined ? Number(event.date.slice(0, 4)) : event.lunar?.year;
}

/**
 * The first day on or after `today` ('YYYY-MM-DD', Beijing) that `event` falls on, or null for a
 * one-off day gone by. Throws the engine's AlmanacError for a date that does not exist (a 闰月 or day
 * 30 its year lacks, 2-30) or lies outside 1900–2100.
 */
export function nextOccurrence(event: EngineEvent, today: string): EventOccurrence | null {
  const thisYear = Number(today.slice(0, 4));
  const start = startYear(event);
  if (start !== undefined && (start < FIRST_YEAR || start > LAST_YEAR))
    throw new AlmanacError('WRONG_SOLAR_YEAR');
  // A one-off lunar event without its year is the engine's to refuse (WRONG_LUNAR_YEAR), in any range.
  const from = event.repeat === 'none' ? (start ?? thisYear) : Math.max(thisYear, start ?? thisYear);
  // Three years ahead find every yearly event (a lunar 腊月 day of this lunar year may fall next January).
  const to = Math.min(from + 2, LAST_YEAR);
  const days = expandEvent(event, from, to);
  return days.find((day) => day.date >= today) ?? null;
}

/** The wire form of a stored event and its next day. */
function eventOf(row: EventRow, today: string): CalendarEvent {
  const event = engineEventOf(row);
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    lunar:
      row.lunarMonth === null
        ? null
        : { month: row.lunarMonth, day: row.lunarDay as number, leap: row.lunarLeap, year: row.lunarYear },
    repeat: event.repeat,
    remindDays: row.remindDays,
    next: nextOccurrence(event, today),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account's stored events, oldest first (the order the calendar file writes them in). */
export async function eventRowsOf(db: Db | Tx, userId: number): Promise<EventRow[]> {
  return db.select().from(calendarEvents).where(eq(calendarEvents.userId, userId)).orderBy(calendarEvents.id);
}

/** `GET crm/calendar/events`: the account's events, the soonest next day first, days gone by last. */
export async function listEvents(db: Db, userId: number, today: string): Promise<CalendarEvent[]> {
  const events = (await eventRowsOf(db, userId)).map((row) => eventOf(row, today));
  const key = (event: CalendarEvent) => event.next?.date ?? '9999-99-99';
  return events.sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id);
}

/** The row values of a new event, checked: a title, exactly one date, a day the engine can place. */
function eventValues(userId: number, body: CalendarEventBody, now: Date, today: string) {
  const title = body.title.trim();
  if (title === '') throw new AppError('ValidationError', '请填写提醒的标题');
  if ((body.date === undefined) === (body.lunar === undefined))
    throw new AppError('ValidationError', '请选择一个公历日期或一个农历日期（二者选一）');
  const values = {
    userId,
    title,
    date: body.date ?? null,
    lunarYear: body.lunar?.year ?? null,
    lunarMonth: body.lunar?.month ?? null,
    lunarDay: body.lunar?.day ?? null,
    lunarLeap: body.lunar?.leap ?? false,
    repeat: body.repeat,
    remindDays: body.remindDays ?? null,
    createdAt: now,
  };
  // The engine places the day now, so a date that does not exist is refused with its own code.
  nextOccurrence(engineEventOf({ id: 0, ...values }), today);
  return values;
}

/**
 * `POST crm/calendar/events`: keeps a new event and answers it with its next day. A blank title, both
 * dates or none → 400 ValidationError; a day the calendar lacks → 400 with the engine's code; the
 * account's {@link MAX_EVENTS}+1st → 400 ValidationError (counted under the account's lock, so two
 * requests at once never make a 201st).
 */
export async function createEvent(
  db: Db,
  userId: number,
  body: CalendarEventBody,
  now: Date,
  today: string,
): Promise<CalendarEvent> {
  const values = eventValues(userId, body, now, today);
  const row = await db.transaction(async (tx) => {
    await lockOwner(tx, 'events', userId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, userId));
    if (n >= MAX_EVENTS)
      throw new AppError('ValidationError', `最多保存 ${MAX_EVENTS} 条提醒，请先删除不用的`);
    const [saved] = await tx.insert(calendarEvents).values(values).returning();
    return saved!;
  });
  return eventOf(row, today);
}

/** `DELETE crm/calendar/events/{id}`: another account's event, or none, → 404. */
export async function deleteEvent(db: Db, userId: number, id: number): Promise<{ id: number }> {
  const [gone] = await db
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
    .returning({ id: calendarEvents.id });
  if (!gone) throw new AppError('NotFound', '没有这条提醒');
  return gone;
}
