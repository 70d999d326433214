/**
 * 喜用神 against worked charts: each written out by hand below — the pillars, what every stem and hidden
 * stem weighs for the day master, the verdict and the phases chosen — and checked against the module.
 * Births are Beijing standard time (UTC+8), charted by our engine, so the pillars are real.
 */
import { describe, expect, it } from 'vitest';
import { isAlmanacError } from '../errors.ts';
import { baziChart } from './chart.ts';
import { datesOfPillars } from './datesOfPillars.ts';
import { mulberry32 } from './oracle.test-helpers.ts';
import { type Group, xiyong } from './xiyong.ts';

interface Worked {
  /** A birth with these pillars (UTC+8), or null when the pillars are given alone. */
  born: string | null;
  sizhu: string;
  groups: Partial<Record<Group, number>>;
  score: number;
  strength: string;
  pattern: string;
  tiaohou: string | null;
  favourable: string[];
  unfavourable: string[];
}

/**
 * A worked chart from its birth (or null), its pillars, what each group weighs, and its verdict written
 * as the columns score, strength, pattern, 调候 ('-' for none), favourable and unfavourable phases.
 */
function worked(
  born: string | null,
  sizhu: string,
  groups: Partial<Record<Group, number>>,
  verdict: string,
): Worked {
  const [score, strength, pattern, tiaohou, favourable, unfavourable] = verdict.split(' ');
  return {
    born,
    sizhu,
    groups,
    score: Number(score),
    strength,
    pattern,
    tiaohou: tiaohou === '-' ? null : tiaohou,
    favourable: [...favourable],
    unfavourable: [...unfavourable],
  };
}

// Weights: stems 1 each; branches year 1, month 3, day 1.5, hour 1, shared 1 | .7/.3 | .6/.3/.1 by qi.
const WORKED: Record<string, Worked> = {
  // 乙 day in 巳 month. Stems 庚 正官, 辛 七杀, 庚 正官: 官杀 3. 午 ×1: 丁 食神 .7, 己 偏财 .3. 巳 ×3: 丙 伤官
  // 1.8, 庚 正官 .9, 戊 正财 .3. 亥 ×1.5: 壬 正印 1.05, 甲 劫财 .45. 辰 ×1: 戊 正财 .6, 乙 比肩 .3, 癸 偏印 .1.
  // 生扶 = 比劫 .75 + 印 1.15 = 1.9 of 9.5 → 20%: weak, rooted in 亥 and 辰. 官杀 3.9 is the heaviest
  // burden, so 印 (水) first — it turns 官杀 into support — then 比劫 (木). Summer, but 水 weighs 1.15: no 调候.
  weakByOfficers: worked(
    '公 1990-05-10 07:30',
    '庚午 辛巳 乙亥 庚辰',
    { 比劫: 0.75, 印: 1.15, 食伤: 2.5, 财: 1.2, 官杀: 3.9 },
    '0.2 身弱 扶抑 - 水木 金火土',
  ),
  // 乙 day in 亥 month. Stems 己 偏财 1, 乙 比肩 1, 丁 食神 1. 丑 ×1: 己 .6, 癸 偏印 .3, 辛 七杀 .1. 亥 ×3: 壬
  // 正印 2.1, 甲 劫财 .9. 卯 ×1.5: 乙 1.5. 亥 ×1: 壬 .7, 甲 .3. 比劫 3.7 + 印 3.1 = 6.8 of 9.5 → 72%: strong,
  // and strong through 比劫 (3.7 > 3.1), so 官杀 (金) first to check it, then 食伤 (火), 财 (土). Winter, but
  // 丁 stands in the hour stem (火 1): no 调候.
  strongBySiblings: worked(
    '公 1949-11-21 21:30',
    '己丑 乙亥 乙卯 丁亥',
    { 比劫: 3.7, 印: 3.1, 食伤: 1, 财: 1.6, 官杀: 0.1 },
    '0.72 身强 扶抑 - 金火土 木水',
  ),
  // 己 day in 未 month. Stems 丁 偏印, 丁 偏印, 癸 偏财. 卯 ×1: 乙 七杀 1. 未 ×3: 己 比肩 1.8, 丁 .9, 乙 .3.
  // 未 ×1.5: 己 .9, 丁 .45, 乙 .15. 酉 ×1: 辛 食神 1. 比劫 2.7 + 印 3.35 = 6.05 → 64%: strong through 印,
  // so 财 (水) first to break the 印, then 食伤 (金); 官杀 (木) last, since it feeds the 印. Summer with 癸
  // standing (水 1): no 调候.
  strongByPrint: worked(
    '公 1987-07-09 18:30',
    '丁卯 丁未 己未 癸酉',
    { 比劫: 2.7, 印: 3.35, 食伤: 1, 财: 1, 官杀: 1.45 },
    '0.64 身强 扶抑 - 水金木 火土',
  ),
  // 丙 day in 酉 month. Stems 壬 七杀, 己 伤官, 乙 正印. 申 ×1: 庚 偏财 .6, 壬 .3, 戊 食神 .1. 酉 ×3: 辛 正财 3.
  // 辰 ×1.5: 戊 .9, 乙 .45, 癸 正官 .15. 未 ×1: 己 .6, 丁 劫财 .3, 乙 .1. 比劫 .3 + 印 1.55 = 1.85 → 19%, below
  // even the 从 line, but 丁 in 未 is a root: weak, not 从弱. 财 3.6 is the heaviest burden, so 比劫 (火)
  // first to share it out, then 印 (木).
  weakByWealth: worked(
    '公 1992-10-07 14:30',
    '壬申 己酉 丙辰 乙未',
    { 比劫: 0.3, 印: 1.55, 食伤: 2.6, 财: 3.6, 官杀: 1.45 },
    '0.19 身弱 扶抑 - 火木 金土水',
  ),
  // 丁 day in 辰 month. Stems 甲 正印, 戊 伤官, 癸 七杀. 午 ×1: 丁 比肩 .7, 己 食神 .3. 辰 ×3: 戊 1.8, 乙 偏印
  // .9, 癸 .3. 巳 ×1.5: 丙 劫财 .9, 庚 正财 .45, 戊 .15. 卯 ×1: 乙 1. 比劫 1.6 + 印 2.9 = 4.5 → 47%: 中和,
  // leaning strong (≥ 45%), so 食伤 (土) and 财 (金) to let it flow; no more 印 (木) or 比劫 (火).
  balancedLeaningStrong: worked(
    '公 1954-05-01 06:30',
    '甲午 戊辰 丁巳 癸卯',
    { 比劫: 1.6, 印: 2.9, 食伤: 3.25, 财: 0.45, 官杀: 1.3 },
    '0.47 中和 扶抑 - 土金 木火',
  ),
  // 甲 day in 卯 month. Stems 癸 正印, 乙 劫财, 壬 偏印: 3. 巳 ×1: 丙 食神 .6, 庚 七杀 .3, 戊 偏财 .1. 卯 ×3: 乙
  // 3. 子 ×1.5: 癸 1.5. 申 ×1: 庚 .6, 壬 .3, 戊 .1. 比劫 4 + 印 3.8 = 7.8 → 82%, past the 从强 line, but 申's
  // 本气 庚 is 七杀 and checks the day master: 身强, not 从强 — through 比劫, so 官杀 (金) first.
  strongButChecked: worked(
    '公 1953-03-14 15:30',
    '癸巳 乙卯 甲子 壬申',
    { 比劫: 4, 印: 3.8, 食伤: 0.6, 财: 0.2, 官杀: 0.9 },
    '0.82 身强 扶抑 - 金火土 木水',
  ),
  // 庚 day in 辰 month. Stems 丁 正官, 甲 偏财, 甲 偏财. 丑 ×1: 己 正印 .6, 癸 伤官 .3, 辛 劫财 .1. 辰 ×3: 戊
  // 偏印 1.8, 乙 正财 .9, 癸 .3. 辰 ×1.5: 戊 .9, 乙 .45, 癸 .15. 申 ×1: 庚 比肩 .6, 壬 食神 .3, 戊 .1. 比劫 .7 +
  // 印 3.4 = 4.1 → 43%: 中和 leaning weak; 财 3.35 is the heaviest burden, so 比劫 (金) first, then 印 (土),
  // and only the two heaviest burdens are named: 财 (木), 食伤 (水).
  balancedLeaningWeak: worked(
    '公 1937-04-23 15:30',
    '丁丑 甲辰 庚辰 甲申',
    { 比劫: 0.7, 印: 3.4, 食伤: 1.05, 财: 3.35, 官杀: 1 },
    '0.43 中和 扶抑 - 金土 木水',
  ),
  // 己 day in 卯 month. Stems 乙 七杀, 己 比肩, 甲 正官. 卯 ×1: 乙 1. 卯 ×3: 乙 3. 酉 ×1.5: 辛 食神 1.5. 子 ×1:
  // 癸 偏财 1. No 土 hidden anywhere: no root. 生扶 only the bare 己 stem: 1 of 9.5 → 11%, and 官杀 6 rules
  // the chart: 从弱, 从杀格 — follow 官杀 (木) and the 财 (水) that feeds it; 食伤 (金) would fight it.
  followOfficers: worked(
    null,
    '乙卯 己卯 己酉 甲子',
    { 比劫: 1, 印: 0, 食伤: 1.5, 财: 1, 官杀: 6 },
    '0.11 从弱 从杀格 - 木水 金火土',
  ),
  // 戊 day in 戌 month. Stems 丙 偏印, 戊 比肩, 戊 比肩. 辰 ×1: 戊 .6, 乙 正官 .3, 癸 正财 .1. 戌 ×3: 戊 1.8,
  // 辛 伤官 .9, 丁 正印 .3. 戌 ×1.5: 戊 .9, 辛 .45, 丁 .15. 午 ×1: 丁 .7, 己 劫财 .3. 比劫 5.6 + 印 2.15 =
  // 7.75 → 82%, and the only 官杀 is 乙 as 辰's 中气 — nothing checks the day master: 从强 (从旺格),
  // follow 比劫 (土), 印 (火) and let 食伤 (金) drain the surplus; 官杀 (木) and 财 (水) offend it.
  followStrength: worked(
    null,
    '丙辰 戊戌 戊戌 戊午',
    { 比劫: 5.6, 印: 2.15, 食伤: 1.35, 财: 0.1, 官杀: 0.3 },
    '0.82 从强 从旺格 - 土火金 木水',
  ),
  // 丙 day in 丑 month. Stems 壬 七杀, 癸 正官, 己 伤官. 戌 ×1: 戊 食神 .6, 辛 正财 .3, 丁 劫财 .1. 丑 ×3: 己
  // 1.8, 癸 .9, 辛 .3. 辰 ×1.5: 戊 .9, 乙 正印 .45, 癸 .15. 丑 ×1: 己 .6, 癸 .3, 辛 .1. 生扶 .1 + .45 → 6%, but
  // the 丁 in 戌 is a root: weak, not 从. 食伤 4.9 heaviest: 印 (木) first, then 比劫 (火). Born in 丑, the
  // depth of winter, with 火 only .1: 调候 puts 火 before everything.
  winterNeedsFire: worked(
    '公 1983-01-28 01:30',
    '壬戌 癸丑 丙辰 己丑',
    { 比劫: 0.1, 印: 0.45, 食伤: 4.9, 财: 0.7, 官杀: 3.35 },
    '0.06 身弱 扶抑 火 火木 土水金',
  ),
  // 庚 day in 巳 month. Stems 乙 正财, 辛 劫财, 庚 比肩. 巳 ×1: 丙 七杀 .6, 庚 .3, 戊 偏印 .1. 巳 ×3: 丙 1.8,
  // 庚 .9, 戊 .3. 申 ×1.5: 庚 .9, 壬 食神 .45, 戊 .15. 辰 ×1: 戊 .6, 乙 .3, 癸 伤官 .1. 比劫 4.1 + 印 1.15 →
  // 55%: strong through 比劫, so 官杀 (火), 食伤 (水), 财 (木). Summer with 水 only .55: 调候 puts 水 first.
  summerNeedsWater: worked(
    '公 1965-05-06 07:30',
    '乙巳 辛巳 庚申 庚辰',
    { 比劫: 4.1, 印: 1.15, 食伤: 0.55, 财: 1.3, 官杀: 2.4 },
    '0.55 身强 扶抑 水 水火木 金土',
  ),
  // The first chart without its hour: 辰 and 庚 leave, the total is 7.5. 比劫 .45 (亥's 甲) + 印 1.05 → 20%,
  // still rooted: weak; 官杀 2.9 heaviest, so 印 (水) first; 水 1.05 is enough in summer.
  hourUnknown: worked(
    null,
    '庚午 辛巳 乙亥 -',
    { 比劫: 0.45, 印: 1.05, 食伤: 2.5, 财: 0.6, 官杀: 2.9 },
    '0.2 身弱 扶抑 - 水木 金火土',
  ),
};

const sizhuOf = (text: string) => {
  const [year, month, day, hour] = text.split(' ');
  return { year, month, day, hour: hour === '-' ? null : hour };
};

describe('xiyong', () => {
  for (const [name, w] of Object.entries(WORKED)) {
    it(`worked chart ${name}: ${w.sizhu} → ${w.strength}, 喜 ${w.favourable.join('')}`, () => {
      const sizhu = sizhuOf(w.sizhu);
      if (w.born) {
        const chart = baziChart({ born: w.born, sex: '男', timeZone: 'UTC+8', liunianCount: 0 });
        expect(chart.sizhu).toEqual(sizhu);
      } else if (sizhu.hour) {
        // Pillars given alone still belong to real moments.
        expect(datesOfPillars({ ...sizhu, hour: sizhu.hour }).length).toBeGreaterThan(0);
      }
      const r = xiyong({ sizhu });
      expect(r.groups).toEqual({ 比劫: 0, 印: 0, 食伤: 0, 财: 0, 官杀: 0, ...w.groups });
      expect(r.total).toBe(sizhu.hour ? 9.5 : 7.5);
      expect(r.score).toBe(w.score);
      expect([r.strength, r.pattern, r.tiaohou]).toEqual([w.strength, w.pattern, w.tiaohou]);
      expect(r.favourable).toEqual(w.favourable);
      expect(r.unfavourable).toEqual(w.unfavourable);
      // The units add up to the groups.
      const sum = r.units.reduce((a, u) => a + u.weight, 0);
      expect(Math.round(sum * 100) / 100).toBe(r.total);
    });
  }

  it('says every step of the first chart in Chinese', () => {
    expect(xiyong({ sizhu: sizhuOf(WORKED.weakByOfficers.sizhu) }).reasons).toEqual([
      '日主乙木，生于巳月，月令丙火为日主之伤官，失令。',
      '通根：日支亥藏甲木（劫财，中气 0.45）、时支辰藏乙木（比肩，中气 0.3）。',
      '透干：年干庚金正官（克泄耗）、月干辛金七杀（克泄耗）、时干庚金正官（克泄耗）。',
      '生扶：比劫 0.75 + 印 1.15 = 1.9；克泄耗：官杀 3.9 + 财 1.2 + 食伤 2.5 = 7.6；生扶占 1.9 ÷ 9.5 = 20%。',
      '生扶之力仅 20%（不足 40%），身弱。',
      '身弱而官杀最重（官杀制身），宜印星生身化杀，次取比劫帮身：喜印（水）、比劫（木），忌官杀（金）、食伤（火）、财（土）。用神取印（水）。',
      '生于巳月（夏月，暑气当令），局中水之力 1.15，燥热已得调和，不另取调候。',
    ]);
  });

  it('names the 从格 and the 调候 in its reasons', () => {
    const follow = xiyong({ sizhu: sizhuOf(WORKED.followOfficers.sizhu) }).reasons;
    expect(follow).toContain('四支藏干皆无比劫，日主无根。');
    expect(follow).toContain(
      '日主无根，生扶之力仅 11%（不足 20%），克泄耗中以官杀最重：弃命从势，为从弱（从杀格）。',
    );
    expect(follow.some((r) => r.includes('调候'))).toBe(false);
    const strong = xiyong({ sizhu: sizhuOf(WORKED.followStrength.sizhu) }).reasons;
    expect(strong).toContain(
      '生扶之力达 82%（80% 以上），天干与地支本气皆无官杀制身，旺极宜从：为从强（从旺格）。',
    );
    const winter = xiyong({ sizhu: sizhuOf(WORKED.winterNeedsFire.sizhu) }).reasons;
    expect(winter.at(-1)).toBe(
      '生于丑月（冬月，寒气当令），局中火之力仅 0.1（不足 1），调候为急：以火为先暖局。',
    );
    const unknown = xiyong({ sizhu: sizhuOf(WORKED.hourUnknown.sizhu) }).reasons;
    expect(unknown[0]).toBe('时辰不详：只计年、月、日三柱（总力 7.5）。');
    expect(unknown[2]).toBe('通根：日支亥藏甲木（劫财，中气 0.45）。');
  });

  it('refuses malformed pillars', () => {
    const code = (f: () => unknown) => {
      try {
        f();
        return 'ok';
      } catch (e) {
        return isAlmanacError(e) ? `${e.code} ${e.message}` : String(e);
      }
    };
    expect(code(() => xiyong({ sizhu: { year: '甲丑', month: '丙寅', day: '甲子', hour: '甲子' } }))).toBe(
      'WRONG_OPTION 年柱不是六十甲子之一',
    );
    expect(code(() => xiyong({} as never))).toBe('WRONG_OPTION 四柱不全');
  });

  it('keeps its verdicts consistent over 2,000 random charts', () => {
    const rnd = mulberry32(4);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const y = 1901 + Math.floor(rnd() * 198);
      const m = 1 + Math.floor(rnd() * 12);
      const d = 1 + Math.floor(rnd() * 28);
      const h = Math.floor(rnd() * 24);
      const chart = baziChart({ born: `公 ${y}-${m}-${d} ${h}:30`, sex: '女', liunianCount: 0 });
      const r = xiyong(chart);
      seen.add(r.strength);
      expect(r.total).toBe(9.5);
      expect(r.score).toBe(Math.round((r.support / r.total) * 100) / 100);
      if (r.strength === '身强') expect(r.score).toBeGreaterThanOrEqual(0.5);
      if (r.strength === '身弱') expect(r.score).toBeLessThan(0.4);
      if (r.strength === '中和') expect(r.score >= 0.4 && r.score < 0.5).toBe(true);
      if (r.strength === '从弱') expect([r.rooted, r.score < 0.2]).toEqual([false, true]);
      if (r.strength === '从强') expect(r.score).toBeGreaterThanOrEqual(0.8);
      if (!r.rooted && r.score < 0.2) expect(r.strength).toBe('从弱');
      expect(r.favourable.length).toBeGreaterThan(0);
      expect(r.favourable.filter((p) => r.unfavourable.includes(p))).toEqual([]);
      expect(new Set([...r.favourable, ...r.unfavourable]).size).toBe(
        r.favourable.length + r.unfavourable.length,
      );
      if (r.tiaohou) expect(r.favourable[0]).toBe(r.tiaohou);
      expect(r.reasons.length).toBeGreaterThanOrEqual(6);
    }
    expect([...seen].sort()).toEqual(['中和', '从弱', '从强', '身弱', '身强'].sort());
  });
});
