import { AlmanacError } from './errors.ts';
import type { HolidayDay } from './holiday.ts';
import { dayNumber, parseSolarDate } from './solarDate.ts';

/**
 * Holiday days entered after the engine was built — a State Council notice published since, typed in
 * by an operator and served by the API as versioned data (`GET /api/calendar/holidays`), or read from
 * a file by the CLI. The built-in plans (data/holidays.ts) stay; an entered day replaces the built-in
 * entry of its date, and a Gregorian year with entered days counts as a year with holiday data.
 *
 * The table is plain data handed to the functions that mark 休/班 (holiday.ts, salary.ts, monthView,
 * dayBasics, day, ics, holidayPlan); the engine keeps no table of its own between calls.
 */

/** One entered day: `offDay` true = a day off of the break (休), false = a make-up workday (班). */
export interface EnteredHolidayDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  name: string;
  offDay: boolean;
}

/** A year of entered days as the API serves it; other fields (updatedAt…) are ignored. */
export interface EnteredHolidayYear {
  /** The notice titles the days come from. */
  notices?: readonly string[];
  days: readonly EnteredHolidayDay[];
}

/** Entered days ready for lookups; build it once with {@link holidayTable} and pass it along. */
export interface HolidayTable {
  /** Day number → entered entry. */
  readonly days: ReadonlyMap<number, HolidayDay>;
  /** Gregorian years (of the dates) with at least one entered day. */
  readonly years: ReadonlySet<number>;
  /** The years as given (their notices are cited by holidayPlan.ts). */
  readonly entered: readonly EnteredHolidayYear[];
}

/**
 * Checks the entered years and indexes their days. A date that is not a real 'YYYY-MM-DD' throws the
 * engine's date message ('wrong solar day' …); an empty name or a non-boolean `offDay` throws
 * `WRONG_OPTION`. A date given twice keeps the later entry. (Days outside 1900–2100 are harmless: no
 * answer of the engine reaches them.)
 */
export function holidayTable(entered: readonly EnteredHolidayYear[]): HolidayTable {
  const days = new Map<number, HolidayDay>();
  const years = new Set<number>();
  for (const group of entered) {
    for (const { date, name, offDay } of group.days) {
      const { year, month, day } = parseSolarDate(date);
      if (typeof name !== 'string' || !name.trim() || typeof offDay !== 'boolean')
        throw new AlmanacError('WRONG_OPTION', `wrong holiday entry '${date}'`);
      days.set(dayNumber(year, month, day), { name, offDay });
      years.add(year);
    }
  }
  return { days, years, entered };
}
