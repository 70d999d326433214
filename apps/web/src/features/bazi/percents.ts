/**
 * A chart's 五行 shares as the 五行 card and the share image show them: whole percents that add up to
 * exactly 100 (the engine's wholePercents).
 */
import { wholePercents } from '@xuanli/almanac/bazi/wholePercents';
import type { BzChart } from './api/get-bzdata';
import { WUXING, type Wuxing } from './elements';

/** The 五行 shares of a chart's eight characters (天干地支), whole percents in 木火土金水 order. */
export function wuxingPercents(chart: Pick<BzChart, 'wxtongji'>): Record<Wuxing, number> {
  const shares = wholePercents(WUXING.map((w) => chart.wxtongji.bzwx[w]));
  return Object.fromEntries(WUXING.map((w, i) => [w, shares[i]])) as Record<Wuxing, number>;
}
