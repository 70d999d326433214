import { type AlmanacDay, almanacDay } from '@xuanli/almanac/day';
import { isAlmanacError } from '@xuanli/almanac/errors';
import type { HolidayTable } from '@xuanli/almanac/holidayTable';
import type { SolarDate } from '@xuanli/almanac/solarDate';

/**
 * The engine's almanac of a date, or null when the engine has no almanac for it: the lunar tables
 * start on 1900-01-31, so the first days of January 1900 show in the grid but have no 老黄历.
 * `holidays`: the days entered since the build, over the built-in plans.
 */
export function almanacDayOrNull(date: SolarDate, holidays?: HolidayTable): AlmanacDay | null {
  try {
    return almanacDay(date, { holidays });
  } catch (error) {
    if (isAlmanacError(error)) return null;
    throw error;
  }
}
