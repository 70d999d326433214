/**
 * The twelve double-hours (时辰) of a day as the 老黄历 lists them: 干支, 黄道/黑道 god and 吉凶, 冲 and
 * 煞, and 宜/忌. The day's 子 hour is its early 子 hour (早子时, 23:00–00:59 shown first), whose pillar
 * follows the same day's stem by 五鼠遁 (甲己还加甲), as lunar-typescript's `getTimes()` does.
 * Rule sources: 黄道时 by 《协纪辨方书》 (see dayGod.ts), 冲煞 (clash.ts), 时家宜忌 (hourYiJi.ts).
 */

import { BRANCHES, hourPillar, sexagenaryName } from '../ganzhi.ts';
import { type Clash, clash } from './clash.ts';
import { mod } from './codec.ts';
import { hourGod, type TwelveGodInfo } from './dayGod.ts';
import { hourYiJi } from './hourYiJi.ts';

/** One double-hour of a day. */
export interface DoubleHour {
  /** Hour branch 0 … 11 (0 = 子). */
  branch: number;
  /** e.g. '子时'. */
  name: string;
  /** Start, 'HH:mm' (子 → '23:00'). */
  start: string;
  /** End, 'HH:mm' (子 → '00:59'). */
  end: string;
  /** Sexagenary index of the hour pillar. */
  pillar: number;
  /** e.g. '甲子'. */
  ganzhi: string;
  /** The hour's twelve god with 黄道/黑道 and 吉/凶. */
  god: TwelveGodInfo;
  /** 冲 and 煞 of the hour pillar. */
  clash: Clash;
  /** 宜; empty when nothing. */
  yi: string[];
  /** 忌; empty when nothing. */
  ji: string[];
}

function hhmm(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The double-hour `hourBranch` (0 = 子) of the day with pillar `dayPillar` (0 = 甲子). */
export function doubleHour(dayPillar: number, hourBranch: number): DoubleHour {
  const day = mod(dayPillar, 60);
  const branch = mod(hourBranch, 12);
  const pillar = hourPillar(day, branch);
  const { yi, ji } = hourYiJi(day, branch);
  return {
    branch,
    name: `${BRANCHES[branch]}时`,
    start: hhmm(mod(2 * branch - 1, 24), 0),
    end: hhmm(2 * branch, 59),
    pillar,
    ganzhi: sexagenaryName(pillar),
    god: hourGod(day % 12, branch),
    clash: clash(pillar),
    yi,
    ji,
  };
}

/** The twelve double-hours of the day with pillar `dayPillar` (0 = 甲子), 子 … 亥. */
export function doubleHours(dayPillar: number): DoubleHour[] {
  const hours: DoubleHour[] = [];
  for (let b = 0; b < 12; b++) hours.push(doubleHour(dayPillar, b));
  return hours;
}
