import { AlmanacError } from './errors.ts';

/**
 * A civil date. Before 1582-10-15 it is a Julian-calendar date, from then on Gregorian — the
 * historical calendar of the reform bull *Inter gravissimas*, which dropped 1582-10-05..14.
 * PRODUCT.md#input-rules words the leap rule as "every fourth year before 1600, Gregorian from 1600"; the two
 * agree because no century year falls in 1583–1599.
 */
export interface SolarDate {
  year: number;
  month: number;
  day: number;
}

/** Day number of 1582-10-15, the first Gregorian day (days since 1970-01-01). */
const GREGORIAN_START = -141427;

/** Whether `year` is a leap year: Julian rule before 1600, Gregorian from 1600 (PRODUCT.md#input-rules). */
export function isLeapYear(year: number): boolean {
  if (year < 1600) return year % 4 === 0;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a solar month; October 1582 has 21 (the reform dropped ten days). */
export function daysInSolarMonth(year: number, month: number): number {
  if (year === 1582 && month === 10) return 21;
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days in a solar year: 365 or 366, and 355 for 1582. */
export function daysInSolarYear(year: number): number {
  if (year === 1582) return 355;
  return isLeapYear(year) ? 366 : 365;
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * Checks a solar date and throws the engine's message (PRODUCT.md#input-rules) for the first wrong part.
 * Years run 1–9999 (the engine's tables cover 1900–2100; plain date arithmetic works across the whole range).
 */
export function assertSolarDate(year: unknown, month: unknown, day: unknown): asserts year is number {
  if (!isInteger(year) || year < 1 || year > 9999) throw new AlmanacError('WRONG_SOLAR_YEAR');
  if (!isInteger(month) || month < 1 || month > 12) throw new AlmanacError('WRONG_SOLAR_MONTH');
  if (!isInteger(day) || day < 1 || day > 31) throw new AlmanacError('WRONG_SOLAR_DAY');
  if (year === 1582 && month === 10 && day >= 5 && day <= 14) throw new AlmanacError('WRONG_SOLAR_DAY');
  const last = year === 1582 && month === 10 ? 31 : daysInSolarMonth(year, month);
  if (day > last) throw new AlmanacError('WRONG_SOLAR_DAY');
}

/** Checks a clock time and throws 'wrong hour' / 'wrong minute' / 'wrong second'. */
export function assertTime(hour: unknown, minute: unknown = 0, second: unknown = 0): void {
  if (!isInteger(hour) || hour < 0 || hour > 23) throw new AlmanacError('WRONG_HOUR');
  if (!isInteger(minute) || minute < 0 || minute > 59) throw new AlmanacError('WRONG_MINUTE');
  if (!isInteger(second) || second < 0 || second > 59) throw new AlmanacError('WRONG_SECOND');
}

/**
 * Days since 1970-01-01 (negative before) of a valid date — the engine's one day index, so that
 * every table lookup is integer arithmetic. Fliegel & Van Flandern's JDN formulas, Julian or
 * Gregorian by the reform date.
 */
export function dayNumber(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  const gregorian = year > 1582 || (year === 1582 && (month > 10 || (month === 10 && day >= 15)));
  const jdn = gregorian
    ? day +
      Math.floor((153 * m + 2) / 5) +
      365 * y +
      Math.floor(y / 4) -
      Math.floor(y / 100) +
      Math.floor(y / 400) -
      32045
    : day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - 32083;
  return jdn - 2440588;
}

/** The date of a day number; the inverse of {@link dayNumber}. */
export function solarFromDayNumber(n: number): SolarDate {
  const jdn = n + 2440588;
  let c: number;
  let b: number;
  if (n >= GREGORIAN_START) {
    const a = jdn + 32044;
    b = Math.floor((4 * a + 3) / 146097);
    c = a - Math.floor((146097 * b) / 4);
  } else {
    b = 0;
    c = jdn + 32082;
  }
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return {
    day: e - Math.floor((153 * m + 2) / 5) + 1,
    month: m + 3 - 12 * Math.floor(m / 10),
    year: 100 * b + d - 4800 + Math.floor(m / 10),
  };
}

/** Weekday of a day number: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

/** 'YYYY-MM-DD' of a date, years zero-padded to four digits. */
export function formatSolarDate(date: SolarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/**
 * Parses 'YYYY-MM-DD' (also 'YYYY-M-D') into a checked date; anything else is 'wrong solar year',
 * 'wrong solar month' or 'wrong solar day' for the part that is wrong.
 */
export function parseSolarDate(text: string): SolarDate {
  const match = /^\s*(\d{1,4})-(\d{1,2})-(\d{1,2})\s*$/.exec(String(text));
  if (!match) {
    const parts = String(text).trim().split('-');
    if (!/^\d{1,4}$/.test(parts[0] ?? '')) throw new AlmanacError('WRONG_SOLAR_YEAR');
    if (!/^\d{1,2}$/.test(parts[1] ?? '')) throw new AlmanacError('WRONG_SOLAR_MONTH');
    throw new AlmanacError('WRONG_SOLAR_DAY');
  }
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  assertSolarDate(date.year, date.month, date.day);
  return date;
}
