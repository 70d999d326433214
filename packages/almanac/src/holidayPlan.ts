import { HOLIDAY_NOTICES } from './data/holidayNotices.ts';
import { HOLIDAY_YEARS, type HolidayNotice } from './data/holidays.ts';
import { expandDates } from './holiday.ts';
import { formatSolarDate, solarFromDayNumber } from './solarDate.ts';

/**
 * A year's whole holiday plan with the State Council notices it was compiled from — for pages and
 * exports that cite their source. Kept apart from holiday.ts so a calendar page that only marks 休/班
 * does not ship the notices' titles and addresses.
 */

/** One holiday of a year's plan with every date spelled out ('YYYY-MM-DD', ascending). */
export interface HolidayPeriod {
  name: string;
  off: string[];
  work: string[];
}

/** A year's plan: the notices it comes from and its holidays. */
export interface HolidayPlan {
  year: number;
  notices: readonly HolidayNotice[];
  holidays: HolidayPeriod[];
}

/**
 * The plan announced for `year` (its notices and holidays, dates spelled out), or null when the engine
 * has no data for that year. A plan may reach into the previous December (e.g. 2008's 元旦 break
 * starts 2007-12-30).
 */
export function holidaysOfYear(year: number): HolidayPlan | null {
  const plan = HOLIDAY_YEARS.find((y) => y.year === year);
  if (!plan) return null;
  const format = (n: number) => formatSolarDate(solarFromDayNumber(n));
  return {
    year: plan.year,
    notices: HOLIDAY_NOTICES[plan.year] ?? [],
    holidays: plan.holidays.map((h) => ({
      name: h.name,
      off: h.off.flatMap(expandDates).map(format),
      work: (h.work ?? []).flatMap(expandDates).map(format),
    })),
  };
}
