import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { expectAlmanacError } from '../testing/errorCode.ts';
import { HEHUN_LEVELS, type HehunResult, hehun, pairWeight } from './hehun.ts';

/** The points of a result as [topic, text, points, weight]. */
const pointsOf = (r: HehunResult) => r.points.map((p) => [p.topic, p.text, p.points, p.weight]);

/** The oracle's four pillars of a solar birth (sect 2, the chart's default), for the pillars we read. */
function oraclePillars(y: number, m: number, d: number, h: number, min: number) {
  const ec = Solar.fromYmdHms(y, m, d, h, min, 0).getLunar().getEightChar();
  ec.setSect(2);
  return { year: ec.getYear(), month: ec.getMonth(), day: ec.getDay(), hour: ec.getTime() };
}

/**
 * Six worked examples, each read by hand in the comment above it: the pillars, every point with its
 * weight, the subtotals and the total. A man (男方) first, a woman (女方) second.
 */
const EXAMPLES = [
  // He is 甲子 (甲木 day master), she 己丑. Day pillars: 甲己 combine (天合, +8), 子丑 combine (地合, +8), both
  // at once (+4): 20. Neither 日支 is clashed at home.
  // Other pairs (weight 2 for the same place or a day pillar, else 1): his 辰 breaks her 丑 (−1×2), his 辰
  // and her 申 are of one frame (+1), his 申 and her 巳 combine (+2×2), his day 甲子 clashes her year 庚午 in
  // stem and branch (−1×2, −2×2), his 子 with her 申 (+1×2), his 巳 with her 丑 (+1×2), his hour 巳 with her
  // hour 申 (+2×2): 5.
  // Spouse stars: his 财 (土) shows twice (戊, 己) and 辰 holds it (strong, +3 +2), and her day master 己 is 土
  // (+3); she has no 官杀 (木) anywhere (−3), but his day master 甲 is 木 (+3): 8.
  // Elements: she lacks 木 but he has only one; he favours 水 (甲 in 申, not in command), she 金 (己 in 巳, in
  // command) — neither the other's day master nor strongest element: 0.
  // 大运 from 2009 (she is 20) to 2057 (he is 70): 亥卯 (+1, 7 years), 癸戊 and 亥寅 (+4, 3 years) … sum 4.8 → 5.
  // Total 60 + 20 + 5 + 8 + 0 + 5 = 98: 上等.
  {
    title: '天合地合 — the best a pair of day pillars can do',
    a: '公 1988-09-06 10:00',
    b: '公 1990-05-24 16:00',
    pillarsA: { year: '戊辰', month: '庚申', day: '甲子', hour: '己巳' },
    pillarsB: { year: '庚午', month: '辛巳', day: '己丑', hour: '壬申' },
    points: [
      ['夫妻宫', '日干甲己相合（天合）', 8, 1],
      ['夫妻宫', '日支子丑六合（夫妻宫相合）', 8, 1],
      ['夫妻宫', '日柱天合地合', 4, 1],
      ['四柱', '男方年柱与女方日柱：辰丑相破', -1, 2],
      ['四柱', '男方年柱与女方时柱：辰申三合', 1, 1],
      ['四柱', '男方月柱与女方月柱：申巳六合', 2, 2],
      ['四柱', '男方日柱与女方年柱：甲庚相冲', -1, 2],
      ['四柱', '男方日柱与女方年柱：子午相冲', -2, 2],
      ['四柱', '男方日柱与女方时柱：子申三合', 1, 2],
      ['四柱', '男方时柱与女方日柱：巳丑三合', 1, 2],
      ['四柱', '男方时柱与女方时柱：巳申六合', 2, 2],
      ['配偶星', '男方财星（妻星）透干', 3, 1],
      ['配偶星', '男方财星（妻星）有力', 2, 1],
      ['配偶星', '男方的财星（妻星）属土，正是女方日主己土', 3, 1],
      ['配偶星', '女方命中不见官杀（夫星）', -3, 1],
      ['配偶星', '女方的官杀（夫星）属木，正是男方日主甲木', 3, 1],
      ['大运', '2009–2015年 癸亥运与己卯运：亥卯三合', 1, 0.7],
      ['大运', '2016–2018年 癸亥运与戊寅运：癸戊相合，亥寅六合', 4, 0.3],
      ['大运', '2026–2028年 甲子运与丁丑运：子丑六合', 2, 0.3],
      ['大运', '2036–2038年 乙丑运与丙子运：丑子六合', 2, 0.3],
      ['大运', '2046–2048年 丙寅运与乙亥运：寅亥六合', 2, 0.3],
      ['大运', '2049–2055年 丁卯运与乙亥运：卯亥三合', 1, 0.7],
      ['大运', '2056–2057年 丁卯运与甲戌运：卯戌六合', 2, 0.2],
    ],
    subtotals: { 夫妻宫: 20, 四柱: 5, 配偶星: 8, 五行: 0, 大运: 5 },
    total: 98,
    level: '上等',
  },
  // 庚午 and 甲子: 庚甲 clash (−6), 午子 clash (−8), both (天克地冲, −4); her 子 is clashed by her own year and
  // month 午 (−2, −2): −22.
  // Other pairs: 寅午 of one frame (+1×2, +1), 丙壬 and 癸丁 clash (−1, −1), his 午 meets her two 午 four
  // times (自刑, −1×2 twice, −1 twice), 午卯 break twice (−1×2 each), his hour 午 clashes her 子 (−2×2), 壬丁
  // combine (+1×2): −11.
  // Spouse stars: his 财 (木) only hidden in 寅 (+1), her day master 甲 is 木 (+3); her 官 庚 shows (+3), his day
  // master 庚 is 金 (+3): 10.
  // Elements: both lack 土 (−1); he favours 土, she 水 — neither met: −1.
  // 大运 sum 1.9 → 2. Total 60 − 22 − 11 + 10 − 1 + 2 = 38: 需经营.
  {
    title: '天克地冲, and her own 子 clashed twice at home',
    a: '公 1986-05-26 12:00',
    b: '公 1990-06-28 06:00',
    pillarsA: { year: '丙寅', month: '癸巳', day: '庚午', hour: '壬午' },
    pillarsB: { year: '庚午', month: '壬午', day: '甲子', hour: '丁卯' },
    points: [
      ['夫妻宫', '日干庚甲相冲（天干相冲）', -6, 1],
      ['夫妻宫', '日支午子相冲（夫妻宫相冲）', -8, 1],
      ['夫妻宫', '日柱天克地冲', -4, 1],
      ['夫妻宫', '女方日支子被年柱午所冲（夫妻宫不宁）', -2, 1],
      ['夫妻宫', '女方日支子被月柱午所冲（夫妻宫不宁）', -2, 1],
      ['四柱', '男方年柱与女方年柱：寅午三合', 1, 2],
      ['四柱', '男方年柱与女方月柱：丙壬相冲', -1, 1],
      ['四柱', '男方年柱与女方月柱：寅午三合', 1, 1],
      ['四柱', '男方月柱与女方时柱：癸丁相冲', -1, 1],
      ['四柱', '男方日柱与女方年柱：午午自刑', -1, 2],
      ['四柱', '男方日柱与女方月柱：午午自刑', -1, 2],
      ['四柱', '男方日柱与女方时柱：午卯相破', -1, 2],
      ['四柱', '男方时柱与女方年柱：午午自刑', -1, 1],
      ['四柱', '男方时柱与女方月柱：午午自刑', -1, 1],
      ['四柱', '男方时柱与女方日柱：午子相冲', -2, 2],
      ['四柱', '男方时柱与女方时柱：壬丁相合', 1, 2],
      ['四柱', '男方时柱与女方时柱：午卯相破', -1, 2],
      ['配偶星', '男方财星（妻星）藏于地支', 1, 1],
      ['配偶星', '男方的财星（妻星）属木，正是女方日主甲木', 3, 1],
      ['配偶星', '女方官杀（夫星）透干', 3, 1],
      ['配偶星', '女方的官杀（夫星）属金，正是男方日主庚金', 3, 1],
      ['五行', '双方八字都缺土', -1, 1],
      ['大运', '2009–2009年 乙未运与庚辰运：乙庚相合', 2, 0.1],
      ['大运', '2010–2016年 丙申运与庚辰运：申辰三合', 1, 0.7],
      ['大运', '2017–2019年 丙申运与己卯运：女方运干己为男方所喜', 1, 0.3],
      ['大运', '2020–2026年 丁酉运与己卯运：酉卯相冲，女方运干己为男方所喜', -1, 0.7],
      ['大运', '2027–2029年 丁酉运与戊寅运：女方运干戊为男方所喜', 1, 0.3],
      ['大运', '2030–2036年 戊戌运与戊寅运：戌寅三合，女方运干戊为男方所喜', 2, 0.7],
      ['大运', '2037–2039年 戊戌运与丁丑运：戌丑相刑', -1, 0.3],
    ],
    subtotals: { 夫妻宫: -22, 四柱: -11, 配偶星: 10, 五行: -1, 大运: 2 },
    total: 38,
    level: '需经营',
  },
  // 农 1995-03-05 is 1995-04-04, before 清明: 乙亥 己卯 乙丑, no hour. 癸 and 乙 neither combine nor clash;
  // 巳丑 are of one frame (+5); his 巳 is clashed by his own 亥 month (−2): 3.
  // Eleven other pairs (no hour of hers): 酉卯 clash (−2), 酉丑 (+1×2), 亥亥 自刑 (−1), 亥卯 (+1×2), his 巳
  // clashes her 亥 (−2×2), 辰卯 harm (−1), 辰丑 break (−1×2): −6.
  // His 财 (火) shows in 丙 and roots in 巳 (strong, +3 +2) but 巳 is clashed by 亥 (−2); her 官杀 (金) only
  // hidden in 丑 (+1): 4.
  // Elements: he lacks 木 and she has three (+2); she lacks 火 and he has two (+2); he (癸 in 亥, in command)
  // favours 木, her day master 乙 (+3); she favours 火, his 癸 is not, and his strongest is 水: 7.
  // 大运 sum 4.4 → 4. Total 60 + 3 − 6 + 4 + 7 + 4 = 72: 中上.
  {
    title: 'her hour unknown (a lunar date without time): three pillars read',
    a: '公 1993-11-08 07:30',
    b: '农 1995-03-05',
    pillarsA: { year: '癸酉', month: '癸亥', day: '癸巳', hour: '丙辰' },
    pillarsB: { year: '乙亥', month: '己卯', day: '乙丑', hour: '' },
    points: [
      ['夫妻宫', '日支巳丑三合（夫妻宫相合）', 5, 1],
      ['夫妻宫', '男方日支巳被月柱亥所冲（夫妻宫不宁）', -2, 1],
      ['四柱', '男方年柱与女方月柱：酉卯相冲', -2, 1],
      ['四柱', '男方年柱与女方日柱：酉丑三合', 1, 2],
      ['四柱', '男方月柱与女方年柱：亥亥自刑', -1, 1],
      ['四柱', '男方月柱与女方月柱：亥卯三合', 1, 2],
      ['四柱', '男方日柱与女方年柱：巳亥相冲', -2, 2],
      ['四柱', '男方时柱与女方月柱：辰卯相害', -1, 1],
      ['四柱', '男方时柱与女方日柱：辰丑相破', -1, 2],
      ['配偶星', '男方财星（妻星）透干', 3, 1],
      ['配偶星', '男方财星（妻星）有力', 2, 1],
      ['配偶星', '男方财星（妻星）逢冲', -2, 1],
      ['配偶星', '女方官杀（夫星）藏于地支', 1, 1],
      ['五行', '男方八字缺木，女方八字木多（3个），可补所缺', 2, 1],
      ['五行', '女方八字缺火，男方八字火多（2个），可补所缺', 2, 1],
      ['五行', '男方喜木，女方日主乙属木', 3, 1],
      ['大运', '2014–2014年 庚申运与辛巳运：申巳六合', 2, 0.1],
      ['大运', '2024–2024年 己未运与壬午运：未午六合', 2, 0.1],
      ['大运', '2034–2034年 戊午运与癸未运：戊癸相合，午未六合', 4, 0.1],
      ['大运', '2035–2043年 戊午运与甲申运：女方运干甲为男方所喜', 1, 0.9],
      ['大运', '2044–2044年 丁巳运与甲申运：巳申六合，男方运干丁为女方所喜，女方运干甲为男方所喜', 4, 0.1],
      ['大运', '2045–2053年 丁巳运与乙酉运：巳酉三合，男方运干丁为女方所喜，女方运干乙为男方所喜', 3, 0.9],
      ['大运', '2054–2054年 丙辰运与乙酉运：辰酉六合，男方运干丙为女方所喜，女方运干乙为男方所喜', 4, 0.1],
      ['大运', '2055–2062年 丙辰运与丙戌运：辰戌相冲，男方运干丙为女方所喜', -1, 0.8],
    ],
    subtotals: { 夫妻宫: 3, 四柱: -6, 配偶星: 4, 五行: 7, 大运: 4 },
    total: 72,
    level: '中上',
  },
  // She is two years older. 辛巳 and 甲午: nothing between them, neither clashed at home: 0.
  // His two 子 meet her 卯 (刑, −1 and −1×2) and her two 午 (冲, −2×2 and −2, twice): −15, held at −12.
  // His 财 (木) is nowhere (−3), yet her day master 甲 is 木 (+3); her 官 庚 shows twice (+3, strong +2) and his
  // day master 辛 is 金 (+3): 8.
  // Elements: he lacks 木 and 土, she has two of each (+2 +2); she lacks 水, he has five (+2): 6. He favours
  // 土 (辛 in 子, not in command), she 火; her four elements tie, his strongest is 水: nothing more.
  // 大运 from 1991 (he is 20) to 2039 (she is 70): sum 1.2 → 1. Total 60 + 0 − 12 + 8 + 6 + 1 = 63: 中等.
  {
    title: 'no wife star in his chart, his 子 against her 午; the elements fill each other',
    a: '公 1972-12-16 09:00',
    b: '公 1970-03-15 11:20',
    pillarsA: { year: '壬子', month: '壬子', day: '辛巳', hour: '癸巳' },
    pillarsB: { year: '庚戌', month: '己卯', day: '甲午', hour: '庚午' },
    points: [
      ['四柱', '男方年柱与女方月柱：子卯相刑', -1, 1],
      ['四柱', '男方年柱与女方日柱：子午相冲', -2, 2],
      ['四柱', '男方年柱与女方时柱：子午相冲', -2, 1],
      ['四柱', '男方月柱与女方月柱：子卯相刑', -1, 2],
      ['四柱', '男方月柱与女方日柱：子午相冲', -2, 2],
      ['四柱', '男方月柱与女方时柱：子午相冲', -2, 1],
      ['配偶星', '男方命中不见财星（妻星）', -3, 1],
      ['配偶星', '男方的财星（妻星）属木，正是女方日主甲木', 3, 1],
      ['配偶星', '女方官杀（夫星）透干', 3, 1],
      ['配偶星', '女方官杀（夫星）有力', 2, 1],
      ['配偶星', '女方的官杀（夫星）属金，正是男方日主辛金', 3, 1],
      ['五行', '男方八字缺木，女方八字木多（2个），可补所缺', 2, 1],
      ['五行', '男方八字缺土，女方八字土多（2个），可补所缺', 2, 1],
      ['五行', '女方八字缺水，男方八字水多（5个），可补所缺', 2, 1],
      ['大运', '1999–2002年 乙卯运与丙子运：卯子相刑', -1, 0.4],
      ['大运', '2003–2008年 乙卯运与乙亥运：卯亥三合', 1, 0.6],
      ['大运', '2009–2012年 丙辰运与乙亥运：男方运干丙为女方所喜', 1, 0.4],
      ['大运', '2013–2018年 丙辰运与甲戌运：辰戌相冲，男方运干丙为女方所喜', -1, 0.6],
      ['大运', '2019–2022年 丁巳运与甲戌运：男方运干丁为女方所喜', 1, 0.4],
      ['大运', '2029–2032年 戊午运与癸酉运：戊癸相合', 2, 0.4],
    ],
    subtotals: { 夫妻宫: 0, 四柱: -12, 配偶星: 8, 五行: 6, 大运: 1 },
    total: 63,
    level: '中等',
  },
  // 甲戌 庚午 甲子 壬申 for both. 甲子 with 甲子: nothing; each 子 is clashed by the month 午 at home (−2, −2).
  // Across: 甲庚 clash four times (−1, −1, −1×2, −1×2), 戌午 twice (+1, +1), 午午 自刑 (−1×2), 午子 clash twice
  // (−2×2 each), 子申 twice (+1×2 each): −10.
  // His 财 (土) only hidden (+1); her 官 庚 shows, roots in 申 (strong, +3 +2) but 甲 clashes it (−2): 4.
  // Elements: none lacking; both favour 水 (甲 in 午, not in command), neither day master nor a single
  // strongest element is 水: 0.
  // 大运: a yang year, so his run forward (辛未 壬申 …) and hers back (己巳 戊辰 丁卯 …): 壬丁 combine and his 壬
  // is her 水 (+3, ten years) … sum 4. Total 60 − 4 − 10 + 4 + 0 + 4 = 54: 需经营.
  {
    title: 'the same birth twice: equal pillars, 大运 running opposite ways',
    a: '公 1994-06-07 15:00',
    b: '公 1994-06-07 15:00',
    pillarsA: { year: '甲戌', month: '庚午', day: '甲子', hour: '壬申' },
    pillarsB: { year: '甲戌', month: '庚午', day: '甲子', hour: '壬申' },
    points: [
      ['夫妻宫', '男方日支子被月柱午所冲（夫妻宫不宁）', -2, 1],
      ['夫妻宫', '女方日支子被月柱午所冲（夫妻宫不宁）', -2, 1],
      ['四柱', '男方年柱与女方月柱：甲庚相冲', -1, 1],
      ['四柱', '男方年柱与女方月柱：戌午三合', 1, 1],
      ['四柱', '男方月柱与女方年柱：庚甲相冲', -1, 1],
      ['四柱', '男方月柱与女方年柱：午戌三合', 1, 1],
      ['四柱', '男方月柱与女方月柱：午午自刑', -1, 2],
      ['四柱', '男方月柱与女方日柱：庚甲相冲', -1, 2],
      ['四柱', '男方月柱与女方日柱：午子相冲', -2, 2],
      ['四柱', '男方日柱与女方月柱：甲庚相冲', -1, 2],
      ['四柱', '男方日柱与女方月柱：子午相冲', -2, 2],
      ['四柱', '男方日柱与女方时柱：子申三合', 1, 2],
      ['四柱', '男方时柱与女方日柱：申子三合', 1, 2],
      ['配偶星', '男方财星（妻星）藏于地支', 1, 1],
      ['配偶星', '女方官杀（夫星）透干', 3, 1],
      ['配偶星', '女方官杀（夫星）有力', 2, 1],
      ['配偶星', '女方官杀（夫星）逢冲', -2, 1],
      ['大运', '2014–2023年 壬申运与丁卯运：壬丁相合，男方运干壬为女方所喜', 3, 1],
      ['大运', '2024–2033年 癸酉运与丙寅运：男方运干癸为女方所喜', 1, 1],
      ['大运', '2034–2043年 甲戌运与乙丑运：戌丑相刑', -1, 1],
      ['大运', '2054–2063年 丙子运与癸亥运：女方运干癸为男方所喜', 1, 1],
    ],
    subtotals: { 夫妻宫: -4, 四柱: -10, 配偶星: 4, 五行: 0, 大运: 4 },
    total: 54,
    level: '需经营',
  },
  // 闰六月初十 1987 is 1987-08-04, before 立秋: 丁卯 丁未 乙酉 庚辰. She is 己巳 乙亥 乙未 (no hour).
  // 乙 with 乙, 酉 with 未: nothing; his 酉 is clashed by his own 卯 year (−2): −2.
  // Across, all kind: 卯亥 (+1), 卯未 (+1×2), 未亥 (+1×2), 酉巳 (+1×2), 庚乙 combine twice (+1, +1×2): 10.
  // His 财 (土) hidden but in command (未's 己, +1 +2); her 官杀 (金) hidden in 巳 (+1): 4.
  // Elements: she lacks 金, he has two (+2); he lacks 水, she has one. He favours 水, she 火: not met. 2.
  // 大运 sum 0.1 → 0. Total 60 − 2 + 10 + 4 + 2 + 0 = 74: 中上.
  {
    title: 'his birth a 闰六月 lunar date, hers a day without time',
    a: '农 1987-06(闰)-10 08:00',
    b: '公 1989-12-01',
    pillarsA: { year: '丁卯', month: '丁未', day: '乙酉', hour: '庚辰' },
    pillarsB: { year: '己巳', month: '乙亥', day: '乙未', hour: '' },
    points: [
      ['夫妻宫', '男方日支酉被年柱卯所冲（夫妻宫不宁）', -2, 1],
      ['四柱', '男方年柱与女方月柱：卯亥三合', 1, 1],
      ['四柱', '男方年柱与女方日柱：卯未三合', 1, 2],
      ['四柱', '男方月柱与女方月柱：未亥三合', 1, 2],
      ['四柱', '男方日柱与女方年柱：酉巳三合', 1, 2],
      ['四柱', '男方时柱与女方月柱：庚乙相合', 1, 1],
      ['四柱', '男方时柱与女方日柱：庚乙相合', 1, 2],
      ['配偶星', '男方财星（妻星）藏于地支', 1, 1],
      ['配偶星', '男方财星（妻星）有力', 2, 1],
      ['配偶星', '女方官杀（夫星）藏于地支', 1, 1],
      ['五行', '女方八字缺金，男方八字金多（2个），可补所缺', 2, 1],
      ['大运', '2008–2011年 乙巳运与丁丑运：巳丑三合', 1, 0.4],
      ['大运', '2012–2015年 乙巳运与戊寅运：巳寅相刑', -1, 0.4],
      ['大运', '2022–2025年 甲辰运与己卯运：甲己相合，辰卯相害', 1, 0.4],
      ['大运', '2032–2035年 癸卯运与庚辰运：卯辰相害', -1, 0.4],
      ['大运', '2042–2045年 壬寅运与辛巳运：寅巳相刑', -1, 0.4],
      ['大运', '2046–2051年 辛丑运与辛巳运：丑巳三合', 1, 0.6],
      ['大运', '2056–2056年 庚子运与壬午运：子午相冲，女方运干壬为男方所喜', -1, 0.1],
    ],
    subtotals: { 夫妻宫: -2, 四柱: 10, 配偶星: 4, 五行: 2, 大运: 0 },
    total: 74,
    level: '中上',
  },
];

describe('hehun, worked examples', () => {
  for (const example of EXAMPLES) {
    it(example.title, () => {
      const r = hehun({
        a: { born: example.a, sex: '男', label: '男方' },
        b: { born: example.b, sex: '女', label: '女方' },
      });
      expect(r.a.pillars).toEqual(example.pillarsA);
      expect(r.b.pillars).toEqual(example.pillarsB);
      expect(pointsOf(r)).toEqual(example.points);
      expect(r.subtotals).toEqual(example.subtotals);
      expect(r.total).toBe(example.total);
      expect(r.level).toBe(example.level);
    });
  }

  it('reads the pillars the oracle gives for the solar births', () => {
    expect(oraclePillars(1988, 9, 6, 10, 0)).toEqual(EXAMPLES[0].pillarsA);
    expect(oraclePillars(1990, 5, 24, 16, 0)).toEqual(EXAMPLES[0].pillarsB);
    expect(oraclePillars(1986, 5, 26, 12, 0)).toEqual(EXAMPLES[1].pillarsA);
    expect(oraclePillars(1990, 6, 28, 6, 0)).toEqual(EXAMPLES[1].pillarsB);
    expect(oraclePillars(1972, 12, 16, 9, 0)).toEqual(EXAMPLES[3].pillarsA);
    expect(oraclePillars(1970, 3, 15, 11, 20)).toEqual(EXAMPLES[3].pillarsB);
    const lunar = Solar.fromYmd(1987, 8, 4).getLunar();
    expect([lunar.getMonth(), lunar.getDay()]).toEqual([-6, 10]);
  });

  it('lists the 大运 stretches the two share, with both ages', () => {
    const r = hehun({
      a: { born: EXAMPLES[4].a, sex: '男', label: '男方' },
      b: { born: EXAMPLES[4].b, sex: '女', label: '女方' },
    });
    expect(r.dayun.map((d) => [d.from, d.to, d.a, d.b, d.points, d.ages.a[0], d.ages.b[1]])).toEqual([
      [2013, 2013, '辛未', '戊辰', 0, 20, 20],
      [2014, 2023, '壬申', '丁卯', 3, 21, 30],
      [2024, 2033, '癸酉', '丙寅', 1, 31, 40],
      [2034, 2043, '甲戌', '乙丑', -1, 41, 50],
      [2044, 2053, '乙亥', '甲子', 0, 51, 60],
      [2054, 2063, '丙子', '癸亥', 1, 61, 70],
    ]);
    expect(r.dayun[1].text).toBe('壬丁相合，男方运干壬为女方所喜');
  });

  it('keeps the 生肖 pairing as the simple view, outside the total', () => {
    const r = hehun({
      a: { born: EXAMPLES[5].a, sex: '男', label: '男方' },
      b: { born: EXAMPLES[5].b, sex: '女', label: '女方' },
    });
    expect(r.zodiac.wo).toBe('卯');
    expect(r.zodiac.ta).toBe('巳');
    expect(r.zodiac.relation).toBe('生');
    expect(r.summary).toBe(HEHUN_LEVELS[1].summary);
  });
});

describe('hehun, over many pairs', () => {
  let seed = 20261126;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  const birth = (year: number, withTime: boolean) =>
    `公 ${year}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}${withTime ? ` ${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 60))}` : ''}`;

  it('gives the same total either way round, within 0–100, at the level its total reaches, never a bare 大凶', () => {
    const levels = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const year = 1950 + Math.floor(random() * 55);
      const a = { born: birth(year, random() < 0.8), sex: '男' as const };
      const b = { born: birth(year - 6 + Math.floor(random() * 12), random() < 0.8), sex: '女' as const };
      const r = hehun({ a, b });
      const swapped = hehun({ a: b, b: a });
      expect(swapped.total).toBe(r.total);
      expect(swapped.subtotals).toEqual(r.subtotals);
      expect(r.total).toBeGreaterThanOrEqual(0);
      expect(r.total).toBeLessThanOrEqual(100);
      expect(r.level).toBe(HEHUN_LEVELS.find((l) => r.total >= l.from)?.level);
      // The 生肖 view keeps compatibility.ts's grades as they are; the reading itself never says 大凶.
      expect(JSON.stringify({ ...r, zodiac: undefined })).not.toContain('大凶');
      for (const p of r.points) expect(p.text).toMatch(/[\u4e00-\u9fff]/);
      levels.add(r.level);
    }
    expect([...levels].sort()).toEqual(['上等', '中上', '中等', '需经营'].sort());
  });

  it('weighs pillars of the same place and the day pillars double', () => {
    expect(pairWeight('year', 'year')).toBe(2);
    expect(pairWeight('hour', 'day')).toBe(2);
    expect(pairWeight('year', 'month')).toBe(1);
  });

  it('refuses bad input with the chart’s own errors', () => {
    expectAlmanacError(
      () => hehun({ a: { born: '明天', sex: '男' }, b: { born: '公 1990-01-01', sex: '女' } }),
      'WRONG_BIRTH_TEXT',
      '甲方：生日参数错误！',
    );
    expectAlmanacError(
      () =>
        hehun({
          a: { born: '公 1990-01-01', sex: '男' },
          b: { born: '公 1990-13-01', sex: '女', label: '小红' },
        }),
      'WRONG_SOLAR_MONTH',
      '小红：wrong solar month',
    );
    expectAlmanacError(
      () =>
        hehun({
          a: { born: '公 1990-01-01', sex: '男' },
          b: { born: '公 1990-01-01', sex: '其他' as never },
        }),
      'WRONG_SEX',
    );
    expectAlmanacError(
      () => hehun({ a: { born: '公 1990-02-30', sex: '男' }, b: { born: '公 1990-01-01', sex: '女' } }),
      'WRONG_SOLAR_DAY',
    );
    expectAlmanacError(() => hehun(null as never), 'WRONG_BIRTH_TEXT');
  });
});
