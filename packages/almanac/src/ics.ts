import { BEIJING_OFFSET_SECONDS } from './beijingTime.ts';
import { buddhistFestivals } from './buddhistFestivals.ts';
import { AlmanacError } from './errors.ts';
import { festivalsOn, mainFestivals } from './festivals.ts';
import { holidayOn } from './holiday.ts';
import type { HolidayTable } from './holidayTable.ts';
import { lunarFromDayNumber } from './lunar.ts';
import { type CalendarEvent, checkEvent, expandEvent, MAX_REMIND_DAYS } from './lunarEvents.ts';
import { dayNumber, parseSolarDate, solarFromDayNumber } from './solarDate.ts';
import { termsOfYear } from './solarTermTime.ts';
import { taoistFeasts } from './taoistFestivals.ts';

/**
 * An iCalendar (RFC 5545) file that a phone calendar can import or subscribe to: the solar terms (at their
 * exact instants), festivals and 休/班 days, and — for one user — their own events expanded to solar dates
 * (lunarEvents.ts; no RRULE, since no calendar app repeats by the lunar calendar) with reminders, and the
 * 吉日 they saved. Deterministic for the same input: every UID is derived from what the entry is (a term's
 * year and index, a day's date, a user event's id and date), so a calendar app that imports the file
 * again updates its entries instead of duplicating them, and DTSTAMP is the caller's `stamp`.
 * Lines are folded at 75 octets and text is escaped as RFC 5545 §3.1 and §3.3.11 say.
 */

/** A 吉日 the user saved (from 择日), e.g. `{id: '42', date: '2026-05-01', title: '嫁娶吉日'}`. */
export interface SavedGoodDay {
  /** Stable id (the saved row's); the UID derives from it and the date. */
  id: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  title: string;
  /** Shown as the event's description, e.g. the day's reasons and good hours. */
  note?: string;
  /** Remind this many days before (0 = on the day), at 09:00 Beijing time. */
  remindDays?: number;
}

/** Options of {@link icsCalendar}: years `from`…`to` (1900–2100, at most 30 years at once). */
export interface IcsOptions {
  from: number;
  to: number;
  /** DTSTAMP, UTC seconds since 1970 (the engine reads no clock); default 0. */
  stamp?: number;
  /** Holiday days entered since the build (holidayTable.ts), over the built-in plans. */
  holidays?: HolidayTable;
  /** The 24 terms; default true. */
  terms?: boolean;
  /**
   * Festivals: by default every main festival (festivals.ts `mainFestivals`); a list keeps only the
   * festivals of those names, main or other (e.g. ['春节', '中元节']); [] none.
   */
  festivals?: readonly string[];
  /** The Buddhist festivals (佛诞, 观音诞 …, buddhistFestivals.ts); default false. */
  buddhist?: boolean;
  /**
   * The Taoist feasts (玉皇诞, 三元 …, taoistFestivals.ts `taoistFeasts`: without the 八节 descents and
   * 八会 days that recur every few weeks); default false.
   */
  taoist?: boolean;
  /** 休/班 days; default true. */
  rest?: boolean;
  /** The user's events, each expanded over `from`…`to` (the caller passes the next three years). */
  events?: readonly CalendarEvent[];
  /** The user's saved 吉日 (those within `from`…`to`). */
  goodDays?: readonly SavedGoodDay[];
  /** The calendar's name (X-WR-CALNAME); default '玄历 节气·节日·休班'. */
  name?: string;
}

const MAX_YEARS = 30;
/** Most user events and saved 吉日 one file holds. */
export const MAX_ICS_EVENTS = 500;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function basicDate(n: number): string {
  const d = solarFromDayNumber(n);
  return `${pad(d.year, 4)}${pad(d.month)}${pad(d.day)}`;
}

/** UTC date-time in iCalendar basic form from seconds since 1970 UTC. */
function basicUtc(seconds: number): string {
  const day = Math.floor(seconds / 86400);
  const rest = seconds - day * 86400;
  return `${basicDate(day)}T${pad(Math.floor(rest / 3600))}${pad(Math.floor((rest % 3600) / 60))}${pad(rest % 60)}Z`;
}

/**
 * RFC 5545 §3.3.11 text escaping. Line breaks of any kind become the escaped \n, and other control
 * characters (which TEXT may not hold) are dropped.
 */
function escapeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One VEVENT: its UID (without the domain), start line, summary and further property lines. */
type EventWriter = (uid: string, start: string, summary: string, extra?: string[]) => void;

/** The all-day DTSTART and DTEND lines of day `n`. */
function allDay(n: number): [string, string] {
  return [`DTSTART;VALUE=DATE:${basicDate(n)}`, `DTEND;VALUE=DATE:${basicDate(n + 1)}`];
}

/**
 * A reminder `days` before day `n` at 09:00 Beijing time (01:00 UTC), as an absolute trigger, so every
 * calendar app rings at the same moment whatever the phone's zone.
 */
function alarm(n: number, days: number | undefined, text: string): string[] {
  if (days === undefined) return [];
  return [
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(text)}`,
    `TRIGGER;VALUE=DATE-TIME:${basicUtc((n - days) * 86400 + 3600)}`,
    'END:VALARM',
  ];
}

function checkYears(from: number, to: number): void {
  for (const year of [from, to]) {
    if (!Number.isInteger(year) || year < 1900 || year > 2100) throw new AlmanacError('WRONG_SOLAR_YEAR');
  }
  if (from > to || to - from + 1 > MAX_YEARS) throw new AlmanacError('WRONG_COUNT');
}

/** Checks the user's entries before anything is written (AlmanacError, as lunarEvents.ts words it). */
function checkUserEntries(options: IcsOptions): void {
  const events = options.events ?? [];
  const goodDays = options.goodDays ?? [];
  if (!Array.isArray(events) || !Array.isArray(goodDays) || events.length + goodDays.length > MAX_ICS_EVENTS)
    throw new AlmanacError('WRONG_COUNT', `日历最多放 ${MAX_ICS_EVENTS} 条日程和吉日`);
  for (const event of events) checkEvent(event);
  for (const day of goodDays) {
    if (typeof day !== 'object' || day === null || typeof day.id !== 'string' || !day.id)
      throw new AlmanacError('WRONG_OPTION', '吉日缺少编号');
    if (typeof day.title !== 'string' || !day.title.trim())
      throw new AlmanacError('WRONG_OPTION', '请填写吉日标题');
    parseSolarDate(day.date);
    const remind = day.remindDays;
    if (remind !== undefined && (!Number.isInteger(remind) || remind < 0 || remind > MAX_REMIND_DAYS))
      throw new AlmanacError('WRONG_OPTION', `提醒只能提前 0 到 ${MAX_REMIND_DAYS} 天`);
  }
  if (
    options.festivals !== undefined &&
    (!Array.isArray(options.festivals) || options.festivals.some((f) => typeof f !== 'string'))
  )
    throw new AlmanacError('WRONG_OPTION', '节日列表不对');
}

/** The 24 terms of `year` at their instants. */
function writeTerms(event: EventWriter, year: number): void {
  termsOfYear(year).forEach((term, index) => {
    // Beijing seconds → UTC seconds: Beijing is UTC+8 all year (China's 1986–91 DST aside, which no
    // almanac applies to term instants).
    event(`term-${year}-${index}`, `DTSTART:${basicUtc(term.time - BEIJING_OFFSET_SECONDS)}`, term.name, [
      `DESCRIPTION:${escapeText(`${term.name}交节`)}`,
    ]);
  });
}

/** The festivals of day `n` that the options ask for. */
function festivalsOf(n: number, chosen: readonly string[] | undefined): string[] {
  if (n < dayNumber(1900, 1, 31)) return [];
  if (chosen === undefined) return mainFestivals(n, lunarFromDayNumber(n));
  if (chosen.length === 0) return [];
  const { main, other } = festivalsOn(n, lunarFromDayNumber(n));
  return [...main, ...other].filter((name) => chosen.includes(name));
}

/** The Buddhist and Taoist festivals of day `n` that the options ask for, each its own entry. */
function writeReligious(event: EventWriter, n: number, options: IcsOptions): void {
  // The lunar calendar starts on 1900-01-31 (正月初一 of 1900), as festivalsOf knows.
  if ((!options.buddhist && !options.taoist) || n < dayNumber(1900, 1, 31)) return;
  const lunar = lunarFromDayNumber(n);
  const date = basicDate(n);
  const [start, end] = allDay(n);
  if (options.buddhist)
    for (const name of new Set(buddhistFestivals(lunar)))
      event(`fo-${date}-${encodeURIComponent(name)}`, start, name, [end, 'CATEGORIES:佛教节日']);
  if (options.taoist)
    for (const name of new Set(taoistFeasts(n, lunar).map((feast) => feast.name)))
      event(`dao-${date}-${encodeURIComponent(name)}`, start, name, [end, 'CATEGORIES:道教节日']);
}

/** Festivals and 休/班 days of `year`. */
function writeDays(event: EventWriter, year: number, options: IcsOptions): void {
  const wantRest = options.rest ?? true;
  for (let n = dayNumber(year, 1, 1); n <= dayNumber(year, 12, 31); n++) {
    const date = basicDate(n);
    const [start, end] = allDay(n);
    for (const name of festivalsOf(n, options.festivals))
      event(`festival-${date}-${encodeURIComponent(name)}`, start, name, [end]);
    writeReligious(event, n, options);
    const holiday = wantRest ? holidayOn(n, options.holidays) : null;
    if (holiday) {
      const summary = holiday.offDay ? `休 ${holiday.name}` : `班 ${holiday.name}调休上班`;
      event(`rest-${date}`, start, summary, [end, 'CATEGORIES:HOLIDAY']);
    }
  }
}

/** The user's events on every day they fall on in `from`…`to`, and the saved 吉日 within them. */
function writeUserEntries(event: EventWriter, options: IcsOptions): void {
  for (const item of options.events ?? []) {
    for (const occurrence of expandEvent(item, options.from, options.to)) {
      const n = dayOfText(occurrence.date);
      const description = [occurrence.lunarText, occurrence.moved].filter(Boolean).join('，');
      event(`event-${encodeURIComponent(item.id)}-${basicDate(n)}`, allDay(n)[0], item.title, [
        allDay(n)[1],
        ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
        ...alarm(n, item.remindDays, item.title),
      ]);
    }
  }
  for (const day of options.goodDays ?? []) {
    const n = dayOfText(day.date);
    const year = solarFromDayNumber(n).year;
    if (year < options.from || year > options.to) continue;
    event(`jiri-${encodeURIComponent(day.id)}-${basicDate(n)}`, allDay(n)[0], day.title, [
      allDay(n)[1],
      ...(day.note ? [`DESCRIPTION:${escapeText(day.note)}`] : []),
      'CATEGORIES:吉日',
      ...alarm(n, day.remindDays, day.title),
    ]);
  }
}

function dayOfText(text: string): number {
  const { year, month, day } = parseSolarDate(text);
  return dayNumber(year, month, day);
}

/**
 * The calendar file for years `from`…`to` (see {@link IcsOptions}; with none of the optional fields it is
 * the public calendar of terms, main festivals and 休/班 days). Bad years throw 'wrong solar year'; more
 * than 30 years or `from` > `to` throw 'wrong count'; a bad event or 吉日 throws AlmanacError (WRONG_OPTION,
 * WRONG_COUNT, or the code of its bad date).
 */
export function icsCalendar(options: IcsOptions): string {
  const { from, to } = options;
  checkYears(from, to);
  checkUserEntries(options);
  const stamp = basicUtc(options.stamp ?? 0);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Xuanli//玄历//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name ?? '玄历 节气·节日·休班')}`,
    'X-WR-TIMEZONE:Asia/Shanghai',
  ];
  const event: EventWriter = (uid, start, summary, extra = []) => {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uid}@xuanli`,
      `DTSTAMP:${stamp}`,
      start,
      `SUMMARY:${escapeText(summary)}`,
    );
    // A VALARM is a component of the event: its lines go after the event's own properties.
    const at = extra.indexOf('BEGIN:VALARM');
    const own = at < 0 ? extra : extra.slice(0, at);
    lines.push(...own, 'TRANSP:TRANSPARENT', ...(at < 0 ? [] : extra.slice(at)), 'END:VEVENT');
  };
  for (let year = from; year <= to; year++) {
    if (options.terms ?? true) writeTerms(event, year);
    writeDays(event, year, options);
  }
  writeUserEntries(event, options);
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
