/**
 * Seasonal periods counted in 干支 days from solar terms: 三伏 (the dog days), 数九 (the nine nines of
 * winter) and 入梅/出梅 (the plum-rain season). All dates are Beijing days; the terms are the days
 * solarTerm.ts gives (a term belongs to the Beijing day its moment falls in).
 *
 * Conventions and sources:
 * - 三伏 — 《阴阳书》 as quoted in 《初学记》 卷四: "从夏至后第三庚为初伏，第四庚为中伏，立秋后初庚为后伏".
 *   初伏 begins on the 3rd 庚 day counting from 夏至 (夏至 itself counts when it is a 庚 day), 中伏 on the
 *   4th, 末伏 on the 1st 庚 day on or after 立秋. 初伏 and 末伏 last 10 days; 中伏 lasts until 末伏, 10 or 20
 *   days. Same rule as lunar-typescript `Lunar.getFu()`.
 * - 数九 — 一九 begins on the day of 冬至; nine periods of nine days (一九 … 九九), 81 days in all
 *   (lunar-typescript `Lunar.getShuJiu()`).
 * - 入梅/出梅 — the rule almanacs quote from 《神枢经》 "芒种后逢丙入梅，小暑后逢未出梅": 入梅 is the first 丙 day on or
 *   after 芒种, 出梅 the first 未 day on or after 小暑 (the term's own day counts). This is the almanac
 *   convention; meteorological offices declare the actual plum-rain season from observations.
 */
import { solarFromDayNumber } from './solarDate.ts';
import { termDay } from './solarTerm.ts';

/** A day inside a counted period: its name and the day's 1-based position in it. */
export interface SeasonalDay {
  /** '初伏' | '中伏' | '末伏', or '一九' … '九九'. */
  name: string;
  /** 1-based day within the period: 1–10 (中伏 1–20), or 1–9 for a 九. */
  day: number;
}

/** The 三伏 of a year as day numbers: each period starts on a 庚 day; `end` is the day after 末伏. */
export interface SanFuDays {
  chuFu: number;
  zhongFu: number;
  moFu: number;
  end: number;
}

/** First day on or after `start` whose sexagenary index satisfies `mod`/`value` (stem: 10, branch: 12). */
function firstOnOrAfter(start: number, mod: number, value: number): number {
  // Day pillar (ganzhi.ts dayPillar): index = n + 17 (mod 60); stem = index % 10, branch = index % 12.
  const current = (((start + 17) % mod) + mod) % mod;
  return start + ((value - current + mod) % mod);
}

/** The 三伏 start days of a Gregorian year (1900–2100): 初伏, 中伏, 末伏 and the day after 末伏. */
export function sanFuDays(year: number): SanFuDays {
  const chuFu = firstOnOrAfter(termDay(year, 11), 10, 6) + 20; // 3rd 庚 (stem 6) from 夏至
  const moFu = firstOnOrAfter(termDay(year, 14), 10, 6); // 1st 庚 from 立秋
  return { chuFu, zhongFu: chuFu + 10, moFu, end: moFu + 10 };
}

/** 三伏 of a day: e.g. `{name: '初伏', day: 3}`; 中伏 days run 1–20; null outside 三伏. */
export function sanFu(dayNumber: number): SeasonalDay | null {
  const { year, month } = solarFromDayNumber(dayNumber);
  if (month < 7 || month > 8) return null;
  const fu = sanFuDays(year);
  if (dayNumber < fu.chuFu || dayNumber >= fu.end) return null;
  if (dayNumber < fu.zhongFu) return { name: '初伏', day: dayNumber - fu.chuFu + 1 };
  if (dayNumber < fu.moFu) return { name: '中伏', day: dayNumber - fu.zhongFu + 1 };
  return { name: '末伏', day: dayNumber - fu.moFu + 1 };
}

const NINES = ['一九', '二九', '三九', '四九', '五九', '六九', '七九', '八九', '九九'];

/** 数九 of a day: e.g. `{name: '三九', day: 5}` (一九 day 1 = 冬至); null outside the 81 days. */
export function shuJiu(dayNumber: number): SeasonalDay | null {
  const { year, month } = solarFromDayNumber(dayNumber);
  if (month > 3 && month < 12) return null;
  const start = termDay(month === 12 ? year : year - 1, 23); // the term table covers 1899–2101
  const days = dayNumber - start;
  if (days < 0 || days >= 81) return null;
  return { name: NINES[Math.floor(days / 9)], day: (days % 9) + 1 };
}

/** 入梅 and 出梅 day numbers of a Gregorian year (1900–2100), see the module comment. */
export function meiyuDays(year: number): { start: number; end: number } {
  return {
    start: firstOnOrAfter(termDay(year, 10), 10, 2), // first 丙 (stem 2) from 芒种
    end: firstOnOrAfter(termDay(year, 12), 12, 7), // first 未 (branch 7) from 小暑
  };
}

/** '入梅' on the day the plum-rain season begins, '出梅' on the day it ends, otherwise null. */
export function meiyu(dayNumber: number): '入梅' | '出梅' | null {
  const { year, month } = solarFromDayNumber(dayNumber);
  if (month < 6 || month > 7) return null;
  const { start, end } = meiyuDays(year);
  if (dayNumber === start) return '入梅';
  if (dayNumber === end) return '出梅';
  return null;
}
