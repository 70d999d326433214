import { beijingToday as beijingTodayAt } from '@xuanli/almanac/beijingTime';

/**
 * Time as a dependency: token issue/expiry and "today" come from here, so tests pin and move time
 * instead of waiting or mocking globals.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** 'YYYY-MM-DD' of the current day in Beijing (UTC+8), the calendar's reference zone. */
export function beijingToday(clock: Clock): string {
  return beijingTodayAt(clock.now());
}
