import { yiJi } from './almanac/yiji.ts';
import { formatBeijing } from './beijingTime.ts';
import { buddhistEraYear, buddhistFestivals } from './buddhistFestivals.ts';
import { constellation } from './constellation.ts';
import { festivalsOn } from './festivals.ts';
import { ANIMALS, sexagenaryName } from './ganzhi.ts';
import { holidayOn } from './holiday.ts';
import type { HolidayTable } from './holidayTable.ts';
import { type LunarDate, lunarDayName, lunarFromDayNumber, lunarMonthName, lunarYearName } from './lunar.ts';
import { ganzhiOfDay, type Pillars } from './pillars.ts';
import { type SalaryMultiplier, salaryMultiplier } from './salary.ts';
import {
  assertSolarDate,
  dayNumber,
  formatSolarDate,
  parseSolarDate,
  type SolarDate,
  weekday,
} from './solarDate.ts';
import { TERM_NAMES, termIndexOnDay } from './solarTerm.ts';
import { termTime } from './solarTermTime.ts';
import { taoistEraYear, taoistFestivals } from './taoistFestivals.ts';

/**
 * The stable head of the day JSON — what a calendar's day card shows: dates, 干支, term, festivals,
 * holiday, pay multiplier, 宜/忌, Buddhist and Taoist dates. day.ts adds the rest of the 老黄历; this
 * module exists so a page showing only the card does not ship the hour and 神煞 tables.
 */
export interface AlmanacDayBasics {
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  lunar: {
    year: number;
    month: number;
    day: number;
    leap: boolean;
    monthName: string;
    dayName: string;
    yearName: string;
  };
  /** Year turns on the day of 立春, month on the day of each 节. */
  ganzhi: { year: string; month: string; day: string };
  zodiac: string;
  constellation: string;
  /** The solar term falling on this day, with its instant in Beijing time. */
  term: { name: string; time: string } | null;
  festivals: string[];
  otherFestivals: string[];
  holiday: { name: string; offDay: boolean } | null;
  salaryMultiplier: SalaryMultiplier | null;
  yi: string[];
  ji: string[];
  buddhist: { year: number; festivals: string[] };
  taoist: { year: number; festivals: string[] };
}

/** What day.ts needs besides the basics, computed once here. */
export interface DayContext {
  n: number;
  lunar: LunarDate;
  pillars: Pillars;
}

/** Checks the input date and returns its day number, lunar date and pillars (OUT_OF_RANGE outside 1900-01-31 … 2100-12-31). */
export function dayContext(input: SolarDate | string): DayContext & { date: SolarDate } {
  const date = typeof input === 'string' ? parseSolarDate(input) : input;
  assertSolarDate(date.year, date.month, date.day);
  const n = dayNumber(date.year, date.month, date.day);
  return { date, n, lunar: lunarFromDayNumber(n), pillars: ganzhiOfDay(n) };
}

/** Options of {@link almanacDayBasics} and day.ts's `almanacDay`. */
export interface DayOptions {
  /** Holiday days entered since the build (holidayTable.ts), over the built-in plans. */
  holidays?: HolidayTable;
}

/**
 * The day card of one solar date, 1900-01-31 … 2100-12-31. Accepts a {@link SolarDate} or
 * 'YYYY-MM-DD'; a wrong date throws the engine's message (PRODUCT.md#input-rules), a date outside the range
 * 'date out of supported range'.
 */
export function almanacDayBasics(input: SolarDate | string, options: DayOptions = {}): AlmanacDayBasics {
  return basicsOf(dayContext(input), options.holidays);
}

/** The basics from an already computed context (day.ts shares it); `holidays` as in {@link DayOptions}. */
export function basicsOf(
  { date, n, lunar, pillars }: DayContext & { date: SolarDate },
  holidays?: HolidayTable,
): AlmanacDayBasics {
  const termIndex = termIndexOnDay(n);
  const festivals = festivalsOn(n, lunar);
  const holiday = holidayOn(n, holidays);
  const { yi, ji } = yiJi(pillars.month % 12, pillars.day);
  return {
    date: formatSolarDate(date),
    weekday: weekday(n),
    lunar: {
      year: lunar.year,
      month: lunar.month,
      day: lunar.day,
      leap: lunar.leap,
      monthName: lunarMonthName(lunar.month, lunar.leap),
      dayName: lunarDayName(lunar.day),
      yearName: lunarYearName(lunar.year),
    },
    ganzhi: {
      year: sexagenaryName(pillars.year),
      month: sexagenaryName(pillars.month),
      day: sexagenaryName(pillars.day),
    },
    zodiac: ANIMALS[pillars.year % 12],
    constellation: constellation(date.month, date.day),
    term:
      termIndex >= 0
        ? { name: TERM_NAMES[termIndex], time: formatBeijing(termTime(date.year, termIndex)) }
        : null,
    festivals: festivals.main,
    otherFestivals: festivals.other,
    holiday: holiday ? { name: holiday.name, offDay: holiday.offDay } : null,
    salaryMultiplier: salaryMultiplier(n, holidays),
    yi,
    ji,
    buddhist: { year: buddhistEraYear(lunar.year), festivals: buddhistFestivals(lunar) },
    taoist: { year: taoistEraYear(lunar.year), festivals: taoistFestivals(n, lunar).map((f) => f.name) },
  };
}
