/**
 * 建除十二值星 (十二建星, 十二直): the officer ruling a day, counted from the month's branch.
 * Rule source: 《协纪辨方书·卷四·建除十二神》 — the day whose branch equals the month's branch (月建)
 * is 建, the next 除, then 满 平 定 执 破 危 成 收 开 闭. The month turns on the day of each 节.
 */

import { mod } from './codec.ts';

/** The twelve officers in order, 建 … 闭. */
export const DAY_OFFICERS = ['建', '除', '满', '平', '定', '执', '破', '危', '成', '收', '开', '闭'] as const;

/** A day officer's name. */
export type DayOfficer = (typeof DAY_OFFICERS)[number];

/** Index 0 … 11 of the day officer (0 = 建) for a month branch and a day branch (0 = 子). */
export function dayOfficerIndex(monthBranch: number, dayBranch: number): number {
  return mod(dayBranch - monthBranch, 12);
}

/** 建除 value of a day: e.g. a 寅 day in the 寅 month (正月) → '建', a 申 day in it → '破'. */
export function dayOfficer(monthBranch: number, dayBranch: number): DayOfficer {
  return DAY_OFFICERS[dayOfficerIndex(monthBranch, dayBranch)];
}
