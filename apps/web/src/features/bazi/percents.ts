/**
 * Whole percentages that add up to exactly 100 — the one rounding the 五行 card and the share image
 * both use, so the picture never says 101 % where the page says 100 %.
 */
import type { BzChart } from './api/get-bzdata';
import { WUXING, type Wuxing } from './elements';

/**
 * Whole percentages of `counts` that add up to exactly 100 (largest remainder method): each share is
 * rounded down, then the points still missing go to the largest remainders — ties to the larger share,
 * then to the earlier one. Rounding 1/8 = 12.5 % up in every row would print 13 + 25 + 13 + 38 + 13 =
 * 102 %. All zero (or no counts) → all zero.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + Math.max(b, 0), 0);
  if (!(total > 0)) return counts.map(() => 0);
  const exact = counts.map((c) => (Math.max(c, 0) * 100) / total);
  const out = exact.map(Math.floor);
  const order = exact
    .map((e, i) => [e - Math.floor(e), e, i] as const)
    .sort((a, b) => b[0] - a[0] || b[1] - a[1] || a[2] - b[2]);
  const leftover = 100 - out.reduce((a, b) => a + b, 0);
  for (let k = 0; k < leftover; k++) out[order[k % order.length][2]] += 1;
  return out;
}

/** The 五行 shares of a chart's eight characters (天干地支), whole percents in 木火土金水 order. */
export function wuxingPercents(chart: Pick<BzChart, 'wxtongji'>): Record<Wuxing, number> {
  const shares = wholePercents(WUXING.map((w) => chart.wxtongji.bzwx[w]));
  return Object.fromEntries(WUXING.map((w, i) => [w, shares[i]])) as Record<Wuxing, number>;
}
