/**
 * The four pillars 四柱 of a birth. Year and month turn at the exact instants of 立春 and of each 节
 * (pillars.ts `ganzhiAt`, lunar-typescript's *Exact values); day and hour follow the chart's local
 * clock (standard time, or true solar time when a longitude is given) with the chosen 子时 school.
 *
 * 子时 schools (lunar-typescript `EightChar.setSect`):
 * - `'late'` (default; sect 2): the day changes at 00:00. 23:00–23:59 is the 晚子时 (late 子 hour) of
 *   the same day: day pillar unchanged, hour pillar the next day's 子 hour (e.g. 甲 day 23:30 → 甲日 丙子时).
 *   This is lunar-typescript's default and what most schools print for the hour (lunar-typescript #15).
 * - `'early'` (sect 1): the day changes at 23:00 (子初换日): 23:00–23:59 already belongs to the next day,
 *   day and hour pillars both (甲 day 23:30 → 乙日 丙子时).
 */
import { dayPillar, hourBranch, hourPillar, sexagenaryName } from '../ganzhi.ts';
import { ganzhiAt } from '../pillars.ts';

/** The 子时 school: 'late' = day changes at 00:00 (sect 2), 'early' = at 23:00 (sect 1). */
export type ZiSchool = 'early' | 'late';

/** Four pillars as sexagenary indices. */
export interface FourPillars {
  year: number;
  month: number;
  day: number;
  hour: number;
}

/** Four pillars as 2-character 干支, PRODUCT.md#bazi `sizhu`. */
export interface Sizhu {
  year: string;
  month: string;
  day: string;
  hour: string;
}

/**
 * Pillars of a birth: `beijing` = the instant in BeijingSeconds (for 立春 and the 节), `local` = the
 * chart clock as wall seconds (day number × 86400 + time of day) for the day and hour.
 */
export function pillarsAt(beijing: number, local: number, zi: ZiSchool = 'late'): FourPillars {
  const { year, month } = ganzhiAt(beijing);
  const n = Math.floor(local / 86400);
  const hour = Math.floor((local - n * 86400) / 3600);
  const late = hour === 23;
  const day = dayPillar(late && zi === 'early' ? n + 1 : n);
  const hourStemDay = dayPillar(late ? n + 1 : n);
  return { year, month, day, hour: hourPillar(hourStemDay, hourBranch(hour)) };
}

/** 2-character names of four pillars. */
export function sizhuOf(p: FourPillars): Sizhu {
  return {
    year: sexagenaryName(p.year),
    month: sexagenaryName(p.month),
    day: sexagenaryName(p.day),
    hour: sexagenaryName(p.hour),
  };
}
