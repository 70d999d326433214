/**
 * The month and hour pillars that can stand with a year and a day pillar, for the 四柱反查 field: the
 * month stem follows the year stem (五虎遁: 甲己之年丙作首 …) and the hour stem the day stem (五鼠遁:
 * 甲己还加甲 …), so once those are typed only twelve of the sixty 干支 fit each place.
 */
import { BRANCHES, STEMS } from '@xuanli/almanac/ganzhi';

/** The twelve month pillars of a year whose stem is `yearStem`, from 寅 month to 丑 month. */
export function monthPillarsOf(yearStem: string): string[] {
  const s = STEMS.indexOf(yearStem as (typeof STEMS)[number]);
  if (s < 0) return [];
  // The 寅 month's stem: 丙 for 甲/己 years, 戊 for 乙/庚, 庚 for 丙/辛, 壬 for 丁/壬, 甲 for 戊/癸.
  const first = ((s % 5) * 2 + 2) % 10;
  return Array.from({ length: 12 }, (_, i) => STEMS[(first + i) % 10] + BRANCHES[(2 + i) % 12]);
}

/** The twelve hour pillars of a day whose stem is `dayStem`, from 子 to 亥. */
export function hourPillarsOf(dayStem: string): string[] {
  const s = STEMS.indexOf(dayStem as (typeof STEMS)[number]);
  if (s < 0) return [];
  // The 子 hour's stem: 甲 for 甲/己 days, 丙 for 乙/庚, 戊 for 丙/辛, 庚 for 丁/壬, 壬 for 戊/癸.
  const first = ((s % 5) * 2) % 10;
  return Array.from({ length: 12 }, (_, i) => STEMS[(first + i) % 10] + BRANCHES[i]);
}

/** The pillars of a typed text as the server reads them (separators dropped, two characters each). */
export function typedPillars(text: string): string[] {
  const chars = Array.from(text.replace(/[\s\u3000,，、;；.。·|/]+/g, ''));
  return Array.from({ length: Math.ceil(chars.length / 2) }, (_, i) =>
    chars.slice(2 * i, 2 * i + 2).join(''),
  );
}

/** `text` with pillar `index` (0 year … 3 hour) set to `pillar`, written with spaces. */
export function withPillar(text: string, index: number, pillar: string): string {
  const pillars = typedPillars(text);
  while (pillars.length <= index) pillars.push('');
  pillars[index] = pillar;
  return pillars.filter((p, i) => p !== '' || i < index).join(' ');
}
