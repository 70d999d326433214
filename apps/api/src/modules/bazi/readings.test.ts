import { type BaziChart, baziChart } from '@xuanli/almanac/bazi/chart';
import { ELEMENTS } from '@xuanli/almanac/bazi/fiveElements';
import { TEN_GODS } from '@xuanli/almanac/bazi/tenGods';
import { STEMS } from '@xuanli/almanac/ganzhi';
import { describe, expect, it } from 'vitest';
import { assessStrength, elementBalance, planReadings, readingKeys } from './readings.ts';
import { READING_SEED } from './seed-readings.ts';

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

describe('assessStrength', () => {
  it('weighs the 1990 乙亥 chart: only the day branch (正印 壬, 劫财 甲) supports', () => {
    const s = assessStrength(chartOf('公 1990-05-10 08:00'));
    // Stems 庚辛庚 (官杀): 0 of 3. 午 (食神 丁 0.7, 偏财 己 0.3): 0. 巳 (伤官, 正官, 正财) × 3: 0.
    // 亥 (正印 壬 0.7, 劫财 甲 0.3) × 1.5 = 1.5. 辰 (正财 戊 0.6, 比肩 乙 0.3, 偏印 癸 0.1) × 1 = 0.4.
    expect(s).toEqual({
      level: 'weak',
      support: 1.9,
      total: 9.5,
      share: 0.2,
      deLing: false,
      deDi: true,
      deShi: false,
    });
  });

  it('finds a chart full of its own phase strong', () => {
    // A 甲 day master in a 寅 month, seated on 卯, with 癸 and 甲 standing in the stems.
    const s = assessStrength({
      shishen: {
        year: { gan: '正印', zhi: ['正印'] },
        month: { gan: '比肩', zhi: ['比肩', '食神', '偏财'] },
        day: { gan: '日主', zhi: ['劫财'] },
        hour: { gan: '七杀', zhi: ['伤官', '正财'] },
      },
    });
    expect(s.level).toBe('strong');
    expect([s.deLing, s.deDi, s.deShi]).toEqual([true, true, true]);
    // Stems 2 + 子 1 × 1 + 寅 本气 0.6 × 3 + 卯 1 × 1.5 = 6.3 of 9.5.
    expect(s.support).toBe(6.3);
    expect(s.share).toBe(0.66);
  });

  it('puts shares from 0.4 up to 0.5 in the balanced band', () => {
    for (const chart of sampleCharts(400)) {
      const s = assessStrength(chart);
      expect(s.level).toBe(s.share >= 0.5 ? 'strong' : s.share < 0.4 ? 'weak' : 'balanced');
      expect(s.total).toBe(9.5);
      expect(s.support).toBeGreaterThanOrEqual(0);
      expect(s.support).toBeLessThanOrEqual(9.5);
    }
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
