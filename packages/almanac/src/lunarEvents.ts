/**
 * A user's own calendar events — a 农历生日, a 忌日, an anniversary — expanded to the solar dates they fall
 * on, so that a phone calendar (ics.ts) or a page can show them without knowing the lunar calendar.
 *
 * An event has a solar `date` or a `lunar` date and repeats `none` or `yearly`. Rules for the lunar ones,
 * as people keep them:
 * - **Leap month**: an event of a leap month (闰四月 …) falls in that leap month in a year that has it, and
 *   in a year without it on the ordinary month of the same number (a 闰四月 birthday is kept in 四月).
 *   An event of an ordinary month falls in the ordinary month only, also in a year that repeats it.
 * - **Day 30**: in a year whose month has 29 days, an event of day 30 falls on day 29 (the month's last day,
 *   as a 三十 birthday is kept on the last day of a short month).
 * - A solar yearly event of 2-29 falls on 2-28 in common years.
 * A yearly event with a year given (a birth) starts that year; without one it runs over the whole range.
 * A one-off event (`repeat: 'none'`) must name an existing date: a lunar one needs its year, and a 闰月
 * or day 30 that year does not have is refused.
 */
import { AlmanacError } from './errors.ts';
import { dayNumberFromLunar, leapMonth, lunarDayName, lunarMonthDays, lunarMonthName } from './lunar.ts';
import { dayNumber, formatSolarDate, isLeapYear, parseSolarDate, solarFromDayNumber } from './solarDate.ts';

/** A lunar date of an event; `year` is needed for a one-off event and starts a yearly one. */
export interface EventLunarDate {
  year?: number;
  month: number;
  day: number;
  leap?: boolean;
}

/** A user's event, as saved. Exactly one of `date` and `lunar`. */
export interface CalendarEvent {
  /** Stable id (the saved row's); calendar UIDs derive from it, so an edited event updates in place. */
  id: string;
  title: string;
  /** Solar date 'YYYY-MM-DD'. */
  date?: string;
  lunar?: EventLunarDate;
  repeat: 'none' | 'yearly';
  /** Remind this many days before (0 = on the day), at 09:00 Beijing time; none when absent. */
  remindDays?: number;
}

/** One day an event falls on. */
export interface EventOccurrence {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** For a lunar event, the lunar date it was kept on, e.g. '农历四月初八'. */
  lunarText?: string;
  /** Why the day moved from the saved one, e.g. '该年无闰四月，按四月' or '该月只有二十九天，按廿九'. */
  moved?: string;
}

/** Longest title or id, in characters. */
const MAX_TEXT = 100;
/** Most days ahead a reminder may be set. */
export const MAX_REMIND_DAYS = 30;
/** Most years one expansion covers. */
export const MAX_EVENT_YEARS = 30;

function wrong(message: string): never {
  throw new AlmanacError('WRONG_OPTION', message);
}

/** Checks an event's fields (not its dates); throws AlmanacError WRONG_OPTION with a Chinese message. */
export function checkEvent(event: CalendarEvent): void {
  if (typeof event !== 'object' || event === null) wrong('日程参数不对');
  if (typeof event.id !== 'string' || !event.id || event.id.length > MAX_TEXT) wrong('日程缺少编号');
  if (typeof event.title !== 'string' || !event.title.trim() || event.title.length > MAX_TEXT)
    wrong(`请填写日程标题（${MAX_TEXT} 字以内）`);
  if ((event.date === undefined) === (event.lunar === undefined)) wrong('日程需要一个公历或农历日期');
  if (event.repeat !== 'none' && event.repeat !== 'yearly') wrong('重复方式只能是不重复或每年');
  const remind = event.remindDays;
  if (remind !== undefined && (!Number.isInteger(remind) || remind < 0 || remind > MAX_REMIND_DAYS))
    wrong(`提醒只能提前 0 到 ${MAX_REMIND_DAYS} 天`);
}

function lunarText(month: number, leap: boolean, day: number): string {
  return `农历${lunarMonthName(month, leap)}${lunarDayName(day)}`;
}

/** The solar day an event of lunar `month`/`day`/`leap` falls on in lunar year `year`, by the rules above. */
export function lunarDayInYear(
  year: number,
  month: number,
  day: number,
  leap: boolean,
): { n: number; lunarText: string; moved?: string } {
  const useLeap = leap && leapMonth(year) === month;
  const length = lunarMonthDays(year, month, useLeap);
  const kept = Math.min(day, length);
  const moved: string[] = [];
  if (leap && !useLeap) moved.push(`该年无${lunarMonthName(month, true)}，按${lunarMonthName(month)}`);
  if (kept < day) moved.push(`该月只有二十九天，按${lunarDayName(kept)}`);
  const text = lunarText(month, useLeap, kept);
  const n = dayNumberFromLunar(year, month, kept, useLeap);
  return moved.length > 0 ? { n, lunarText: text, moved: moved.join('；') } : { n, lunarText: text };
}

function checkYears(fromYear: number, toYear: number): void {
  for (const y of [fromYear, toYear])
    if (!Number.isInteger(y) || y < 1900 || y > 2100) throw new AlmanacError('WRONG_SOLAR_YEAR');
  if (fromYear > toYear || toYear - fromYear + 1 > MAX_EVENT_YEARS) throw new AlmanacError('WRONG_COUNT');
}

function solarOccurrences(event: CalendarEvent, fromYear: number, toYear: number): EventOccurrence[] {
  const saved = parseSolarDate(event.date as string);
  const out: EventOccurrence[] = [];
  const years = event.repeat === 'none' ? [saved.year] : [];
  if (event.repeat === 'yearly') for (let y = Math.max(fromYear, saved.year); y <= toYear; y++) years.push(y);
  for (const y of years) {
    if (y < fromYear || y > toYear) continue;
    const leapDay = saved.month === 2 && saved.day === 29 && !isLeapYear(y);
    const n = dayNumber(y, saved.month, leapDay ? 28 : saved.day);
    out.push(
      leapDay
        ? { date: formatSolarDate(solarFromDayNumber(n)), moved: '该年没有2月29日，按2月28日' }
        : { date: formatSolarDate(solarFromDayNumber(n)) },
    );
  }
  return out;
}

function lunarOccurrences(event: CalendarEvent, fromYear: number, toYear: number): EventOccurrence[] {
  const { year, month, day } = event.lunar as EventLunarDate;
  const leap = event.lunar?.leap === true;
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new AlmanacError('WRONG_LUNAR_MONTH');
  if (!Number.isInteger(day) || day < 1 || day > 30) throw new AlmanacError('WRONG_LUNAR_DAY');
  if (year !== undefined)
    dayNumberFromLunar(year, month, day, leap); // the saved date must exist
  else if (event.repeat === 'none') throw new AlmanacError('WRONG_LUNAR_YEAR', '不重复的农历日程需要年份');
  const out: EventOccurrence[] = [];
  // Lunar year Y runs from late January / February of Y into the next solar year.
  const first = event.repeat === 'none' ? (year as number) : Math.max(fromYear - 1, year ?? 1900, 1900);
  const last = event.repeat === 'none' ? (year as number) : toYear;
  for (let y = first; y <= last; y++) {
    const found = lunarDayInYear(y, month, day, leap);
    const solarYear = solarFromDayNumber(found.n).year;
    if (solarYear < fromYear || solarYear > toYear) continue;
    const occurrence: EventOccurrence = {
      date: formatSolarDate(solarFromDayNumber(found.n)),
      lunarText: found.lunarText,
    };
    if (found.moved) occurrence.moved = found.moved;
    out.push(occurrence);
  }
  return out;
}

/**
 * The days `event` falls on in solar years `fromYear` … `toYear` (1900–2100, at most 30 years), in date
 * order. Throws AlmanacError: bad fields (WRONG_OPTION), bad years (WRONG_SOLAR_YEAR, WRONG_COUNT), a saved
 * date that does not exist (its calendar's own code).
 */
export function expandEvent(event: CalendarEvent, fromYear: number, toYear: number): EventOccurrence[] {
  checkEvent(event);
  checkYears(fromYear, toYear);
  return event.date !== undefined
    ? solarOccurrences(event, fromYear, toYear)
    : lunarOccurrences(event, fromYear, toYear);
}
