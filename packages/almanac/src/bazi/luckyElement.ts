/**
 * The 五行 a chart favours and the colour and number that stand for it, for the "lucky" line of a
 * daily fortune (dailyFortune.ts).
 *
 * - Favoured element: a one-fact reading of 旺衰 by the 月令 (《子平真诠·论用神》: 八字用神，专求月令). When the
 *   month branch's 本气 is 比劫 or 印 of the day master (得令), the day master is taken as strong and is
 *   helped by the element it generates (食伤泄秀); otherwise it is taken as weak and is helped by the
 *   element that generates it (印生身). The full weighted strength of the 排盘 readings is deliberately
 *   not repeated here: a lucky colour needs one clear, explainable rule.
 * - Colours: 五行配五色 as 《礼记·月令》 dresses the seasons (春青 夏赤 中央黄 秋白 冬黑): 木 green, 火 red,
 *   土 yellow, 金 white, 水 black, each with the modern second shade almanacs print beside it (青, 紫, 咖啡, 金, 蓝).
 * - Numbers: the 河图 pairs (《周易·系辞上》 天一地二…; 郑玄注: 天一生水，地六成之；地二生火，天七成之；天三生木，
 *   地八成之；地四生金，天九成之；天五生土，地十成之): 水 1/6, 火 2/7, 木 3/8, 金 4/9, 土 5/10.
 * On a yang day (甲丙戊庚壬) the first colour and the odd 天数 are given, on a yin day the second colour
 * and the even 地数, so the line changes with the day while the element stays the person's.
 */
import { branchTenGods, stemElementIndex } from './tenGods.ts';

/** Element names by element index (tenGods.ts `stemElementIndex`: 0 木, 1 火, 2 土, 3 金, 4 水). */
export const ELEMENT_NAMES = ['木', '火', '土', '金', '水'] as const;

/** [yang-day colour, yin-day colour] by element index. */
export const ELEMENT_COLOURS: readonly (readonly [string, string])[] = [
  ['绿色', '青色'],
  ['红色', '紫色'],
  ['黄色', '咖啡色'],
  ['白色', '金色'],
  ['黑色', '蓝色'],
];

/** [天数 (odd, yang day), 地数 (even, yin day)] of the 河图 by element index. */
export const ELEMENT_NUMBERS: readonly (readonly [number, number])[] = [
  [3, 8],
  [7, 2],
  [5, 10],
  [9, 4],
  [1, 6],
];

/** Ten gods that make the month command support the day master (得令). */
const SUPPORTING = new Set(['比肩', '劫财', '正印', '偏印']);

/** 得令: the 本气 of the month branch is 比劫 or 印 of the day master (stem and branch indices). */
export function commandsSeason(dayStem: number, monthBranch: number): boolean {
  return SUPPORTING.has(branchTenGods(dayStem, monthBranch)[0]);
}

/**
 * The element index (0 木 … 4 水) a chart favours: the element the day master generates when it
 * 得令, else the element that generates the day master (see the module comment).
 */
export function favouredElement(dayStem: number, monthBranch: number): number {
  const own = stemElementIndex(dayStem);
  return commandsSeason(dayStem, monthBranch) ? (own + 1) % 5 : (own + 4) % 5;
}

/** The colour and number of an element on a day whose stem is `dayStem` (yang stems pick the first). */
export function elementTokens(element: number, dayStem: number): { colour: string; number: number } {
  const pick = dayStem % 2 === 0 ? 0 : 1;
  return { colour: ELEMENT_COLOURS[element][pick], number: ELEMENT_NUMBERS[element][pick] };
}
