import { dayPillar, monthPillar, yearPillar } from './ganzhi.ts';
import { solarFromDayNumber } from './solarDate.ts';
import { termDay } from './solarTerm.ts';
import { jieAround, termTime } from './solarTermTime.ts';

/**
 * The year, month and day 干支 pillars. The 干支 year starts at 立春 and the 干支 month at each 节
 * (立春 starts 寅, 惊蛰 卯 … 小寒 丑) — the solar rule of 子平 astrology and of the almanac, not the lunar
 * new year. Two flavours: by day (the whole day of the 节 already counts, as almanacs print it and as
 * lunar-typescript's getYearInGanZhiByLiChun / getMonthInGanZhi do) and by moment (turning at the
 * exact instant, as bazi needs; lunar-typescript's *Exact variants). Term data: solarTerm.ts /
 * solarTermTime.ts.
 */

/** Sexagenary indices (0 = 甲子 … 59 = 癸亥) of the year, month and day pillars. */
export interface Pillars {
  year: number;
  month: number;
  day: number;
}

/** Branch of the month a 节 opens: 小寒 (index 0) → 丑, 立春 (2) → 寅 … 大雪 (22) → 子. */
function jieBranch(jieIndex: number): number {
  return ((jieIndex >> 1) + 1) % 12;
}

/**
 * Pillars of a day (days since 1970-01-01): the year turns on the day of 立春, the month on the day of
 * each 节; the day pillar is the unbroken 60-day cycle. Days outside the term table (1899–2101) →
 * OUT_OF_RANGE.
 */
export function ganzhiOfDay(n: number): Pillars {
  const { year, month } = solarFromDayNumber(n);
  const ganzhiYear = n >= termDay(year, 2) ? year : year - 1;
  // The Gregorian month holds one 节, index 2(month − 1); before it, the previous month's 节 rules.
  let jie = 2 * (month - 1);
  if (n < termDay(year, jie)) jie = (jie + 22) % 24;
  const y = yearPillar(ganzhiYear);
  return { year: y, month: monthPillar(y, jieBranch(jie)), day: dayPillar(n) };
}

/**
 * Pillars at a moment (BeijingSeconds): the year turns at the instant of 立春 and the month at the
 * instant of each 节; the day pillar is that of the Beijing date (midnight boundary — the 早/晚子时
 * choice is the caller's). Moments outside the term table → OUT_OF_RANGE.
 */
export function ganzhiAt(s: number): Pillars {
  const n = Math.floor(s / 86400);
  const { year } = solarFromDayNumber(n);
  const ganzhiYear = s >= termTime(year, 2) ? year : year - 1;
  const y = yearPillar(ganzhiYear);
  return { year: y, month: monthPillar(y, jieBranch(jieAround(s).prev.index)), day: dayPillar(n) };
}
