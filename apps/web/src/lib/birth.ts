/**
 * The birth date as the picker holds it, and its conversions: to the PRODUCT.md#bazi birth text
 * ('公 1990-05-10 08:00', '农 2023-02(闰)-15 08:00' — the engine's grammar, packages/almanac README
 * "Birth text grammar"), back from such a text, and between the solar and lunar calendars
 * (the picker's 公历/农历 toggle recomputes the date, PRODUCT.md#input-rules).
 */
import { formatBirthText, parseBirthText } from '@xuanli/almanac/bazi/birthText';
import { dayNumberFromLunar, leapMonth, lunarFromDayNumber, lunarMonthDays } from '@xuanli/almanac/lunar';
import { dayNumber, daysInSolarMonth, solarFromDayNumber } from '@xuanli/almanac/solarDate';

/** Calendar of a picked date. */
export type CalendarKind = 'solar' | 'lunar';

/** A birth date and time as picked. `leap` marks a lunar leap month (闰月). */
export interface BirthValue {
  calendar: CalendarKind;
  year: number;
  month: number;
  day: number;
  leap: boolean;
  hour: number;
  minute: number;
}

/** Years the picker can reach at all: the engine's lunar table covers 1900–2100 (PRODUCT.md#input-rules). */
export const YEAR_LIMITS = { min: 1900, max: 2100 } as const;

/** Years the picker offers by default (PRODUCT.md#input-rules: default minimum 1930, maximum 2100). */
export const DEFAULT_YEAR_RANGE = { min: 1930, max: 2100 } as const;

/** The sample birth of the default profile 示例 / 男 (the engine README's worked example). */
export const SAMPLE_BIRTH: BirthValue = {
  calendar: 'solar',
  year: 1990,
  month: 5,
  day: 10,
  leap: false,
  hour: 8,
  minute: 0,
};

/** The PRODUCT.md#bazi birth text of a picked value, e.g. '农 2023-02(闰)-15 08:00'. */
export function toBornText(value: BirthValue): string {
  return formatBirthText({
    calendar: value.calendar,
    year: value.year,
    month: value.month,
    day: value.day,
    leap: value.calendar === 'lunar' && value.leap,
    hour: value.hour,
    minute: value.minute,
    second: 0,
    hasTime: true,
  });
}

/** The picked value of a birth text; null when the text does not parse. */
export function fromBornText(text: string): BirthValue | null {
  try {
    const b = parseBirthText(text);
    return {
      calendar: b.calendar,
      year: b.year,
      month: b.month,
      day: b.day,
      leap: b.leap,
      hour: b.hour,
      minute: b.minute,
    };
  } catch {
    return null;
  }
}

/** Days in the picked month (solar 28–31, lunar 29/30); 30 when the month does not exist. */
export function daysInMonth(calendar: CalendarKind, year: number, month: number, leap: boolean): number {
  try {
    return calendar === 'solar' ? daysInSolarMonth(year, month) : lunarMonthDays(year, month, leap);
  } catch {
    return 30;
  }
}

/** The leap month of a lunar year (1–12), or 0 when it has none or the year is out of range. */
export function leapMonthOf(year: number): number {
  try {
    return leapMonth(year);
  } catch {
    return 0;
  }
}

/**
 * Makes a value consistent after one field changed: a 闰 flag the year lacks is dropped, and a day
 * past the month's end is clamped (31 → 30, 30 → 29), as the platform date pickers do.
 */
export function normalize(value: BirthValue): BirthValue {
  const leap = value.calendar === 'lunar' && value.leap && leapMonthOf(value.year) === value.month;
  const days = daysInMonth(value.calendar, value.year, value.month, leap);
  return { ...value, leap, day: Math.min(value.day, days) };
}

/**
 * The same moment on the other calendar, or null when it has no counterpart in the supported range
 * (solar 1900-01-01 … 01-30 lie before lunar 1900 正月初一).
 */
export function convertCalendar(value: BirthValue, to: CalendarKind): BirthValue | null {
  if (value.calendar === to) return value;
  try {
    if (to === 'lunar') {
      const l = lunarFromDayNumber(dayNumber(value.year, value.month, value.day));
      if (l.year < YEAR_LIMITS.min || l.year > YEAR_LIMITS.max) return null;
      return { ...value, calendar: 'lunar', year: l.year, month: l.month, day: l.day, leap: l.leap };
    }
    const s = solarFromDayNumber(dayNumberFromLunar(value.year, value.month, value.day, value.leap));
    if (s.year < YEAR_LIMITS.min || s.year > YEAR_LIMITS.max) return null;
    return { ...value, calendar: 'solar', year: s.year, month: s.month, day: s.day, leap: false };
  } catch {
    return null;
  }
}

/**
 * Why a picked birth cannot be charted, in words for the field, or null when it can. The picker
 * cannot produce an impossible day; what is left are the edges of the lunar table.
 */
export function birthError(value: BirthValue): string | null {
  if (value.year < YEAR_LIMITS.min || value.year > YEAR_LIMITS.max) return '出生年份须在 1900–2100 年之间';
  if (value.calendar === 'solar' && value.year === 1900 && value.month === 1 && value.day < 31) {
    return '1900年1月31日（农历正月初一）之前无法换算农历，请选择之后的日期';
  }
  if (value.calendar === 'lunar' && value.leap && leapMonthOf(value.year) !== value.month) {
    return `农历${value.year}年没有闰${value.month}月`;
  }
  if (value.day > daysInMonth(value.calendar, value.year, value.month, value.leap)) {
    return '这个月没有这一天';
  }
  return null;
}
