import type { BzChart } from './api/get-bzdata';
import { WUXING, WUXING_FILL, WUXING_TEXT } from './elements';
import styles from './FiveElements.module.css';

/**
 * Whole percentages of `counts` that add up to exactly 100 (largest remainder): rounding 1/8 = 12.5 %
 * up in every row would print 13 + 25 + 13 + 38 + 13 = 102 %.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const out = exact.map(Math.floor);
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const leftover = 100 - out.reduce((a, b) => a + b, 0);
  for (let k = 0; k < leftover; k++) out[order[k][1]] += 1;
  return out;
}

/**
 * Five-element counts and ratios as horizontal bars, one row per 五行 in 相生 order, each labelled
 * with its character, count and percentage: the eight characters (天干地支) as the bar, and the count
 * with hidden stems (含藏干) beside it. A missing phase is called out in words.
 */
export function FiveElements({ chart }: { chart: BzChart }) {
  const { bzwx, total } = chart.wxtongji;
  const missing = WUXING.filter((w) => bzwx[w] === 0);
  const shares = wholePercents(WUXING.map((w) => bzwx[w]));
  const percent = (w: (typeof WUXING)[number]) => `${shares[WUXING.indexOf(w)]}%`;
  return (
    <div>
      <ul className={styles.list} aria-label="五行统计">
        {WUXING.map((w) => (
          <li key={w} className={styles.row} aria-label={`${w} ${bzwx[w]}个，占${percent(w)}`}>
            <span className={styles.badge} style={{ background: WUXING_FILL[w] }} aria-hidden="true">
              {w}
            </span>
            <span className={styles.track} aria-hidden="true">
              <span
                className={styles.bar}
                style={{ width: `${Math.max(chart.wxbili.bzwx[w] * 100, 0)}%`, background: WUXING_FILL[w] }}
              />
            </span>
            <span className={styles.value} style={{ color: WUXING_TEXT[w] }} aria-hidden="true">
              {bzwx[w]}个 · {percent(w)}
            </span>
            <span className={styles.total} aria-hidden="true">
              含藏干 {total[w]}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.note}>
        {missing.length > 0 ? `八字缺${missing.join('、')}` : '八字五行俱全'}
        。条形为天干地支八字的比例，右侧为连同藏干的个数。
      </p>
    </div>
  );
}
