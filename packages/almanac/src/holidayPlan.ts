import { HOLIDAY_NOTICES } from './data/holidayNotices.ts';
import { HOLIDAY_YEARS, type HolidayNotice } from './data/holidays.ts';
import { expandDates, type HolidayDay } from './holiday.ts';
import type { HolidayTable } from './holidayTable.ts';
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
  /** The notices the built-in plan was compiled from (none for a year known only from entered days). */
  notices: readonly HolidayNotice[];
  /** Titles of the notices of days entered since the build (holidayTable.ts). */
  enteredNotices: readonly string[];
  holidays: HolidayPeriod[];
}

const format = (n: number) => formatSolarDate(solarFromDayNumber(n));

/** Notice titles of the entered years with a day in `year`, each once, in the order given. */
function enteredNotices(year: number, table: HolidayTable | undefined): string[] {
  const titles: string[] = [];
  for (const group of table?.entered ?? []) {
    if (!group.days.some((day) => day.date.startsWith(`${year}-`))) continue;
    for (const title of group.notices ?? []) if (!titles.includes(title)) titles.push(title);
  }
  return titles;
}

/**
 * The plan announced for `year` (its notices and holidays, dates spelled out), or null when nothing is
 * known for that year. A built-in plan may reach into the previous December (e.g. 2008's 元旦 break
 * starts 2007-12-30). With an entered `table`, its days of `year` are merged in: an entered day
 * replaces the built-in entry of its date and joins the holiday of its name (a new holiday comes after
 * the built-in ones, in date order).
 */
export function holidaysOfYear(year: number, table?: HolidayTable): HolidayPlan | null {
  const plan = HOLIDAY_YEARS.find((y) => y.year === year);
  const entered = [...(table?.days ?? [])]
    .filter(([n]) => solarFromDayNumber(n).year === year)
    .sort(([a], [b]) => a - b);
  if (!plan && entered.length === 0) return null;
  // name → day numbers with their entry, built-in first; an entered date leaves its built-in holiday.
  const byName = new Map<string, Map<number, HolidayDay>>();
  const add = (n: number, entry: HolidayDay) => {
    const days = byName.get(entry.name) ?? new Map<number, HolidayDay>();
    days.set(n, entry);
    byName.set(entry.name, days);
  };
  for (const holiday of plan?.holidays ?? []) {
    const days = [
      ...holiday.off.flatMap(expandDates).map((n) => [n, true] as const),
      ...(holiday.work ?? []).flatMap(expandDates).map((n) => [n, false] as const),
    ];
    for (const [n, offDay] of days) if (!table?.days.has(n)) add(n, { name: holiday.name, offDay });
  }
  for (const [n, entry] of entered) add(n, entry);
  const holidays: HolidayPeriod[] = [];
  for (const [name, days] of byName) {
    const sorted = [...days].sort(([a], [b]) => a - b);
    holidays.push({
      name,
      off: sorted.filter(([, entry]) => entry.offDay).map(([n]) => format(n)),
      work: sorted.filter(([, entry]) => !entry.offDay).map(([n]) => format(n)),
    });
  }
  return {
    year,
    notices: plan ? (HOLIDAY_NOTICES[plan.year] ?? []) : [],
    enteredNotices: enteredNotices(year, table),
    holidays,
  };
}
