/**
 * Dates of the 定制 week strip. The server answers the week Monday–Sunday of the day asked for; the
 * strip marks today and remembers the chosen day as its index in that week (the session store's
 * `currWeek` of the session store), so coming back to the tab the same day shows the same day.
 */

import { beijingToday } from '@xuanli/almanac/beijingTime';
import { dayNumber, parseSolarDate, weekday } from '@xuanli/almanac/solarDate';
import { useEffect, useState } from 'react';

/*
 * Why this file repeats src/hooks/useBeijingToday.ts: that hook ships in the calendar route's chunks,
 * and a page importing it makes the bundler split it out into a chunk of its own, which costs the
 * calendar route (131 KB gzip budget) bytes. A few lines are cheaper.
 */

const WEEKDAY_CHARS = '日一二三四五六';

/** Today's date in Beijing (UTC+8) as 'YYYY-MM-DD', whatever the phone's time zone. */
export function beijingDate(nowMs: number = Date.now()): string {
  return beijingToday(nowMs);
}

/** Today in Beijing, read again when the page becomes visible (a phone left open overnight). */
export function useToday(): string {
  const [today, setToday] = useState(() => beijingDate());
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') setToday(beijingDate());
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, []);
  return today;
}

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
