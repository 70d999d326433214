import type { BzChart } from './api/get-bzdata';
import { WUXING, WUXING_FILL, WUXING_TEXT } from './elements';
import styles from './FiveElements.module.css';
import { wuxingPercents } from './percents';

/**
 * Five-element counts and ratios as horizontal bars, one row per 五行 in 相生 order, each labelled
 * with its character, count and percentage: the eight characters (天干地支) as the bar, and the count
 * with hidden stems (含藏干) beside it. A missing phase is called out in words.
 */
export function FiveElements({ chart }: { chart: BzChart }) {
  const { bzwx, total } = chart.wxtongji;
  const missing = WUXING.filter((w) => bzwx[w] === 0);
  // The same whole percents as the share image (largest remainder: they add up to exactly 100).
  const shares = wuxingPercents(chart);
  const percent = (w: (typeof WUXING)[number]) => `${shares[w]}%`;
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
