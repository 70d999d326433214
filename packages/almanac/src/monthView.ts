import { AlmanacError, isAlmanacError } from './errors.ts';
import { mainFestivals } from './festivals.ts';
import { holidayOn } from './holiday.ts';
import type { HolidayTable } from './holidayTable.ts';
import { type LunarDate, lunarDayName, lunarFromDayNumber, lunarMonthName } from './lunar.ts';
import { type SalaryMultiplier, salaryMultiplier } from './salary.ts';
import { dayNumber, formatSolarDate, parseSolarDate, solarFromDayNumber, weekday } from './solarDate.ts';
import { TERM_NAMES, termIndexOnDay } from './solarTerm.ts';

/**
 * The month grid of a calendar: whole weeks covering a solar month, with everything one cell shows.
 * Imports only the light tables (lunar years, term days, holidays, festivals) so that a page showing
 * the grid stays small; the full almanac of a day is day.ts.
 */

/** One cell of the grid. */
export interface MonthCell {
  /** 'YYYY-MM-DD'. */
  date: string;
  day: number;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  weekend: boolean;
  today: boolean;
  /** What the cell prints under the day: 节日 > 节气 > 农历日 (初一 prints the month, e.g. 闰二月). */
  label: string;
  labelKind: 'festival' | 'term' | 'lunar';
  /** The lunar day always ('廿三'); '' outside the lunar tables (before 1900-01-31). */
  lunarDay: string;
  /** 休 for a day off of a public holiday, 班 for a make-up workday, else null. */
  rest: '休' | '班' | null;
  /** Pay multiplier for working the day; null for a year without holiday data. */
  salaryMultiplier: SalaryMultiplier | null;
}

/** A month's grid: 35 or 42 cells, whole weeks starting on `weekStart`. */
export interface MonthView {
  year: number;
  month: number;
  /** 1 = weeks start on Monday (the default, as Chinese wall calendars), 0 = Sunday. */
  weekStart: 0 | 1;
  weeks: 5 | 6;
  cells: MonthCell[];
}

/** Options of {@link monthView}. */
export interface MonthViewOptions {
  weekStart?: 0 | 1;
  /** The caller's today, 'YYYY-MM-DD' (the engine never reads a clock). */
  today?: string;
  /** Holiday days entered since the build (holidayTable.ts), over the built-in plans. */
  holidays?: HolidayTable;
}

function lunarOrNull(n: number): LunarDate | null {
  try {
    return lunarFromDayNumber(n);
  } catch (error) {
    if (isAlmanacError(error) && error.code === 'OUT_OF_RANGE') return null;
    throw error;
  }
}

/** The lunar date of the day after `lunar` (one day later), without another table lookup when the month goes on. */
function nextLunar(n: number, lunar: LunarDate | null): LunarDate | null {
  if (lunar && lunar.day < 29)
    return { year: lunar.year, month: lunar.month, day: lunar.day + 1, leap: lunar.leap };
  return lunarOrNull(n + 1);
}

/**
 * The grid of solar month `month` of `year` (1900–2100): 35 or 42 cells — as many whole weeks as the
 * month spans. Throws 'wrong solar year' / 'wrong solar month' for a bad year or month.
 */
export function monthView(year: number, month: number, options: MonthViewOptions = {}): MonthView {
  if (!Number.isInteger(year) || year < 1900 || year > 2100) throw new AlmanacError('WRONG_SOLAR_YEAR');
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new AlmanacError('WRONG_SOLAR_MONTH');
  const weekStart = options.weekStart === 0 ? 0 : 1;
  const todayNumber = options.today ? dayNumberOf(options.today) : Number.NaN;
  const first = dayNumber(year, month, 1);
  const next = month === 12 ? dayNumber(year + 1, 1, 1) : dayNumber(year, month + 1, 1);
  const lead = (weekday(first) - weekStart + 7) % 7;
  const weeks = lead + (next - first) > 35 ? 6 : 5;
  const start = first - lead;
  const cells: MonthCell[] = [];
  let lunar = lunarOrNull(start);
  for (let i = 0; i < weeks * 7; i++) {
    const n = start + i;
    if (i > 0) lunar = nextLunar(n - 1, lunar);
    cells.push(cell(n, lunar, n >= first && n < next, n === todayNumber, options.holidays));
  }
  return { year, month, weekStart, weeks, cells };
}

function dayNumberOf(text: string): number {
  const { year, month, day } = parseSolarDate(text);
  return dayNumber(year, month, day);
}

function cell(
  n: number,
  lunar: LunarDate | null,
  inMonth: boolean,
  today: boolean,
  holidays: HolidayTable | undefined,
): MonthCell {
  const date = solarFromDayNumber(n);
  const wd = weekday(n);
  const lunarDay = lunar ? lunarDayName(lunar.day) : '';
  let label = lunar && lunar.day === 1 ? lunarMonthName(lunar.month, lunar.leap) : lunarDay;
  let labelKind: MonthCell['labelKind'] = 'lunar';
  const festivals = lunar ? mainFestivals(n, lunar) : [];
  const term = termIndexOnDay(n);
  if (festivals.length > 0) {
    label = festivals[0];
    labelKind = 'festival';
  } else if (term >= 0) {
    label = TERM_NAMES[term];
    labelKind = 'term';
  }
  const holiday = holidayOn(n, holidays);
  return {
    date: formatSolarDate(date),
    day: date.day,
    inMonth,
    weekday: wd,
    weekend: wd === 0 || wd === 6,
    today,
    label,
    labelKind,
    lunarDay,
    rest: holiday ? (holiday.offDay ? '休' : '班') : null,
    salaryMultiplier: salaryMultiplier(n, holidays),
  };
}
