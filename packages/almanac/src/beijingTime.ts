import { assertSolarDate, assertTime, dayNumber, solarFromDayNumber } from './solarDate.ts';

/**
 * Moments as `BeijingSeconds`: seconds since 1970-01-01 00:00:00 Beijing time (UTC+8), the civil time
 * in which the Chinese calendar is reckoned (GB/T 33661-2017 §4). Integer arithmetic on the engine's
 * day number, never `Date`, so nothing depends on the machine's time zone.
 */

const DAY = 86400;

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
