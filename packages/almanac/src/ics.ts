import { AlmanacError } from './errors.ts';
import { mainFestivals } from './festivals.ts';
import { holidayOn } from './holiday.ts';
import type { HolidayTable } from './holidayTable.ts';
import { lunarFromDayNumber } from './lunar.ts';
import { dayNumber, solarFromDayNumber } from './solarDate.ts';
import { termsOfYear } from './solarTermTime.ts';

/**
 * An iCalendar (RFC 5545) file of solar terms (at their exact instants), festivals and 休/班 days that
 * a phone calendar can subscribe to. Deterministic for the same input: UIDs are derived from the
 * event, and DTSTAMP is the caller's `stamp`.
 */

/** Options of {@link icsCalendar}: years `from`…`to` (1900–2100, at most 30 years at once). */
export interface IcsOptions {
  from: number;
  to: number;
  /** DTSTAMP, UTC seconds since 1970 (the engine reads no clock); default 0. */
  stamp?: number;
  /** Holiday days entered since the build (holidayTable.ts), over the built-in plans. */
  holidays?: HolidayTable;
}

const MAX_YEARS = 30;

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

/** RFC 5545 §3.3.11 text escaping. */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
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

/**
 * The calendar file for years `from`…`to`. Bad years throw 'wrong solar year'; more than 30 years
 * or `from` > `to` throw 'wrong count'.
 */
export function icsCalendar(options: IcsOptions): string {
  const { from, to } = options;
  for (const year of [from, to]) {
    if (!Number.isInteger(year) || year < 1900 || year > 2100) throw new AlmanacError('WRONG_SOLAR_YEAR');
  }
  if (from > to || to - from + 1 > MAX_YEARS) throw new AlmanacError('WRONG_COUNT');
  const stamp = basicUtc(options.stamp ?? 0);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Xuanli//玄历//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:玄历 节气·节日·休班',
    'X-WR-TIMEZONE:Asia/Shanghai',
  ];
  const event = (uid: string, start: string, summary: string, extra: string[] = []) => {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uid}@xuanli`,
      `DTSTAMP:${stamp}`,
      start,
      `SUMMARY:${escapeText(summary)}`,
      ...extra,
    );
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  };
  for (let year = from; year <= to; year++) {
    termsOfYear(year).forEach((term, index) => {
      // Beijing seconds → UTC seconds: Beijing is UTC+8 all year (China's 1986–91 DST aside, which no
      // almanac applies to term instants).
      event(`term-${year}-${index}`, `DTSTART:${basicUtc(term.time - 8 * 3600)}`, term.name, [
        `DESCRIPTION:${escapeText(`${term.name}交节`)}`,
      ]);
    });
    const first = dayNumber(year, 1, 1);
    const last = dayNumber(year, 12, 31);
    for (let n = first; n <= last; n++) {
      const date = basicDate(n);
      const allDay = [`DTSTART;VALUE=DATE:${date}`, `DTEND;VALUE=DATE:${basicDate(n + 1)}`];
      const festivals =
        year === 1900 && n < dayNumber(1900, 1, 31) ? [] : mainFestivals(n, lunarFromDayNumber(n));
      for (const name of festivals)
        event(`festival-${date}-${encodeURIComponent(name)}`, allDay[0], name, [allDay[1]]);
      const holiday = holidayOn(n, options.holidays);
      if (holiday) {
        const summary = holiday.offDay ? `休 ${holiday.name}` : `班 ${holiday.name}调休上班`;
        event(`rest-${date}`, allDay[0], summary, [allDay[1], 'CATEGORIES:HOLIDAY']);
      }
    }
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
