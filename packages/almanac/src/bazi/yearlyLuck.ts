/**
 * 流年, 流月, 流日. 流年 of Gregorian year Y is the 干支 year that begins at Y's 立春 (yearPillar(Y));
 * its 流月 are the twelve 节 months 寅 … 丑 (五虎遁 from the year stem, 《渊海子平·论月建》), each opening
 * at its 节 (立春 … 小寒 of Y + 1); 流日 are the days of one such month, from the 节's day to the day before
 * the next 节 (the almanac's day-level convention). Ten gods are those of the stem, seen from the
 * day master.
 */

import { AlmanacError } from '../errors.ts';
import { dayPillar, monthPillar, sexagenaryName, yearPillar } from '../ganzhi.ts';
import { formatSolarDate, solarFromDayNumber } from '../solarDate.ts';
import { TERM_NAMES, termDay } from '../solarTerm.ts';
import { termTime } from '../solarTermTime.ts';
import { formatWall } from './luckCycles.ts';
import { tenGod } from './tenGods.ts';

/** PRODUCT.md#bazi yearly item, plus the 虚岁. */
export interface LiuNian {
  year: number;
  /** 虚岁 in that year. */
  age: number;
  ganzhi: string;
  shishen: string;
}

/** PRODUCT.md#bazi monthly item, plus the 节 that opens the month. */
export interface LiuYue {
  year: number;
  /** 1 = 寅月 (opens at 立春) … 12 = 丑月 (opens at 小寒 of the next year). */
  month: number;
  ganzhi: string;
  shishen: string;
  /** The opening 节, Beijing time 'YYYY-MM-DD HH:mm:ss'. */
  term: { name: string; date: string };
}

/** A day of a 流月. */
export interface LiuRi {
  date: string;
  ganzhi: string;
  shishen: string;
}

/** `count` 流年 from `fromYear` (default: the birth year), with 虚岁 from `birthYear`. */
export function liunian(birthYear: number, dayStem: number, count = 80, fromYear = birthYear): LiuNian[] {
  if (!Number.isInteger(count) || count < 0 || count > 200) throw new AlmanacError('WRONG_COUNT');
  const out: LiuNian[] = [];
  for (let i = 0; i < count; i++) {
    const year = fromYear + i;
    const p = yearPillar(year);
    out.push({
      year,
      age: year - birthYear + 1,
      ganzhi: sexagenaryName(p),
      shishen: tenGod(dayStem, p % 10),
    });
  }
  return out;
}

function jieOfMonth(year: number, month: number): { year: number; index: number } {
  return month === 12 ? { year: year + 1, index: 0 } : { year, index: 2 * month };
}

/**
 * 'YYYY-MM-DD HH:mm:ss' of a 节, kept once formatted: every chart asks for the twelve of the current
 * year's 流月, the same twelve texts for a whole year of requests. Bounded by the term table's years.
 */
const TERM_DATES = new Map<number, string>();

function termDate(year: number, index: number): string {
  const key = year * 24 + index;
  let date = TERM_DATES.get(key);
  if (date === undefined) {
    date = formatWall(termTime(year, index), true);
    TERM_DATES.set(key, date);
  }
  return date;
}

/** The twelve 流月 of the 干支 year that begins at `year`'s 立春. */
export function liuyue(year: number, dayStem: number): LiuYue[] {
  const y = yearPillar(year);
  const out: LiuYue[] = [];
  for (let month = 1; month <= 12; month++) {
    const p = monthPillar(y, (month + 1) % 12);
    const jie = jieOfMonth(year, month);
    out.push({
      year,
      month,
      ganzhi: sexagenaryName(p),
      shishen: tenGod(dayStem, p % 10),
      term: { name: TERM_NAMES[jie.index], date: termDate(jie.year, jie.index) },
    });
  }
  return out;
}

/** The days of 流月 `month` (1 = 寅月 … 12 = 丑月) of the 干支 year beginning at `year`'s 立春. */
export function liuri(year: number, month: number, dayStem: number): LiuRi[] {
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new AlmanacError('WRONG_OPTION', 'wrong option: month');
  const a = jieOfMonth(year, month);
  const b = month === 12 ? { year: year + 1, index: 2 } : jieOfMonth(year, month + 1);
  const first = termDay(a.year, a.index);
  const last = termDay(b.year, b.index);
  const out: LiuRi[] = [];
  for (let n = first; n < last; n++) {
    const p = dayPillar(n);
    out.push({
      date: formatSolarDate(solarFromDayNumber(n)),
      ganzhi: sexagenaryName(p),
      shishen: tenGod(dayStem, p % 10),
    });
  }
  return out;
}
