/**
 * Whole percentages that add up to exactly 100: the one rounding every place that shows a chart's 五行
 * shares uses — the app's 五行 card and share image, and the 命书 PDF — so no picture or page says
 * 101 % where another says 100 %.
 */

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
