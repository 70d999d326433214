/**
 * 五行统计: how many of each phase a chart's eight characters (bzwx) and its hidden stems (cgwx)
 * hold, and the same as ratios (wxbili, 2 decimals). Stems and branches count by their own phase
 * (`STEM_ELEMENTS`, `BRANCH_ELEMENTS` = the branch's 本气); each hidden stem counts once.
 */
import { BRANCH_ELEMENTS, STEM_ELEMENTS } from '../ganzhi.ts';
import { hiddenStems } from './hiddenStems.ts';

/** The five phases in the order charts list them. */
export const ELEMENTS = ['金', '木', '水', '火', '土'] as const;

/** A phase name. */
export type Element = (typeof ELEMENTS)[number];

/** A count (or ratio) per phase. */
export type ElementTally = Record<Element, number>;

/**
 * The chart's `wxtongji` block (PRODUCT.md#bazi): counts of the eight characters, of the hidden stems, and
 * both.
 */
export interface ElementCounts {
  bzwx: ElementTally;
  cgwx: ElementTally;
  total: ElementTally;
}

function emptyTally(): ElementTally {
  return { 金: 0, 木: 0, 水: 0, 火: 0, 土: 0 };
}

/** Counts the phases of four pillars given as sexagenary indices (year, month, day, hour). */
export function countElements(pillars: readonly number[]): ElementCounts {
  const bzwx = emptyTally();
  const cgwx = emptyTally();
  for (const p of pillars) {
    bzwx[STEM_ELEMENTS[p % 10]]++;
    bzwx[BRANCH_ELEMENTS[p % 12]]++;
    for (const s of hiddenStems(p % 12)) cgwx[STEM_ELEMENTS[s]]++;
  }
  const total = emptyTally();
  for (const e of ELEMENTS) total[e] = bzwx[e] + cgwx[e];
  return { bzwx, cgwx, total };
}

/** Share of each phase in a tally, rounded to 2 decimals (0 when the tally is empty). */
export function ratios(tally: ElementTally): ElementTally {
  let sum = 0;
  for (const e of ELEMENTS) sum += tally[e];
  const out = emptyTally();
  for (const e of ELEMENTS) out[e] = sum === 0 ? 0 : Math.round((tally[e] / sum) * 100) / 100;
  return out;
}

/** The chart's `wxbili` block (PRODUCT.md#bazi): {@link ElementCounts} as ratios of their own sums. */
export function elementRatios(counts: ElementCounts): ElementCounts {
  return { bzwx: ratios(counts.bzwx), cgwx: ratios(counts.cgwx), total: ratios(counts.total) };
}
