import { hasHolidayData, holidayOn } from './holiday.ts';
import type { HolidayTable } from './holidayTable.ts';
import { dayNumberFromLunar } from './lunar.ts';
import { dayNumber, solarFromDayNumber, weekday } from './solarDate.ts';
import { termDay } from './solarTerm.ts';

/**
 * Pay multiplier for working a given day, per 劳动法 第四十四条: 300% on a 法定休假日 (statutory
 * holiday), 200% on a 休息日 (rest day) worked without compensatory rest, otherwise 100%.
 *
 * The statutory days are those of 《全国年节及纪念日放假办法》 第二条 in force on that day — the set
 * changed with each revision, so it is versioned here (texts read via gov.cn reprints of each 国务院令):
 *
 * - 1999 revision, 国务院令第270号 (1999-09-18, in force that day): 新年 1/1; 春节 正月初一–初三;
 *   劳动节 5/1–5/3; 国庆节 10/1–10/3.
 * - 2007 revision, 国务院令第513号 (2007-12-14, in force 2008-01-01): 新年 1/1; 春节 农历除夕、正月初一、初二;
 *   清明节 (清明 day); 劳动节 5/1; 端午节 (五月初五); 中秋节 (八月十五); 国庆节 10/1–10/3.
 * - 2013 revision, 国务院令第644号 (2013-12-11, in force 2014-01-01): 春节 back to 正月初一–初三
 *   (除夕 no longer statutory); the rest unchanged.
 * - 2024 revision, 国务院令第795号 (2024-11-10, in force 2025-01-01): 春节 农历除夕、正月初一至初三 (4 days);
 *   劳动节 5/1 and 5/2; the rest unchanged.
 *
 * One more day is statutory by its own act: 2015-09-03, which the State Council (not its General
 * Office) made a nationwide day off (国务院 2015-05-13, "2015年9月3日全国放假1天") for the 70th
 * anniversary of victory in the War of Resistance; its 9/4 调休 day is an ordinary rest day.
 *
 * "Rest days" are weekends and every day off of a holiday break that is not statutory (the 调休 days);
 * make-up workdays (调休上班) are workdays even on a weekend.
 */

/** The salary multiplier of a day: 3, 2 or 1. */
export type SalaryMultiplier = 1 | 2 | 3;

/** Which revision of the 放假办法 governs a Gregorian year. */
function revision(year: number): 1999 | 2007 | 2013 | 2024 {
  if (year >= 2025) return 2024;
  if (year >= 2014) return 2013;
  if (year >= 2008) return 2007;
  return 1999;
}

/** Statutory days created by a one-off State Council act (day numbers). */
const SPECIAL_STATUTORY: readonly number[] = [dayNumber(2015, 9, 3)];

/** 清明 is index 6 of solarTerm.ts's TERM_NAMES (0 = 小寒). */
const QINGMING = 6;

const cache = new Map<number, ReadonlySet<number>>();

/**
 * The statutory holiday days (法定节假日) of a Gregorian year as day numbers, by the revision of the
 * 放假办法 in force that year (see the module comment). Every lunar statutory day of Gregorian year Y
 * belongs to lunar year Y: 除夕 is the day before 正月初一 (the last day of 腊月, whether it has 29 or 30
 * days) and 正月初一 is never before January 21.
 */
export function statutoryHolidays(year: number): number[] {
  return [...statutorySet(year)].sort((a, b) => a - b);
}

function statutorySet(year: number): ReadonlySet<number> {
  const cached = cache.get(year);
  if (cached) return cached;
  const rev = revision(year);
  const days = new Set<number>();
  const springFestival = dayNumberFromLunar(year, 1, 1);
  days.add(dayNumber(year, 1, 1));
  days.add(springFestival);
  days.add(springFestival + 1);
  if (rev !== 2007) days.add(springFestival + 2);
  if (rev === 2007 || rev === 2024) days.add(springFestival - 1);
  days.add(dayNumber(year, 5, 1));
  if (rev === 1999 || rev === 2024) days.add(dayNumber(year, 5, 2));
  if (rev === 1999) days.add(dayNumber(year, 5, 3));
  if (rev !== 1999) {
    days.add(termDay(year, QINGMING));
    days.add(dayNumberFromLunar(year, 5, 5));
    days.add(dayNumberFromLunar(year, 8, 15));
  }
  for (const d of [1, 2, 3]) days.add(dayNumber(year, 10, d));
  for (const n of SPECIAL_STATUTORY) if (solarFromDayNumber(n).year === year) days.add(n);
  cache.set(year, days);
  return days;
}

/** Whether a day is a statutory holiday day (法定节假日) under the 放假办法 revision in force then. */
export function isStatutoryHoliday(day: number): boolean {
  return statutorySet(solarFromDayNumber(day).year).has(day);
}

/**
 * Pay multiplier for working this day: 3 on a statutory holiday day (even on a weekend), 2 on another
 * rest day (weekend, or a 调休 day off of a holiday break), 1 on a workday including a make-up workday
 * (调休上班). Null for a day of a year without holiday data — the 调休 plan is unknown, so no guess.
 * `table` adds the days entered since the build (holidayTable.ts); its years count as known.
 */
export function salaryMultiplier(day: number, table?: HolidayTable): SalaryMultiplier | null {
  if (!hasHolidayData(solarFromDayNumber(day).year, table)) return null;
  if (isStatutoryHoliday(day)) return 3;
  const holiday = holidayOn(day, table);
  if (holiday) return holiday.offDay ? 2 : 1;
  const wd = weekday(day);
  return wd === 0 || wd === 6 ? 2 : 1;
}
