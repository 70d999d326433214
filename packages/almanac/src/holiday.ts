import { HOLIDAY_YEARS, type HolidayNotice } from './data/holidays.ts';
import { dayNumber, formatSolarDate, solarFromDayNumber } from './solarDate.ts';

/**
 * Public holidays (放假) and make-up workdays (调休上班) by day, from the State Council notices compiled
 * in data/holidays.ts (2001–2026). A year without data answers "no data" (`hasHolidayData` false,
 * `holidaysOfYear` null) — never a guess from the rules.
 */

/** What a day is in the holiday plan: a day off of a holiday, or a 调休 workday (`offDay` false). */
export interface HolidayDay {
  name: string;
  offDay: boolean;
}

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

const FIRST_YEAR = HOLIDAY_YEARS[0]?.year ?? 0;
const LAST_YEAR = HOLIDAY_YEARS[HOLIDAY_YEARS.length - 1]?.year ?? -1;

function parseDate(text: string): number {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return dayNumber(y, m, d);
}

/** Day numbers of 'YYYY-MM-DD' or 'YYYY-MM-DD..YYYY-MM-DD'. */
function expand(item: string): number[] {
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
        for (const n of expand(item)) map.set(n, { name: holiday.name, offDay: true });
      for (const item of holiday.work ?? [])
        for (const n of expand(item)) map.set(n, { name: holiday.name, offDay: false });
    }
  }
  index = map;
  return map;
}

/** Whether the engine has the State Council holiday plan for this Gregorian year (2001–2026). */
export function hasHolidayData(year: number): boolean {
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/**
 * The holiday entry of a day: `{name, offDay: true}` on a day off of a holiday's break,
 * `{name, offDay: false}` on a 调休 workday (e.g. 2024-02-04 → 春节, false), otherwise null. Null also
 * for days of years without data — ask {@link hasHolidayData} to tell "no holiday" from "no data".
 */
export function holidayOn(day: number): HolidayDay | null {
  const entry = dayIndex().get(day);
  return entry ? { name: entry.name, offDay: entry.offDay } : null;
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
    notices: plan.notices,
    holidays: plan.holidays.map((h) => ({
      name: h.name,
      off: h.off.flatMap(expand).map(format),
      work: (h.work ?? []).flatMap(expand).map(format),
    })),
  };
}
