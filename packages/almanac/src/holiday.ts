import { HOLIDAY_YEARS } from './data/holidays.ts';
import type { HolidayTable } from './holidayTable.ts';
import { dayNumber } from './solarDate.ts';

/**
 * Public holidays (放假) and make-up workdays (调休上班) by day, from the State Council notices compiled
 * in data/holidays.ts (2001–2026) and, when the caller passes one, a table of days entered since
 * (holidayTable.ts: an entered day replaces the built-in entry of its date). A year without data
 * answers "no data" (`hasHolidayData` false, `holidaysOfYear` null) — never a guess from the rules.
 */

/** What a day is in the holiday plan: a day off of a holiday, or a 调休 workday (`offDay` false). */
export interface HolidayDay {
  name: string;
  offDay: boolean;
}

const FIRST_YEAR = HOLIDAY_YEARS[0]?.year ?? 0;
const LAST_YEAR = HOLIDAY_YEARS[HOLIDAY_YEARS.length - 1]?.year ?? -1;

/** The Gregorian years the built-in plans cover, first and last. */
export const BUILT_IN_HOLIDAY_YEARS = { from: FIRST_YEAR, to: LAST_YEAR } as const;

function parseDate(text: string): number {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return dayNumber(y, m, d);
}

/** Day numbers of a data entry 'YYYY-MM-DD' or 'YYYY-MM-DD..YYYY-MM-DD'. */
export function expandDates(item: string): number[] {
  const [from, to = from] = item.split('..') as [string, string?];
  const first = parseDate(from);
  const last = parseDate(to);
  const days: number[] = [];
  for (let n = first; n <= last; n++) days.push(n);
  return days;
}

let index: Map<number, HolidayDay> | undefined;

/** day number → entry, built on first use (a few hundred days). */
function dayIndex(): Map<number, HolidayDay> {
  if (index) return index;
  const map = new Map<number, HolidayDay>();
  for (const year of HOLIDAY_YEARS) {
    for (const holiday of year.holidays) {
      for (const item of holiday.off)
        for (const n of expandDates(item)) map.set(n, { name: holiday.name, offDay: true });
      for (const item of holiday.work ?? [])
        for (const n of expandDates(item)) map.set(n, { name: holiday.name, offDay: false });
    }
  }
  index = map;
  return map;
}

/**
 * Whether the holiday plan of this Gregorian year is known: a built-in year (2001–2026) or a year with
 * days in the entered `table`.
 */
export function hasHolidayData(year: number, table?: HolidayTable): boolean {
  if (!Number.isInteger(year)) return false;
  return (year >= FIRST_YEAR && year <= LAST_YEAR) || (table?.years.has(year) ?? false);
}

/**
 * The holiday entry of a day: `{name, offDay: true}` on a day off of a holiday's break,
 * `{name, offDay: false}` on a 调休 workday (e.g. 2024-02-04 → 春节, false), otherwise null. An entry
 * of the entered `table` wins over the built-in one of the same date. Null also for days of years
 * without data — ask {@link hasHolidayData} to tell "no holiday" from "no data".
 */
export function holidayOn(day: number, table?: HolidayTable): HolidayDay | null {
  const entry = table?.days.get(day) ?? dayIndex().get(day);
  return entry ? { name: entry.name, offDay: entry.offDay } : null;
}
