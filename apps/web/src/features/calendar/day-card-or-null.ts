import { type AlmanacDayBasics, almanacDayBasics } from '@xuanli/almanac/dayBasics';
import { isAlmanacError } from '@xuanli/almanac/errors';
import type { HolidayTable } from '@xuanli/almanac/holidayTable';
import type { SolarDate } from '@xuanli/almanac/solarDate';

/**
 * The day card's facts for a date, or null when the engine has none: the lunar tables start on
 * 1900-01-31, so the first days of January 1900 show in the grid without a card. Uses the engine's
 * day-card entry (not the whole 老黄历) so the calendar route does not ship the hour and 神煞 tables.
 * `holidays`: the days entered since the build, over the built-in plans.
 */
export function dayCardOrNull(date: SolarDate, holidays?: HolidayTable): AlmanacDayBasics | null {
  try {
    return almanacDayBasics(date, { holidays });
  } catch (error) {
    if (isAlmanacError(error)) return null;
    throw error;
  }
}
