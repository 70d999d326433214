/**
 * 黄道/黑道 twelve gods (十二天神, 青龙黄道): 青龙 明堂 天刑 朱雀 金匮 天德 白虎 玉堂 天牢 玄武 司命 勾陈.
 * Rule source: 《协纪辨方书·卷四》 / 《玉匣记》 黄道日 rule «寅申需加子，卯酉却在寅，辰戌龙位上，巳亥午中寻，
 * 子午临申地，丑未戌上行» — 青龙 falls on the branch the verse names for the controlling branch and the
 * other eleven follow in order. For a day the controlling branch is the month's (by 节); for a
 * double-hour it is the day's.
 */

import { mod } from './codec.ts';

/** The twelve gods in order from 青龙. */
export const TWELVE_GODS = [
  '青龙',
  '明堂',
  '天刑',
  '朱雀',
  '金匮',
  '天德',
  '白虎',
  '玉堂',
  '天牢',
  '玄武',
  '司命',
  '勾陈',
] as const;

/** A twelve-god name. */
export type TwelveGod = (typeof TWELVE_GODS)[number];

/** Bit i set = god i is a 黄道 (yellow-path, auspicious) god: 青龙 明堂 金匮 天德 玉堂 司命. */
const HUANG_DAO_MASK = 0b0100_1011_0011;

/** One of the twelve gods with its path and luck. */
export interface TwelveGodInfo {
  /** 0 … 11, 0 = 青龙. */
  index: number;
  name: TwelveGod;
  /** 黄道 (auspicious) or 黑道 (inauspicious). */
  type: '黄道' | '黑道';
  /** 吉 for 黄道, 凶 for 黑道. */
  luck: '吉' | '凶';
}

/**
 * Index of the god (0 = 青龙) ruling `branch` under the controlling branch `control`: 青龙 sits on
 * 子 under 寅/申, on 寅 under 卯/酉, on 辰 under 辰/戌, on 午 under 巳/亥, on 申 under 子/午, on 戌 under 丑/未.
 */
export function twelveGodIndex(control: number, branch: number): number {
  return mod(branch - 2 * control + 4, 12);
}

/** Full description of god `index` (0 = 青龙). */
export function twelveGod(index: number): TwelveGodInfo {
  const i = mod(index, 12);
  const huang = ((HUANG_DAO_MASK >> i) & 1) === 1;
  return { index: i, name: TWELVE_GODS[i], type: huang ? '黄道' : '黑道', luck: huang ? '吉' : '凶' };
}

/** The day's god from the month branch (by 节) and the day branch, e.g. 寅 month, 子 day → 青龙 黄道 吉. */
export function dayGod(monthBranch: number, dayBranch: number): TwelveGodInfo {
  return twelveGod(twelveGodIndex(monthBranch, dayBranch));
}

/** A double-hour's god from the day branch and the hour branch (黄道时/黑道时). */
export function hourGod(dayBranch: number, hourBranch: number): TwelveGodInfo {
  return twelveGod(twelveGodIndex(dayBranch, hourBranch));
}
