/**
 * Beijing days (UTC+8, no daylight saving): the console's date filters and the dashboard's "today"
 * and "this month" are the operators' days in China, whatever the server's time zone.
 */
import { AppError } from './errors.ts';

const BEIJING_OFFSET_MS = 8 * 3600_000;

/**
 * The instant Beijing day `date` ('YYYY-MM-DD') starts, `plusDays` later; ValidationError naming
 * `field` when `date` is not a real day.
 */
export function beijingDayStart(date: string, field: string, plusDays = 0): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (
    !match ||
    year < 2000 ||
    year > 2100 ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    throw new AppError('ValidationError', `${field} must be a real day YYYY-MM-DD`);
  }
  return new Date(utc + plusDays * 86_400_000 - BEIJING_OFFSET_MS);
}

/** A span of time: from `start` (included) to `end` (excluded). */
export interface Period {
  start: Date;
  end: Date;
}

/** The Beijing day and the Beijing month that contain `now`. */
export function beijingPeriodsOf(now: number): { day: Period; month: Period } {
  const wall = new Date(now + BEIJING_OFFSET_MS);
  const [year, month, date] = [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()];
  const at = (utc: number) => new Date(utc - BEIJING_OFFSET_MS);
  return {
    day: { start: at(Date.UTC(year, month, date)), end: at(Date.UTC(year, month, date + 1)) },
    month: { start: at(Date.UTC(year, month, 1)), end: at(Date.UTC(year, month + 1, 1)) },
  };
}
