/**
 * Beijing days (UTC+8, no daylight saving): the console's date filters and the dashboard's "today"
 * and "this month" are the operators' days in China, whatever the server's time zone.
 */
import { beijingDateAt, beijingDayAt, beijingDayStart as dayStartAt } from '@xuanli/almanac/beijingTime';
import { dayNumber, daysInSolarMonth } from '@xuanli/almanac/solarDate';
import { AppError } from './errors.ts';

/**
 * The instant Beijing day `date` ('YYYY-MM-DD') starts, `plusDays` later; ValidationError naming
 * `field` when `date` is not a real day.
 */
export function beijingDayStart(date: string, field: string, plusDays = 0): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    !match ||
    year < 2000 ||
    year > 2100 ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    throw new AppError('ValidationError', `${field} must be a real day YYYY-MM-DD`);
  }
  return new Date(dayStartAt(dayNumber(year, month, day) + plusDays));
}

/** A span of time: from `start` (included) to `end` (excluded). */
export interface Period {
  start: Date;
  end: Date;
}

/** The Beijing day and the Beijing month that contain `now`. */
export function beijingPeriodsOf(now: number): { day: Period; month: Period } {
  const today = beijingDayAt(now);
  const { year, month } = beijingDateAt(now);
  const firstOfMonth = dayNumber(year, month, 1);
  const at = (day: number) => new Date(dayStartAt(day));
  return {
    day: { start: at(today), end: at(today + 1) },
    month: { start: at(firstOfMonth), end: at(firstOfMonth + daysInSolarMonth(year, month)) },
  };
}
