import { LUNAR_FIRST_YEAR, LUNAR_YEARS } from './data/lunarYears.gen.ts';
import { AlmanacError } from './errors.ts';
import { dayNumber } from './solarDate.ts';

/**
 * The Chinese lunar calendar 农历, lunar years 1900–2100 (Gregorian 1900-01-31 … 2101-01-28). Data:
 * src/data/lunarYears.gen.ts, built by scripts/gen-astro.ts from computed new moons and 中气 by
 * GB/T 33661-2017 (the month holding 冬至 is 11; in a 岁 of 13 months the first month without a 中气 is
 * leap). Lookup is integer arithmetic on that table; no astronomy at run time.
 */

/** A lunar date; `leap` marks a day of the leap month (闰月) that repeats `month`. */
export interface LunarDate {
  year: number;
  month: number;
  day: number;
  leap: boolean;
}

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const YEARS = LUNAR_YEARS.length / 4;
const LAST_YEAR = LUNAR_FIRST_YEAR + YEARS - 1;

/** Per year: 正月初一 (day number; one extra entry = the year after the last), leap month, 30-day bits. */
let newYears: Int32Array | undefined;
let leaps: Uint8Array;
let bigMonths: Uint16Array;

function decode(): Int32Array {
  if (!newYears) {
    newYears = new Int32Array(YEARS + 1);
    leaps = new Uint8Array(YEARS);
    bigMonths = new Uint16Array(YEARS);
    for (let i = 0; i < YEARS; i++) {
      let v = 0;
      for (let j = 0; j < 4; j++) v = v * 64 + DIGITS.indexOf(LUNAR_YEARS[i * 4 + j]);
      newYears[i] = dayNumber(LUNAR_FIRST_YEAR + i, 1, 21) + (v >> 19);
      leaps[i] = (v >> 15) & 15;
      bigMonths[i] = v & 0x1fff;
    }
    const last = YEARS - 1;
    newYears[YEARS] = newYears[last] + yearDays(last);
  }
  return newYears;
}

/** Length of the i-th month (0-based, leap month counted in place) of table year `y`. */
function monthLength(y: number, i: number): number {
  return (bigMonths[y] >> (12 - i)) & 1 ? 30 : 29;
}

function yearDays(y: number): number {
  let days = 0;
  for (let i = 0; i < (leaps[y] ? 13 : 12); i++) days += monthLength(y, i);
  return days;
}

/** Table row of a lunar year; WRONG_LUNAR_YEAR if not an integer, OUT_OF_RANGE outside 1900–2100. */
function row(year: number): number {
  if (typeof year !== 'number' || !Number.isInteger(year)) throw new AlmanacError('WRONG_LUNAR_YEAR');
  if (year < LUNAR_FIRST_YEAR || year > LAST_YEAR) throw new AlmanacError('OUT_OF_RANGE');
  decode();
  return year - LUNAR_FIRST_YEAR;
}

/** Position (0-based, leap month in place) of month `month`/`leap` in table year `y`, checked. */
function position(y: number, month: number, leap: boolean): number {
  if (typeof month !== 'number' || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new AlmanacError('WRONG_LUNAR_MONTH');
  }
  const l = leaps[y];
  if (leap && l !== month) throw new AlmanacError('WRONG_LUNAR_MONTH');
  return month - 1 + (l && (month > l || leap) ? 1 : 0);
}

/**
 * The lunar date of a day number (days since 1970-01-01). Defined from 1900-01-31 (1900 正月初一) to
 * 2101-01-28 (the last day of lunar 2100); other days → OUT_OF_RANGE.
 */
export function lunarFromDayNumber(n: number): LunarDate {
  const ny = decode();
  if (!Number.isInteger(n) || n < ny[0] || n >= ny[YEARS]) throw new AlmanacError('OUT_OF_RANGE');
  // A lunar year is 353–385 days: start from the mean-year estimate and correct by at most one.
  let y = Math.min(YEARS - 1, Math.floor((n - ny[0]) / 365.2422));
  while (ny[y] > n) y--;
  while (ny[y + 1] <= n) y++;
  let day = n - ny[y];
  const l = leaps[y];
  const count = l ? 13 : 12;
  let i = 0;
  for (; i < count - 1; i++) {
    const len = monthLength(y, i);
    if (day < len) break;
    day -= len;
  }
  const leap = l !== 0 && i === l;
  const month = l !== 0 && i >= l ? i : i + 1;
  return { year: LUNAR_FIRST_YEAR + y, month, day: day + 1, leap };
}

/**
 * Day number of a lunar date. Checks: year an integer (WRONG_LUNAR_YEAR) within 1900–2100
 * (OUT_OF_RANGE); month 1–12, `leap` only on that year's leap month (WRONG_LUNAR_MONTH); day from 1 to
 * the month's length, 29 or 30 (WRONG_LUNAR_DAY).
 */
export function dayNumberFromLunar(year: number, month: number, day: number, leap = false): number {
  const y = row(year);
  const p = position(y, month, leap);
  if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > monthLength(y, p)) {
    throw new AlmanacError('WRONG_LUNAR_DAY');
  }
  let n = newYears![y] + day - 1;
  for (let i = 0; i < p; i++) n += monthLength(y, i);
  return n;
}

/** The leap month of a lunar year, 1–12, or 0 when the year has none. */
export function leapMonth(year: number): number {
  const y = row(year);
  return leaps[y];
}

/** Days (29 or 30) of a lunar month; `leap` selects the leap month (checked like {@link dayNumberFromLunar}). */
export function lunarMonthDays(year: number, month: number, leap = false): number {
  const y = row(year);
  return monthLength(y, position(y, month, leap));
}

const MONTH_NAMES = ['正', '二', '三', '四', '五', '六', '七', '八', '九', '十', '冬', '腊'];
const DIGIT_NAMES = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const TENS = ['初', '十', '廿', '三'];

/** Chinese month name: 正月, 二月 … 十月, 冬月, 腊月; a leap month is prefixed 闰 (闰二月). */
export function lunarMonthName(month: number, leap = false): string {
  const name = MONTH_NAMES[month - 1];
  if (name === undefined) throw new AlmanacError('WRONG_LUNAR_MONTH');
  return `${leap ? '闰' : ''}${name}月`;
}

/** Chinese day name: 初一 … 初十, 十一 … 十九, 二十, 廿一 … 廿九, 三十. */
export function lunarDayName(day: number): string {
  if (!Number.isInteger(day) || day < 1 || day > 30) throw new AlmanacError('WRONG_LUNAR_DAY');
  if (day === 10) return '初十';
  if (day === 20) return '二十';
  if (day === 30) return '三十';
  return TENS[Math.floor(day / 10)] + DIGIT_NAMES[day % 10];
}

/** Chinese year numeral, digit by digit: 2026 → 二〇二六. */
export function lunarYearName(year: number): string {
  return String(year).replace(/\d/g, (d) => DIGIT_NAMES[Number(d)]);
}
