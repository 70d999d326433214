import { type AlmanacDay, almanacDay } from '@xuanli/almanac/day';
import { isAlmanacError } from '@xuanli/almanac/errors';
import type { SolarDate } from '@xuanli/almanac/solarDate';

/**
 * The engine's almanac of a date, or null when the engine has no almanac for it: the lunar tables
 * start on 1900-01-31, so the first days of January 1900 show in the grid but have no 老黄历.
 */
export function almanacDayOrNull(date: SolarDate): AlmanacDay | null {
  try {
    return almanacDay(date);
  } catch (error) {
    if (isAlmanacError(error)) return null;
    throw error;
  }
}
