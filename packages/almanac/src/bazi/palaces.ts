/**
 * 命宫 and its companions (on a chart: 胎元 胎息 命宫 身宫), the "mingxiang" block of a chart.
 *
 * - 胎元 (conception month): month stem + 1, month branch + 3 — 《三命通会·论胎元》 ("胎元者，生月之后一干三支").
 * - 胎息: the day pillar's 五合 stem and 六合 branch (甲子日 → 己丑) — as lunar-typescript `getTaiXi`.
 * - 命宫: 《三命通会·论命宫》, counting from 子 with the month and hour numbered from 寅 = 1; the stem by
 *   五虎遁 from the year stem. Arithmetic identical to lunar-typescript `EightChar.getMingGong`.
 * - 身宫: the companion count (month + hour, 子 = 1 for the hour) — lunar-typescript `getShenGong`.
 * Every value carries its 纳音.
 */
import { nayin, sexagenaryIndex, sexagenaryName } from '../ganzhi.ts';

/** One palace: its 干支 and 纳音. */
export interface Palace {
  ganzhi: string;
  nayin: string;
}

/** The `mingxiang` block: taiyuan 胎元, taixi 胎息, minggong 命宫, shengong 身宫. */
export interface Palaces {
  taiyuan: Palace;
  taixi: Palace;
  minggong: Palace;
  shengong: Palace;
}

function palace(stem: number, branch: number): Palace {
  const i = sexagenaryIndex(((stem % 10) + 10) % 10, ((branch % 12) + 12) % 12);
  return { ganzhi: sexagenaryName(i), nayin: nayin(i) };
}

/** 寅-based number (寅 = 1 … 丑 = 12) of a branch index. */
function fromYin(branch: number): number {
  return ((branch - 2 + 12) % 12) + 1;
}

/** Stem (0-based) of a 寅-based palace number by 五虎遁 from the year stem. */
function palaceStem(yearStem: number, n: number): number {
  let g = (yearStem + 1) * 2 + n;
  while (g > 10) g -= 10;
  return g - 1;
}

/** 胎元 of a month pillar. */
export function taiyuan(monthPillar: number): Palace {
  return palace((monthPillar % 10) + 1, (monthPillar % 12) + 3);
}

/** 胎息 of a day pillar: 五合 of its stem, 六合 of its branch. */
export function taixi(dayPillar: number): Palace {
  return palace((dayPillar % 10) + 5, 13 - (dayPillar % 12));
}

/** 命宫 from the year stem, the month branch and the hour branch. */
export function minggong(yearStem: number, monthBranch: number, hourBranch: number): Palace {
  let n = fromYin(monthBranch) + fromYin(hourBranch);
  n = (n >= 14 ? 26 : 14) - n;
  return palace(palaceStem(yearStem, n), n + 1);
}

/** 身宫 from the year stem, the month branch and the hour branch. */
export function shengong(yearStem: number, monthBranch: number, hourBranch: number): Palace {
  let n = fromYin(monthBranch) + hourBranch + 1;
  if (n > 12) n -= 12;
  return palace(palaceStem(yearStem, n), n + 1);
}

/** All four palaces of a chart from its year, month, day and hour pillars (sexagenary indices). */
export function palaces(year: number, month: number, day: number, hour: number): Palaces {
  return {
    taiyuan: taiyuan(month),
    taixi: taixi(day),
    minggong: minggong(year % 10, month % 12, hour % 12),
    shengong: shengong(year % 10, month % 12, hour % 12),
  };
}
