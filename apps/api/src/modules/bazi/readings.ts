/**
 * 命书 readings of a chart (miji): the day master and its strength, the five-element balance, the ten
 * gods that stand in the stems and the 神煞 present. This module decides *which* readings a chart
 * gets (pure rules over the engine's chart); the *text* of each reading is a `content` row of kind
 * `reading` (keys from {@link readingKeys}), editable like any other content and seeded by
 * db/seed-readings.ts. Only short positional labels (年干, 月柱 …) are composed here.
 */
import type { BaziChart } from '@xuanli/almanac/bazi/chart';
import { ELEMENTS, type Element } from '@xuanli/almanac/bazi/fiveElements';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { content } from '../content/index.ts';

/** `content.kind` of reading texts. */
export const READING_KIND = 'reading';

/** Strength of the day master. */
export type Strength = 'strong' | 'weak' | 'balanced';

/** Content keys of the reading texts; the seed and the editors use the same ones. */
export const readingKeys = {
  /** The nature of a day-master stem, e.g. `daymaster:甲`. */
  dayMaster: (stem: string) => `daymaster:${stem}`,
  strength: (level: Strength) => `strength:${level}`,
  /** A phase absent from the eight characters, or in excess. */
  element: (element: Element, state: 'missing' | 'excess') => `element:${element}:${state}`,
  /** No phase missing nor in excess. */
  elementBalanced: 'element:balanced',
  tenGod: (name: string) => `tengod:${name}`,
  shensha: (name: string) => `shensha:${name}`,
} as const;

/** One reading as the client shows it. `key` names the content row it came from. */
export interface ReadingItem {
  key: string;
  title: string;
  body: string;
}

/** A group of readings, e.g. key `rizhu`, title 日主. */
export interface ReadingSection {
  key: string;
  title: string;
  items: ReadingItem[];
}

/** The miji answer. */
export interface Readings {
  sections: ReadingSection[];
}

// Section headings are fixed labels of the client's layout (like the engine's TOPIC_LABELS), not prose.
const SECTIONS = [
  { key: 'rizhu', title: '日主' },
  { key: 'wuxing', title: '五行' },
  { key: 'shishen', title: '十神' },
  { key: 'shensha', title: '神煞' },
] as const;

type SectionKey = (typeof SECTIONS)[number]['key'];

const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const PILLAR_LABEL = { year: '年', month: '月', day: '日', hour: '时' } as const;

// ---------------------------------------------------------------------------------------------------
// Strength of the day master (身强 / 身弱 / 中和)

/** Ten gods that support the day master: the same phase (比劫) and the phase that generates it (印). */
const SUPPORTING = new Set(['比肩', '劫财', '正印', '偏印']);

/**
 * Weight of each branch. The month branch is the 月令, the season's command — 《子平真诠》 makes it the
 * root of every judgement — so it weighs as much as the three visible stems together; the day branch
 * (the seat of the day master) weighs more than the year and hour branches.
 */
export const BRANCH_WEIGHTS = { year: 1, month: 3, day: 1.5, hour: 1 } as const;

/** Each of the three other stems (year, month, hour) weighs 1. */
export const STEM_WEIGHT = 1;

/** How a branch's weight is shared among its hidden stems (本气, 中气, 余气) by how many it holds. */
const QI_SHARES: Record<number, readonly number[]> = { 1: [1], 2: [0.7, 0.3], 3: [0.6, 0.3, 0.1] };

/** Support share at and above which the day master is strong: 同党 at least matches 异党. */
export const STRONG_FROM = 0.5;
/**
 * Support share below which the day master is weak. Support is two phases out of five, so a chart
 * drawn at random has a share near 0.4 (median 0.39 over 20,000 births 1901–2098); the band between
 * this and {@link STRONG_FROM} is 中和.
 */
export const WEAK_BELOW = 0.4;

/** The strength verdict with the facts it rests on. */
export interface StrengthAssessment {
  level: Strength;
  /** Weighted support (比劫 + 印) and the total weight; `share` = support / total, 2 decimals. */
  support: number;
  total: number;
  share: number;
  /** 得令: the month branch's 本气 is 比劫 or 印. */
  deLing: boolean;
  /** 得地: the day master has a root (比劫 among the hidden stems) in the year, day or hour branch. */
  deDi: boolean;
  /** 得势: at least two of the three other stems are 比劫 or 印. */
  deShi: boolean;
}

/**
 * 身强/身弱 by a weighted count of support, the usual 得令 · 得地 · 得势 reasoning made numeric:
 * every stem other than the day master weighs {@link STEM_WEIGHT}; every branch weighs
 * {@link BRANCH_WEIGHTS}, shared among its hidden stems (0.7/0.3 or 0.6/0.3/0.1, 本气 first). A unit
 * supports when its ten god is 比肩, 劫财, 正印 or 偏印. Share ≥ 0.5 → strong, < 0.4 → weak, else
 * balanced (中和). Over random births 1901–2098 that is about 50% weak, 20% balanced, 30% strong —
 * the familiar observation that most charts read 身弱 once 同党 must outweigh 异党.
 * 得令/得地/得势 are reported alongside so that a reader can follow the verdict.
 */
export function assessStrength(chart: Pick<BaziChart, 'shishen'>): StrengthAssessment {
  let support = 0;
  let total = 0;
  let stemSupport = 0;
  for (const pillar of PILLARS) {
    const { gan, zhi } = chart.shishen[pillar];
    if (pillar !== 'day') {
      total += STEM_WEIGHT;
      if (SUPPORTING.has(gan)) {
        support += STEM_WEIGHT;
        stemSupport++;
      }
    }
    const weight = BRANCH_WEIGHTS[pillar];
    const shares = QI_SHARES[zhi.length] ?? zhi.map(() => 1 / zhi.length);
    total += weight;
    zhi.forEach((god, i) => {
      if (SUPPORTING.has(god)) support += weight * shares[i];
    });
  }
  const share = Math.round((support / total) * 100) / 100;
  const isRoot = (god: string) => god === '比肩' || god === '劫财';
  return {
    level: share >= STRONG_FROM ? 'strong' : share < WEAK_BELOW ? 'weak' : 'balanced',
    support: Math.round(support * 100) / 100,
    total,
    share,
    deLing: SUPPORTING.has(chart.shishen.month.zhi[0]),
    deDi: (['year', 'day', 'hour'] as const).some((p) => chart.shishen[p].zhi.some(isRoot)),
    deShi: stemSupport >= 2,
  };
}

// ---------------------------------------------------------------------------------------------------
// Five-element balance

/** A phase counts as excessive with at least this many of the eight characters … */
export const EXCESS_CHARACTERS = 4;
/** … or with at least this share of all characters and hidden stems together. */
export const EXCESS_SHARE = 0.4;

/** Phases missing from and in excess in a chart. */
export interface ElementBalance {
  /** Absent from the eight characters (八字缺), the popular sense of 五行缺; hidden stems may hold it. */
  missing: Element[];
  excess: Element[];
}

/** {@link ElementBalance} of a chart's `wxtongji` (rules: {@link EXCESS_CHARACTERS}, {@link EXCESS_SHARE}). */
export function elementBalance(chart: Pick<BaziChart, 'wxtongji'>): ElementBalance {
  const { bzwx, total } = chart.wxtongji;
  let sum = 0;
  for (const e of ELEMENTS) sum += total[e];
  return {
    missing: ELEMENTS.filter((e) => bzwx[e] === 0),
    excess: ELEMENTS.filter(
      (e) => bzwx[e] >= EXCESS_CHARACTERS || (sum > 0 && total[e] / sum >= EXCESS_SHARE),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// The plan: which content rows a chart reads, with the chart-specific part of each title

interface PlannedItem {
  section: SectionKey;
  key: string;
  /** Appended to the row's title: where the star stands, the counts behind a verdict … */
  suffix: string;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The readings a chart gets, in display order, as content keys; pure. */
export function planReadings(
  chart: Pick<BaziChart, 'sizhu' | 'shishen' | 'wxtongji' | 'shensha'>,
): PlannedItem[] {
  const plan: PlannedItem[] = [];

  plan.push({ section: 'rizhu', key: readingKeys.dayMaster(chart.sizhu.day[0]), suffix: '' });
  const s = assessStrength(chart);
  const facts = [s.deLing ? '得令' : '失令', s.deDi ? '得地' : '失地', s.deShi ? '得势' : '失势'];
  plan.push({
    section: 'rizhu',
    key: readingKeys.strength(s.level),
    suffix: `（${facts.join('、')}；扶身之力 ${percent(s.share)}）`,
  });

  const { bzwx, cgwx, total } = chart.wxtongji;
  let sum = 0;
  for (const e of ELEMENTS) sum += total[e];
  const balance = elementBalance(chart);
  for (const e of balance.missing) {
    plan.push({
      section: 'wuxing',
      key: readingKeys.element(e, 'missing'),
      suffix: cgwx[e] > 0 ? `（藏干见${cgwx[e]}）` : '（藏干亦无）',
    });
  }
  for (const e of balance.excess) {
    plan.push({
      section: 'wuxing',
      key: readingKeys.element(e, 'excess'),
      suffix: `（八字见${bzwx[e]}，连藏干占${percent(sum ? total[e] / sum : 0)}）`,
    });
  }
  if (balance.missing.length === 0 && balance.excess.length === 0) {
    plan.push({ section: 'wuxing', key: readingKeys.elementBalanced, suffix: '' });
  }

  // Ten gods that stand in the stems (透干): the ones 子平 reads first. Hidden ones are in the chart.
  const gods = new Map<string, string[]>();
  for (const p of PILLARS) {
    if (p === 'day') continue;
    const god = chart.shishen[p].gan;
    gods.set(god, [...(gods.get(god) ?? []), `${PILLAR_LABEL[p]}干`]);
  }
  for (const [god, where] of gods) {
    plan.push({ section: 'shishen', key: readingKeys.tenGod(god), suffix: `（${where.join('、')}）` });
  }

  const stars = new Map<string, string[]>();
  for (const p of PILLARS) {
    for (const hit of chart.shensha[p]) {
      const where = stars.get(hit.name) ?? [];
      if (!where.includes(`${PILLAR_LABEL[p]}柱`)) where.push(`${PILLAR_LABEL[p]}柱`);
      stars.set(hit.name, where);
    }
  }
  for (const [name, where] of stars) {
    plan.push({ section: 'shensha', key: readingKeys.shensha(name), suffix: `（${where.join('、')}）` });
  }
  return plan;
}

/**
 * The readings of `chart`: the plan, filled with the current text of each content row in one query.
 * A key without a row (an editor removed it) is left out rather than failing the whole answer; every
 * section is always present, possibly empty. Nothing is cached, so an edit shows on the next request.
 */
export async function chartReadings(db: Db, chart: Parameters<typeof planReadings>[0]): Promise<Readings> {
  const plan = planReadings(chart);
  const rows = await db
    .select({ key: content.key, title: content.title, body: content.body })
    .from(content)
    .where(
      and(
        eq(content.kind, READING_KIND),
        inArray(
          content.key,
          plan.map((item) => item.key),
        ),
      ),
    );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const sections: ReadingSection[] = SECTIONS.map(({ key, title }) => ({ key, title, items: [] }));
  for (const item of plan) {
    const row = byKey.get(item.key);
    if (!row) continue;
    sections
      .find((section) => section.key === item.section)!
      .items.push({ key: item.key, title: row.title + item.suffix, body: row.body });
  }
  return { sections };
}
