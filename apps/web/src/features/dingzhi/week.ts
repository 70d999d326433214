/**
 * Dates of the 定制 week strip. The server answers the week Monday–Sunday of the day asked for; the
 * strip marks today and remembers the chosen day as its index in that week (the session store's
 * `currWeek`, SPEC §3), so coming back to the tab the same day shows the same day.
 */

import { dayNumber, parseSolarDate, weekday } from '@xuanli/almanac/solarDate';

const WEEKDAY_CHARS = '日一二三四五六';

/** Index 0 (Monday) … 6 (Sunday) of a 'YYYY-MM-DD' date in its week. */
export function mondayIndex(date: string): number {
  const { year, month, day } = parseSolarDate(date);
  return (weekday(dayNumber(year, month, day)) + 6) % 7;
}

/** '周一' … '周日' of a 'YYYY-MM-DD' date. */
export function weekdayLabel(date: string): string {
  const { year, month, day } = parseSolarDate(date);
  return `周${WEEKDAY_CHARS[weekday(dayNumber(year, month, day))]}`;
}

/** '1月12日' of a 'YYYY-MM-DD' date. */
export function monthDay(date: string): string {
  const { month, day } = parseSolarDate(date);
  return `${month}月${day}日`;
}
