/**
 * Times on the console are Beijing times (UTC+8, no daylight saving): the API answers instants in ISO
 * form, the operators work by the Chinese calendar day, and the holiday table is kept by Beijing
 * dates. Nothing here reads the computer's own zone.
 */
import { beijingDateStart, formatBeijingDate, formatBeijingDateTime } from '@xuanli/almanac/beijingTime';
import { dayjs } from './dayjs';

/** `iso` as 'YYYY-MM-DD HH:mm' Beijing time; '—' when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = dayjs(iso);
  return time.isValid() ? formatBeijingDateTime(time.valueOf()).slice(0, 16) : '—';
}

/** `iso` as 'YYYY-MM-DD', the Beijing day it falls on; '—' when there is none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = dayjs(iso);
  return time.isValid() ? formatBeijingDate(time.valueOf()) : '—';
}

/** The instant (ISO, UTC) at which the Beijing day `date` ('YYYY-MM-DD') begins. */
export function beijingDayStart(date: string): string {
  return new Date(beijingDateStart(date)).toISOString();
}

/** The Beijing day ('YYYY-MM-DD') after `date`. */
export function nextDay(date: string): string {
  return dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');
}

/** Every day from `first` to `last` ('YYYY-MM-DD', both included, `first` ≤ `last`). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = dayjs.utc(first); !day.isAfter(dayjs.utc(last), 'day'); day = day.add(1, 'day')) {
    days.push(day.format('YYYY-MM-DD'));
  }
  return days;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** The weekday of `date` ('YYYY-MM-DD'), e.g. 周五. */
export function weekdayOf(date: string): string {
  return WEEKDAYS[dayjs.utc(date).day()];
}

/** Whether the instant `iso` is later than now. */
export function isFuture(iso: string | null | undefined, nowMs: number = Date.now()): boolean {
  return !!iso && Date.parse(iso) > nowMs;
}
