/**
 * 命书 readings of a chart (miji): the day master and its strength (the engine's 喜用神), the five-element
 * balance, the ten gods that stand in the stems and the 神煞 present. This module decides *which*
 * readings a chart gets (pure rules over the engine's chart, with or without its hour); the *text* of
 * each reading is a `content` row of kind `reading` (keys from {@link readingKeys}), editable like any
 * other content and seeded by seed-readings.ts (the texts: apps/api/seed/bazi/readings.ts). Only short positional labels (年干, 月柱 …) and the
 * facts behind a verdict are composed here.
 */
import type { AnyBaziChart } from '@xuanli/almanac/bazi/chart';
import { ELEMENTS, type Element } from '@xuanli/almanac/bazi/fiveElements';
import { branchesClash } from '@xuanli/almanac/bazi/relations';
import { TEN_GODS } from '@xuanli/almanac/bazi/tenGods';
import type { Xiyong } from '@xuanli/almanac/bazi/xiyong';
import { BRANCH_ELEMENTS, BRANCHES, STEM_ELEMENTS, STEMS } from '@xuanli/almanac/ganzhi';
import type { Db } from '../../db/client.ts';
import { keptTextBodies } from '../content/index.ts';

/** `content.kind` of reading texts. */
export const READING_KIND = 'reading';

/** The strength texts' levels (content keys `strength:<level>`); 从格 have texts of their own. */
export type Strength = 'strong' | 'weak' | 'balanced' | 'follow-strong' | 'follow-weak';

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
  /** A 大运 or 流年 whose stem is this ten god (the 命书's luck pages), e.g. `luck:正官`. */
  luck: (god: string) => `luck:${god}`,
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
const percent = (share: number) => `${Math.round(share * 100)}%`;
const PILLAR_LABEL = { year: '年', month: '月', day: '日', hour: '时' } as const;

// ---------------------------------------------------------------------------------------------------
// Strength of the day master: the engine's 喜用神 (packages/almanac bazi/xiyong.ts) decides; this module
// only picks the text and says the facts behind the verdict in the title.

/**
 * The text each verdict reads. A 从格 wants the opposite of what the plain strong or weak text advises
 * (it follows the force instead of resisting it), so 从强 and 从弱 read texts of their own; the title
 * then says which 从格 it is and what it favours.
 */
export const STRENGTH_LEVEL: Record<Xiyong['strength'], Strength> = {
  身强: 'strong',
  从强: 'follow-strong',
  身弱: 'weak',
  从弱: 'follow-weak',
  中和: 'balanced',
};

/** The strength reading of a chart's 喜用神: its content key and the chart-specific end of its title. */
export function strengthReading(x: Xiyong): { key: string; suffix: string } {
  const key = readingKeys.strength(STRENGTH_LEVEL[x.strength]);
  const share = `扶身之力 ${percent(x.score)}`;
  if (x.strength === '从强' || x.strength === '从弱') {
    const why = x.strength === '从强' ? '旺极宜从' : '日主无根，弃命从势';
    return {
      key,
      suffix: `（${x.pattern}：${why}；喜${x.favourable.join('、')}，忌${x.unfavourable.join('、')}；${share}）`,
    };
  }
  const facts = [x.deLing ? '得令' : '失令', x.deDi ? '得地' : '失地', x.deShi ? '得势' : '失势'];
  return { key, suffix: `（${facts.join('、')}；${share}）` };
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
export function elementBalance(chart: Pick<AnyBaziChart, 'wxtongji'>): ElementBalance {
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

/** The readings a chart gets, in display order, as content keys; pure. */
export function planReadings(
  chart: Pick<AnyBaziChart, 'sizhu' | 'shishen' | 'wxtongji' | 'shensha' | 'xiyong'>,
): PlannedItem[] {
  const plan: PlannedItem[] = [];

  plan.push({ section: 'rizhu', key: readingKeys.dayMaster(chart.sizhu.day[0]), suffix: '' });
  plan.push({ section: 'rizhu', ...strengthReading(chart.xiyong) });

  const { bzwx, cgwx, total } = chart.wxtongji;
  let sum = 0;
  for (const e of ELEMENTS) sum += total[e];
  const balance = elementBalance(chart);
  // Without the hour only six characters are known: the missing phase may stand in the hour.
  const sixOnly = chart.sizhu.hour === null ? '；时柱不详，仅据六字' : '';
  for (const e of balance.missing) {
    plan.push({
      section: 'wuxing',
      key: readingKeys.element(e, 'missing'),
      suffix: cgwx[e] > 0 ? `（藏干见${cgwx[e]}${sixOnly}）` : `（藏干亦无${sixOnly}）`,
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
    // The day stem is the day master itself; a chart whose hour is unknown has no hour stem.
    const entry = chart.shishen[p];
    if (p === 'day' || entry === null) continue;
    gods.set(entry.gan, [...(gods.get(entry.gan) ?? []), `${PILLAR_LABEL[p]}干`]);
  }
  for (const [god, where] of gods) {
    plan.push({ section: 'shishen', key: readingKeys.tenGod(god), suffix: `（${where.join('、')}）` });
  }

  const stars = new Map<string, string[]>();
  for (const p of PILLARS) {
    for (const hit of chart.shensha[p] ?? []) {
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

/** The current title and text of each reading key that has a row, in one query (none when `keys` is empty). */
export async function readingTexts(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, { title: string; body: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await keptTextBodies(db, READING_KIND, keys);
  return new Map(rows.map((row) => [row.key, { title: row.title, body: row.body }]));
}

/**
 * The readings of `chart`: the plan, filled with the current text of each content row in one query.
 * A key without a row (an editor removed it) is left out rather than failing the whole answer; every
 * section is always present, possibly empty. Nothing is cached, so an edit shows on the next request.
 */
export async function chartReadings(db: Db, chart: Parameters<typeof planReadings>[0]): Promise<Readings> {
  const plan = planReadings(chart);
  const byKey = await readingTexts(
    db,
    plan.map((item) => item.key),
  );
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

// ---------------------------------------------------------------------------------------------------
// 大运 and 流年 (the 命书's luck pages)

/** A 大运 or 流年 as the engine lists it: its 干支 and the ten god of its stem. */
export interface LuckPeriod {
  ganzhi: string;
  shishen: string;
}

/** 喜 when the chart's 喜用神 favours the phase, 忌 when it is against it, else nothing said. */
function leaning(x: Xiyong, phase: string): '喜' | '忌' | '' {
  if ((x.favourable as readonly string[]).includes(phase)) return '喜';
  if ((x.unfavourable as readonly string[]).includes(phase)) return '忌';
  return '';
}

/**
 * The reading of a 大运 or 流年: the text of its stem's ten god, and in the title what the chart's
 * 喜用神 makes of its stem and branch (甲木为喜、子水为忌) and whether its branch clashes with the day
 * branch (the seat of the self and the spouse, which a clash shakes). Pure.
 */
export function luckReading(chart: Pick<AnyBaziChart, 'sizhu' | 'xiyong'>, period: LuckPeriod) {
  const [stem, branch] = Array.from(period.ganzhi);
  const stemPhase = STEM_ELEMENTS[STEMS.indexOf(stem as (typeof STEMS)[number])];
  const branchIndex = BRANCHES.indexOf(branch as (typeof BRANCHES)[number]);
  const branchPhase = BRANCH_ELEMENTS[branchIndex];
  const said = [
    [stem, stemPhase],
    [branch, branchPhase],
  ]
    .map(([char, phase]) => {
      const lean = leaning(chart.xiyong, phase);
      return lean ? `${char}${phase}为${lean}` : '';
    })
    .filter(Boolean);
  const dayBranch = BRANCHES.indexOf(chart.sizhu.day[1] as (typeof BRANCHES)[number]);
  if (branchesClash(branchIndex, dayBranch)) said.push(`${branch}冲日支${chart.sizhu.day[1]}`);
  return { key: readingKeys.luck(period.shishen), suffix: said.length > 0 ? `（${said.join('，')}）` : '' };
}

// ---------------------------------------------------------------------------------------------------
// The readings' own order, in which the console lists them

/** The 神煞 the engine names (packages/almanac bazi/shensha.ts): 贵人 and 吉神 first, then the rest. */
const SHENSHA_ORDER = [
  '天乙贵人',
  '太极贵人',
  '文昌贵人',
  '国印贵人',
  '学堂',
  '禄神',
  '羊刃',
  '金舆',
  '红艳煞',
  '驿马',
  '桃花',
  '华盖',
  '将星',
  '劫煞',
  '亡神',
  '灾煞',
  '红鸾',
  '天喜',
  '孤辰',
  '寡宿',
  '元辰',
  '空亡',
  '天德贵人',
  '天德合',
  '月德贵人',
  '月德合',
  '天医',
  '魁罡',
  '阴差阳错',
  '十恶大败',
  '孤鸾煞',
  '天赦',
] as const;

/** The phases in the order they generate one another, 木 to 水. */
const GENERATING_ORDER: readonly Element[] = ['木', '火', '土', '金', '水'];

/**
 * Every reading's key in the readings' own order: the day masters 甲 to 癸, the strengths 身强, 身弱,
 * 中和, 从强, 从弱, each phase missing then each in excess and the balance, the ten gods 比肩 to 正印,
 * the 神煞, and the luck texts 比肩 to 正印.
 */
export const READING_KEY_ORDER: readonly string[] = [
  ...STEMS.map((stem) => readingKeys.dayMaster(stem)),
  ...(['strong', 'weak', 'balanced', 'follow-strong', 'follow-weak'] as const).map(readingKeys.strength),
  ...GENERATING_ORDER.map((element) => readingKeys.element(element, 'missing')),
  ...GENERATING_ORDER.map((element) => readingKeys.element(element, 'excess')),
  readingKeys.elementBalanced,
  ...TEN_GODS.map(readingKeys.tenGod),
  ...SHENSHA_ORDER.map(readingKeys.shensha),
  ...TEN_GODS.map(readingKeys.luck),
];
