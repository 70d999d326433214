/**
 * The days a 择日 refuses whatever the day's 宜 says: 月破, 四离, 四绝, 杨公忌日 and 三娘煞. The day
 * table's 宜/忌 (yiji.ts) already weighs the month's spirits, but these five are kept by almanac users as
 * vetoes over every matter, so a chosen day must avoid them even where the 宜 line is generous.
 *
 * Rules and sources:
 * - **月破**: the day whose branch clashes the month's branch (月建所冲之日) — 《协纪辨方书·卷四》 月破; it is
 *   the 破 of the twelve officers (dayOfficer.ts), the month turning on the day of each 节.
 * - **四离**: the day before 春分, 夏至, 秋分 and 冬至; **四绝**: the day before 立春, 立夏, 立秋 and 立冬 —
 *   《协纪辨方书·卷六》 after 《历例》 (二分二至前一日为四离，四立前一日为四绝). The term's day is its Beijing
 *   date (solarTerm.ts). The day table carries no such entry: its one 四离 (子月 己丑) is not this rule,
 *   which depends on the term's date and not on the day pillar.
 * - **杨公忌日**: the thirteen days 杨筠松 is said to have marked as unfit for any undertaking, as 通书
 *   almanacs print them: 正月十三, 二月十一, 三月初九, 四月初七, 五月初五, 六月初三, 七月初一, 七月廿九,
 *   八月廿七, 九月廿五, 十月廿三, 十一月廿一, 十二月十九 (two days earlier each month, so that 七月 holds
 *   two). The same thirteen days stand in the 斋戒 calendar
 *   (buddhistFestivals.ts). In a leap month the same month-days apply: a leap month repeats its month,
 *   and a refusal errs on the side of caution.
 * - **三娘煞**: lunar days 初三, 初七, 十三, 十八, 廿二 and 廿七 of every month (leap months too), the popular
 *   通书 rule 「初三、初七、十三、十八、廿二、廿七，三娘煞」, kept above all for weddings.
 */
import type { LunarDate } from '../lunar.ts';
import { TERM_NAMES, termIndexOnDay } from '../solarTerm.ts';
import { dayOfficerIndex } from './dayOfficer.ts';

/** The names of the refused days, in the order a reason lists them. */
export const TABOO_NAMES = ['月破', '四离', '四绝', '杨公忌', '三娘煞'] as const;

/** A refused day's kind. */
export type TabooName = (typeof TABOO_NAMES)[number];

/** One refusal of a day: its kind and the reason in words, e.g. '四离日（春分前一日）'. */
export interface TabooDay {
  name: TabooName;
  reason: string;
}

/** Term indices (solarTerm.ts TERM_NAMES) whose eve is a 四离 day: 春分, 夏至, 秋分, 冬至. */
const SEPARATION_TERMS = [5, 11, 17, 23];
/** Term indices whose eve is a 四绝 day: 立春, 立夏, 立秋, 立冬. */
const ENDING_TERMS = [2, 8, 14, 20];

/** 杨公忌 as month × 100 + day. */
const YANG_GONG_DAYS = [113, 211, 309, 407, 505, 603, 701, 729, 827, 925, 1023, 1121, 1219];

/** 三娘煞 lunar days of the month. */
const SAN_NIANG_DAYS = [3, 7, 13, 18, 22, 27];

/** Whether the day is 月破: its branch clashes the month's branch (0 = 子; the month by 节). */
export function isMonthBreak(monthBranch: number, dayBranch: number): boolean {
  return dayOfficerIndex(monthBranch, dayBranch) === 6;
}

/** The term whose eve day `n` is, when that term is one of `terms`; else null. */
function eveOf(n: number, terms: readonly number[]): string | null {
  const next = termIndexOnDay(n + 1);
  return terms.includes(next) ? TERM_NAMES[next] : null;
}

/** 四离: the term (春分, 夏至, 秋分 or 冬至) falling on the next day, or null. */
export function fourSeparations(n: number): string | null {
  return eveOf(n, SEPARATION_TERMS);
}

/** 四绝: the term (立春, 立夏, 立秋 or 立冬) falling on the next day, or null. */
export function fourEndings(n: number): string | null {
  return eveOf(n, ENDING_TERMS);
}

/** Whether a lunar date is one of the thirteen 杨公忌 days (leap months included). */
export function isYangGongDay(lunar: LunarDate): boolean {
  return YANG_GONG_DAYS.includes(lunar.month * 100 + lunar.day);
}

/** Whether a lunar day of the month (1–30) is a 三娘煞 day. */
export function isSanNiangSha(lunarDay: number): boolean {
  return SAN_NIANG_DAYS.includes(lunarDay);
}

/**
 * Every refusal of day `n` (days since 1970-01-01) with its lunar date and its month and day branches
 * (0 = 子; the month by 节), in {@link TABOO_NAMES} order; [] for a day none of them touches.
 */
export function tabooDays(n: number, lunar: LunarDate, monthBranch: number, dayBranch: number): TabooDay[] {
  const out: TabooDay[] = [];
  if (isMonthBreak(monthBranch, dayBranch)) out.push({ name: '月破', reason: '月破日（日支冲月建）' });
  const separation = fourSeparations(n);
  if (separation) out.push({ name: '四离', reason: `四离日（${separation}前一日）` });
  const ending = fourEndings(n);
  if (ending) out.push({ name: '四绝', reason: `四绝日（${ending}前一日）` });
  if (isYangGongDay(lunar)) out.push({ name: '杨公忌', reason: '杨公忌日' });
  if (isSanNiangSha(lunar.day)) out.push({ name: '三娘煞', reason: '三娘煞日' });
  return out;
}
