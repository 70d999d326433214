import { type BaziChart, baziChart } from '@xuanli/almanac/bazi/chart';
import { ELEMENTS } from '@xuanli/almanac/bazi/fiveElements';
import { TEN_GODS } from '@xuanli/almanac/bazi/tenGods';
import { STEMS } from '@xuanli/almanac/ganzhi';
import { describe, expect, it } from 'vitest';
import { READING_SEED } from '../../../seed/bazi/readings.ts';
import {
  elementBalance,
  luckReading,
  planReadings,
  readingKeys,
  STRENGTH_LEVEL,
  strengthReading,
} from './readings.ts';

const chartOf = (born: string, sex: '男' | '女' = '男') => baziChart({ born, sex, liunianCount: 0 });

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Charts of random births 1901–2098 (a seeded sample, so that failures reproduce). */
function sampleCharts(n: number, seed = 1): BaziChart[] {
  const next = random(seed);
  const charts: BaziChart[] = [];
  for (let i = 0; i < n; i++) {
    const y = 1901 + Math.floor(next() * 198);
    const m = 1 + Math.floor(next() * 12);
    const d = 1 + Math.floor(next() * 28);
    const h = Math.floor(next() * 24);
    charts.push(chartOf(`公 ${y}-${m}-${d} ${h}:30`, next() < 0.5 ? '男' : '女'));
  }
  return charts;
}

describe('strengthReading (the engine’s 喜用神)', () => {
  it('reads the 1990 乙亥 chart as weak, with the facts and the share behind it', () => {
    const chart = chartOf('公 1990-05-10 08:00');
    // The arithmetic is the engine's (packages/almanac src/bazi/xiyong.test.ts, chart weakByOfficers):
    // only 亥 (壬 正印 1.05, 甲 劫财 .45) and 辰 (乙 比肩 .3, 癸 偏印 .1) support: 1.9 of 9.5.
    expect([chart.xiyong.support, chart.xiyong.total, chart.xiyong.score]).toEqual([1.9, 9.5, 0.2]);
    expect(strengthReading(chart.xiyong)).toEqual({
      key: 'strength:weak',
      suffix: '（失令、得地、失势；扶身之力 20%）',
    });
  });

  it('finds a chart full of its own phase strong, 得令 得地 得势', () => {
    // 癸 day in 申 month (庚 正印 rules it), rooted in both 亥, with 壬 and 庚 standing: 7.35 of 9.5.
    const chart = baziChart({ born: '公 1959-08-09 16:30', sex: '男', timeZone: 'UTC+8', liunianCount: 0 });
    expect(chart.sizhu).toEqual({ year: '己亥', month: '壬申', day: '癸亥', hour: '庚申' });
    expect(strengthReading(chart.xiyong)).toEqual({
      key: 'strength:strong',
      suffix: '（得令、得地、得势；扶身之力 77%）',
    });
  });

  it('reads a 从格 with a text of its own and says in the title which it is and what it favours', () => {
    // 从杀: a rootless 己 among 木 (1915-03-19 00:00, 乙卯 己卯 己酉 甲子).
    const follow = baziChart({ born: '公 1915-03-19 00:00', sex: '女', timeZone: 'UTC+8', liunianCount: 0 });
    expect(follow.xiyong.strength).toBe('从弱');
    expect(strengthReading(follow.xiyong)).toEqual({
      key: 'strength:follow-weak',
      suffix: '（从杀格：日主无根，弃命从势；喜木、水，忌金、火、土；扶身之力 11%）',
    });
    // 从旺: 戊 among 土 and 火 with no 官杀 to check it (1976-10-13 11:00, 丙辰 戊戌 戊戌 戊午).
    const strong = baziChart({ born: '公 1976-10-13 11:00', sex: '男', timeZone: 'UTC+8', liunianCount: 0 });
    expect(strengthReading(strong.xiyong)).toEqual({
      key: 'strength:follow-strong',
      suffix: '（从旺格：旺极宜从；喜土、火、金，忌木、水；扶身之力 82%）',
    });
    // Their texts advise following the force, not the plain strong or weak remedy.
    const text = (key: string) => READING_SEED.find((r) => r.key === key)?.body ?? '';
    expect(text('strength:follow-weak')).toContain('弃命从势');
    expect(text('strength:follow-strong')).toContain('顺其旺势');
  });

  it('plans the strength text of the engine’s verdict for every chart of a sample', () => {
    for (const chart of sampleCharts(400)) {
      const item = planReadings(chart).find((i) => i.key.startsWith('strength:'))!;
      expect(item.key).toBe(`strength:${STRENGTH_LEVEL[chart.xiyong.strength]}`);
      expect(item.suffix).toContain(`扶身之力 ${Math.round(chart.xiyong.score * 100)}%`);
    }
  });
});

describe('luckReading (大运 and 流年 of the 命书)', () => {
  it('reads a period by its stem’s ten god and says what the 喜用神 makes of its stem and branch', () => {
    // 1990 乙亥: 身弱, 喜 水 木, 忌 金 火 土; the 大运 壬午 (正印): 壬水 favoured, 午火 not.
    const chart = chartOf('公 1990-05-10 08:00');
    expect(chart.xiyong.favourable).toEqual(['水', '木']);
    expect(luckReading(chart, { ganzhi: '壬午', shishen: '正印' })).toEqual({
      key: 'luck:正印',
      suffix: '（壬水为喜，午火为忌）',
    });
    // 己巳 clashes with the day branch 亥.
    expect(luckReading(chart, { ganzhi: '己巳', shishen: '偏财' })).toEqual({
      key: 'luck:偏财',
      suffix: '（己土为忌，巳火为忌，巳冲日支亥）',
    });
  });

  it('has a seed text for every ten god a period can carry', () => {
    for (const god of TEN_GODS)
      expect(
        READING_SEED.some((r) => r.key === `luck:${god}`),
        god,
      ).toBe(true);
  });
});

describe('elementBalance', () => {
  it('reads missing phases from the eight characters and excess from characters or share', () => {
    const tally = (金: number, 木: number, 水: number, 火: number, 土: number) => ({ 金, 木, 水, 火, 土 });
    expect(
      elementBalance({
        wxtongji: { bzwx: tally(3, 1, 1, 2, 1), cgwx: tally(1, 2, 2, 2, 3), total: tally(4, 3, 3, 4, 4) },
      }),
    ).toEqual({ missing: [], excess: [] });
    expect(
      elementBalance({
        wxtongji: { bzwx: tally(4, 0, 2, 2, 0), cgwx: tally(1, 0, 2, 2, 1), total: tally(5, 0, 4, 4, 1) },
      }),
    ).toEqual({ missing: ['木', '土'], excess: ['金'] });
    // 3 of 8 characters but 40% with the hidden stems.
    expect(
      elementBalance({
        wxtongji: { bzwx: tally(3, 2, 1, 1, 1), cgwx: tally(3, 0, 1, 1, 1), total: tally(6, 2, 2, 2, 3) },
      }),
    ).toEqual({ missing: [], excess: ['金'] });
  });
});

describe('planReadings', () => {
  it('plans the 1990 chart in section order with positional suffixes', () => {
    const plan = planReadings(chartOf('公 1990-05-10 08:00'));
    expect(plan.slice(0, 5)).toEqual([
      { section: 'rizhu', key: 'daymaster:乙', suffix: '' },
      { section: 'rizhu', key: 'strength:weak', suffix: '（失令、得地、失势；扶身之力 20%）' },
      { section: 'wuxing', key: 'element:balanced', suffix: '' },
      { section: 'shishen', key: 'tengod:正官', suffix: '（年干、时干）' },
      { section: 'shishen', key: 'tengod:七杀', suffix: '（月干）' },
    ]);
    expect(plan.slice(5).every((item) => item.section === 'shensha')).toBe(true);
  });

  it('names missing phases with what the hidden stems hold', () => {
    // A chart without 火 among the eight characters: find one in the sample.
    const chart = sampleCharts(200, 3).find((c) => c.wxtongji.bzwx.火 === 0)!;
    const item = planReadings(chart).find((i) => i.key === 'element:火:missing');
    expect(item?.suffix).toBe(
      chart.wxtongji.cgwx.火 > 0 ? `（藏干见${chart.wxtongji.cgwx.火}）` : '（藏干亦无）',
    );
  });

  it('only plans keys that the seed provides, over 2,000 random charts', () => {
    const seeded = new Set(READING_SEED.map((row) => row.key));
    const planned = new Set<string>();
    for (const chart of sampleCharts(2000, 9)) for (const item of planReadings(chart)) planned.add(item.key);
    const unseeded = [...planned].filter((key) => !seeded.has(key));
    expect(unseeded).toEqual([]);
    // And the sample reaches every kind of reading.
    for (const prefix of ['daymaster:', 'strength:', 'element:', 'tengod:', 'shensha:']) {
      expect(
        [...planned].some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });
});

describe('the reading seed', () => {
  const keys = READING_SEED.map((row) => row.key);

  it('covers every day master, strength, phase state, ten god and 神煞 the engine emits', () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const stem of STEMS) expect(keys).toContain(readingKeys.dayMaster(stem));
    for (const level of ['strong', 'weak', 'balanced'] as const)
      expect(keys).toContain(readingKeys.strength(level));
    for (const e of ELEMENTS) {
      expect(keys).toContain(readingKeys.element(e, 'missing'));
      expect(keys).toContain(readingKeys.element(e, 'excess'));
    }
    expect(keys).toContain(readingKeys.elementBalanced);
    for (const god of TEN_GODS) expect(keys).toContain(readingKeys.tenGod(god));
    const stars = new Set<string>();
    for (const chart of sampleCharts(3000, 5)) {
      for (const hits of Object.values(chart.shensha)) for (const hit of hits) stars.add(hit.name);
    }
    expect(stars.size).toBeGreaterThanOrEqual(30);
    for (const star of stars) expect(keys, star).toContain(readingKeys.shensha(star));
  });

  it('has a title and a body of a few sentences for every row', () => {
    for (const row of READING_SEED) {
      expect(row.title.length, row.key).toBeGreaterThan(0);
      expect(row.body.length, row.key).toBeGreaterThanOrEqual(20);
      expect(row.body.endsWith('。'), row.key).toBe(true);
    }
  });
});

describe('readings of a chart whose hour is unknown', () => {
  it('plans nothing from the hour and weighs three pillars', () => {
    const chart = baziChart({ born: '公 1990-05-10', sex: '男', hourUnknown: true, liunianCount: 0 });
    const plan = planReadings(chart);
    expect(plan.slice(0, 2)).toEqual([
      { section: 'rizhu', key: 'daymaster:乙', suffix: '' },
      // 亥 alone supports: 1.5 of 7.5.
      { section: 'rizhu', key: 'strength:weak', suffix: '（失令、得地、失势；扶身之力 20%）' },
    ]);
    expect(plan.filter((i) => i.section === 'shishen')).toEqual([
      { section: 'shishen', key: 'tengod:正官', suffix: '（年干）' },
      { section: 'shishen', key: 'tengod:七杀', suffix: '（月干）' },
    ]);
    // 庚午 辛巳 乙亥 hold no 土 (the hour 庚辰 would): said to rest on six characters.
    expect(plan.find((i) => i.key === 'element:土:missing')).toEqual({
      section: 'wuxing',
      key: 'element:土:missing',
      suffix: '（藏干见2；时柱不详，仅据六字）',
    });
    // No reading sits on the hour stem or the hour pillar.
    expect(
      plan.some((i) => i.suffix.includes('时干') || (i.section === 'shensha' && i.suffix.includes('时柱'))),
    ).toBe(false);
  });
});
