import {
  assertSolarDate,
  assertTime,
  dayNumber,
  formatSolarDate,
  parseSolarDate,
  type SolarDate,
  solarFromDayNumber,
} from './solarDate.ts';

/**
 * Beijing time, the one place it is reckoned. Moments as `BeijingSeconds`: seconds since 1970-01-01
 * 00:00:00 Beijing time (UTC+8), the civil time in which the Chinese calendar is reckoned (GB/T
 * 33661-2017 §4); instants as epoch milliseconds (`Date.now()`, a clock's `now()`). Integer arithmetic
 * on the engine's day number, never `Date`'s local fields, so nothing depends on the machine's time
 * zone. Every app asks this module for "today", a day's start and a Beijing date or time of an instant;
 * a lint rule (biome/beijing-arithmetic.grit) keeps the offset arithmetic from being written anywhere
 * else, where a slip (UTC's day for Beijing's, a phone's zone) shows only between 00:00 and 08:00.
 */

const DAY = 86400;

/**
 * Beijing's offset from UTC in seconds. Civil time in China is UTC+8 all year: the summer time of
 * 1986–1991 moved the clocks, not the reckoning of calendar days, which every calendar keeps in UTC+8.
 */
export const BEIJING_OFFSET_SECONDS = 8 * 3600;

/**
 * Beijing seconds of a Beijing civil date and time; throws the engine's message (PRODUCT.md#input-rules)
 * ('wrong solar month', 'wrong hour' …) for the first wrong part.
 */
export function beijingSeconds(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  assertSolarDate(year, month, day);
  assertTime(hour, minute, second);
  return dayNumber(year, month, day) * DAY + hour * 3600 + minute * 60 + second;
}

/** The Beijing day number (days since 1970-01-01) a moment falls on. */
export function beijingDayNumber(seconds: number): number {
  return Math.floor(seconds / DAY);
}

/** 'YYYY-MM-DD HH:mm:ss' of a moment, in Beijing time. */
export function formatBeijing(seconds: number): string {
  const n = Math.floor(seconds / DAY);
  const rest = seconds - n * DAY;
  const date = solarFromDayNumber(n);
  const two = (v: number) => String(v).padStart(2, '0');
  return (
    `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)} ` +
    `${two(Math.floor(rest / 3600))}:${two(Math.floor(rest / 60) % 60)}:${two(Math.floor(rest % 60))}`
  );
}

/** The Beijing moment (`BeijingSeconds`, to the whole second, rounded down) of the instant `ms`. */
export function beijingSecondsAt(ms: number): number {
  return Math.floor(ms / 1000) + BEIJING_OFFSET_SECONDS;
}

/** The instant (epoch milliseconds) of a Beijing moment given in `BeijingSeconds`. */
export function instantOfBeijingSeconds(seconds: number): number {
  return (seconds - BEIJING_OFFSET_SECONDS) * 1000;
}

/** The Beijing day number (days since 1970-01-01) the instant `ms` falls on. */
export function beijingDayAt(ms: number): number {
  return beijingDayNumber(beijingSecondsAt(ms));
}

/** The Beijing date the instant `ms` falls on. */
export function beijingDateAt(ms: number): SolarDate {
  return solarFromDayNumber(beijingDayAt(ms));
}

/**
 * Today's date in Beijing as 'YYYY-MM-DD', `nowMs` being the instant now: the almanac's day, wherever
 * the phone or the server is.
 */
export function beijingToday(nowMs: number): string {
  return formatBeijingDate(nowMs);
}

/** The instant (epoch milliseconds) Beijing day number `n` starts, at 00:00 Beijing time. */
export function beijingDayStart(n: number): number {
  return instantOfBeijingSeconds(n * DAY);
}

/** The instant (epoch milliseconds) the Beijing date `date` ('YYYY-MM-DD') starts. */
export function beijingDateStart(date: string): number {
  const { year, month, day } = parseSolarDate(date);
  return beijingDayStart(dayNumber(year, month, day));
}

/** The date ('YYYY-MM-DD') `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseSolarDate(date);
  return formatSolarDate(solarFromDayNumber(dayNumber(year, month, day) + days));
}

/** 'YYYY-MM-DD', the Beijing date of the instant `ms`. */
export function formatBeijingDate(ms: number): string {
  return formatSolarDate(beijingDateAt(ms));
}

/** 'YYYY-MM-DD HH:mm:ss', the Beijing date and time of the instant `ms` (to the second, rounded down). */
export function formatBeijingDateTime(ms: number): string {
  return formatBeijing(beijingSecondsAt(ms));
}
