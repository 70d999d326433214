/**
 * 合婚 from two whole charts: how two people's eight characters sit with each other, read point by point,
 * each point with its reason and weight, and a restrained total. The 生肖 pairing (compatibility.ts) is
 * kept beside it as the simple view; it does not count in the total.
 *
 * The charts come from chart.ts (`baziChart`: the four pillars and the 大运). A birth without a time has no
 * hour pillar here: its hour is not read anywhere below.
 *
 * The reading (our design on the classical relations; every weight is an exported constant):
 *
 * 1. **夫妻宫** — the two day pillars, the seat of the spouse (日支 夫妻宫): stems {@link DAY_STEM_POINTS}
 *    (五合 天合, 相冲), branches {@link DAY_BRANCH_POINTS} (六合 → 三合 → 冲 → 刑 → 害 → 破, first match),
 *    and {@link DAY_PAIR_BONUS} when both stems and branches combine (天合地合) or both clash (天克地冲).
 *    Each person's own 日支 clashed by another branch of their chart costs {@link OWN_PALACE_CLASH}.
 * 2. **四柱** — every other pair of pillars, one from each chart (15 pairs, 9 without hours): the same
 *    relations with {@link PAIR_POINTS}, times {@link pairWeight} (2 for pillars of the same place — year
 *    with year, month with month, hour with hour — and for a pair touching either day pillar, else 1).
 *    The sum is held within ±{@link CROSS_LIMIT}.
 * 3. **配偶星** — for a man 财 (正财, 偏财), for a woman 官杀 (正官, 七杀) (《渊海子平》: 男以财为妻，女以官为夫),
 *    {@link SPOUSE_STAR_POINTS}: shown in a stem (透), only hidden in a branch (藏), or absent; strong (得令:
 *    the month branch's 本气 is one, or two or more among the stems and the branches' 本气); clashed (its
 *    stem clashed by a stem of the chart, or a branch whose 本气 it is clashed by a branch); and the other's
 *    day master being of the spouse star's element.
 * 4. **五行** — each chart's elements among its characters (fiveElements.ts): an element it lacks that the
 *    other holds twice or more is filled; an element both lack is a shared gap; the element the chart
 *    favours (luckyElement.ts: 得令 → the element the day master generates, else the one generating it)
 *    being the other's day master, or else the other's strongest element, helps. Held within
 *    {@link ELEMENT_LIMITS}.
 * 5. **大运** — the years both spend in adulthood, from the year the younger is 20 (虚岁) to the year the
 *    older is 70: for each stretch where both 大运 stay the same, the two cycles' stems and branches by
 *    {@link DAYUN_PAIR_POINTS} and +1 for each cycle whose stem is the element the other chart favours,
 *    weighted by the stretch's years ÷ 10; the sum, rounded, is held within ±{@link DAYUN_LIMIT}.
 *
 * Total = {@link HEHUN_BASE} + the five subtotals, 0–100; level by {@link HEHUN_LEVELS}: 上等, 中上, 中等,
 * 需经营 — there is no bare "大凶": a hard pairing is one that needs more care.
 */
import { AlmanacError, isAlmanacError } from '../errors.ts';
import { BRANCHES, parseSexagenary, STEM_ELEMENTS, STEMS } from '../ganzhi.ts';
import { parseBirthText } from './birthText.ts';
import { baziChart } from './chart.ts';
import { type Compatibility, compatibility } from './compatibility.ts';
import { countElements, ELEMENTS, type Element } from './fiveElements.ts';
import type { ZiSchool } from './fourPillars.ts';
import { hiddenStems } from './hiddenStems.ts';
import { ELEMENT_NAMES, favouredElement } from './luckyElement.ts';
import {
  branchesBreak,
  branchesClash,
  branchesCombine,
  branchesHarm,
  branchesPunish,
  branchesTriad,
  PILLAR_KEYS,
  type PillarKey,
  stemsClash,
  stemsCombine,
} from './relations.ts';
import { parseSex, type Sex } from './sex.ts';
import { stemElementIndex, type TenGod, tenGod } from './tenGods.ts';

/** One of the two people. */
export interface HehunPerson {
  born: string;
  sex: Sex;
  /** How the reading names the person, e.g. '男方'; default 甲方 / 乙方. */
  label?: string;
  zi?: ZiSchool;
  longitude?: number;
  timeZone?: string;
}

/** Input of {@link hehun}. */
export interface HehunInput {
  a: HehunPerson;
  b: HehunPerson;
}

/** The parts of the reading. */
export type HehunTopic = '夫妻宫' | '四柱' | '配偶星' | '五行' | '大运';

/** One point: what was found, its points and its weight (it adds points × weight to its topic). */
export interface HehunPoint {
  topic: HehunTopic;
  text: string;
  points: number;
  weight: number;
}

/** One chart as the reading saw it. */
export interface HehunSide {
  label: string;
  sex: Sex;
  /** The pillars read; hour '' when the birth has no time. */
  pillars: { year: string; month: string; day: string; hour: string };
  hourKnown: boolean;
  /** Elements among the characters read. */
  elements: Record<Element, number>;
  /** Elements absent from the characters. */
  lacking: Element[];
  /** The element the chart favours. */
  favoured: Element;
  spouseStar: { gods: TenGod[]; shown: boolean; hidden: boolean; strong: boolean; clashed: boolean };
}

/** A stretch of years with the same pair of 大运. */
export interface HehunDayunPeriod {
  from: number;
  to: number;
  /** 虚岁 of each person in the first and last year. */
  ages: { a: [number, number]; b: [number, number] };
  a: string;
  b: string;
  points: number;
  text: string;
}

/** The answer of {@link hehun}. */
export interface HehunResult {
  a: HehunSide;
  b: HehunSide;
  points: HehunPoint[];
  subtotals: Record<HehunTopic, number>;
  dayun: HehunDayunPeriod[];
  total: number;
  level: HehunLevel;
  summary: string;
  /** The simple view: the two year branches (生肖) by compatibility.ts, a = wo, b = ta. */
  zodiac: Compatibility;
}

/** The levels, best first. */
export type HehunLevel = '上等' | '中上' | '中等' | '需经营';

/** The score every pairing starts from. */
export const HEHUN_BASE = 60;
/** Lowest total of each level but the last, and a restrained sentence for each. */
export const HEHUN_LEVELS: readonly { level: HehunLevel; from: number; summary: string }[] = [
  { level: '上等', from: 85, summary: '两人八字相合之处多，宜珍惜缘分，相互扶持。' },
  { level: '中上', from: 72, summary: '两人八字合多于冲，用心相处，多能和睦。' },
  { level: '中等', from: 58, summary: '两人八字有合有冲，彼此包容、多沟通，感情可以越处越好。' },
  { level: '需经营', from: 0, summary: '两人八字冲克之处较多，更需要耐心经营：遇事多商量、多体谅。' },
];

/** Stem relations of the two day masters. */
export const DAY_STEM_POINTS = { 合: 8, 冲: -6 } as const;
/** Branch relations of the two spouse palaces (first match). */
export const DAY_BRANCH_POINTS = { 六合: 8, 三合: 5, 冲: -8, 刑: -5, 害: -4, 破: -2 } as const;
/** 天合地合 adds, 天克地冲 takes away, on top of the two relations. */
export const DAY_PAIR_BONUS = 4;
/** A person's own 日支 clashed inside their chart. */
export const OWN_PALACE_CLASH = -2;
/** Relations of the other pairs of pillars (before the pair's weight). */
export const PAIR_POINTS = { 合: 1, 冲: -1, 六合: 2, 三合: 1, 相冲: -2, 刑: -1, 害: -1, 破: -1 } as const;
/** Bound of the 四柱 subtotal. */
export const CROSS_LIMIT = 12;
/** The spouse star. */
export const SPOUSE_STAR_POINTS = { 透: 3, 藏: 1, 无: -3, 有力: 2, 逢冲: -2, 对方日主: 3 } as const;
/** Five elements: filled, shared gap, favoured as the other's day master, favoured as the other's strongest. */
export const ELEMENT_POINTS = { 补缺: 2, 同缺: -1, 喜用日主: 3, 喜用最旺: 2 } as const;
/** Bounds of the 五行 subtotal. */
export const ELEMENT_LIMITS = { min: -4, max: 8 } as const;
/** 大运 pairs: stems, branches, and each cycle of the element the other favours. */
export const DAYUN_PAIR_POINTS = {
  合: 2,
  冲: -2,
  六合: 2,
  三合: 1,
  相冲: -2,
  刑: -1,
  害: -1,
  破: -1,
  喜用: 1,
} as const;
/** Bound of the 大运 subtotal. */
export const DAYUN_LIMIT = 6;

const SPOUSE_GODS: Record<Sex, TenGod[]> = { 男: ['正财', '偏财'], 女: ['正官', '七杀'] };

/** A person's chart, reduced to what the reading uses. */
interface Reading {
  side: HehunSide;
  /** Sexagenary indices by pillar; hour −1 when unknown. */
  p: Record<PillarKey, number>;
  keys: PillarKey[];
  birthYear: number;
  dayun: { start: number; end: number; ganzhi: string; pillar: number }[];
  favoured: number;
}

/** The first-match relation of two branches among 六合, 三合, 冲, 刑, 害, 破, or null. */
export function branchPair(
  a: number,
  b: number,
): { kind: '六合' | '三合' | '冲' | '刑' | '害' | '破'; text: string } | null {
  const pair = BRANCHES[a] + BRANCHES[b];
  if (branchesCombine(a, b)) return { kind: '六合', text: `${pair}六合` };
  if (branchesTriad(a, b)) return { kind: '三合', text: `${pair}三合` };
  if (branchesClash(a, b)) return { kind: '冲', text: `${pair}相冲` };
  if (branchesPunish(a, b)) return { kind: '刑', text: a === b ? `${pair}自刑` : `${pair}相刑` };
  if (branchesHarm(a, b)) return { kind: '害', text: `${pair}相害` };
  if (branchesBreak(a, b)) return { kind: '破', text: `${pair}相破` };
  return null;
}

/** 五合 or 相冲 of two stems, or null. */
export function stemPair(a: number, b: number): { kind: '合' | '冲'; text: string } | null {
  const pair = STEMS[a] + STEMS[b];
  if (stemsCombine(a, b)) return { kind: '合', text: `${pair}相合` };
  if (stemsClash(a, b)) return { kind: '冲', text: `${pair}相冲` };
  return null;
}

const PILLAR_NAMES: Record<PillarKey, string> = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' };

function readChart(person: HehunPerson, fallbackLabel: string): Reading {
  if (typeof person !== 'object' || person === null) throw new AlmanacError('WRONG_BIRTH_TEXT');
  const label = typeof person.label === 'string' && person.label.trim() ? person.label.trim() : fallbackLabel;
  const sex = parseSex(person.sex);
  const hasTime = parseBirthText(person.born).hasTime;
  const chart = baziChart({
    born: person.born,
    sex,
    zi: person.zi,
    longitude: person.longitude,
    timeZone: person.timeZone,
    liunianCount: 0,
  });
  const hour = hasTime ? parseSexagenary(chart.sizhu.hour) : -1;
  const p = {
    year: parseSexagenary(chart.sizhu.year),
    month: parseSexagenary(chart.sizhu.month),
    day: parseSexagenary(chart.sizhu.day),
    hour,
  };
  const keys = PILLAR_KEYS.filter((k) => p[k] >= 0);
  const counts = countElements(keys.map((k) => p[k])).bzwx;
  const favoured = favouredElement(p.day % 10, p.month % 12);
  const side: HehunSide = {
    label,
    sex,
    pillars: {
      year: chart.sizhu.year,
      month: chart.sizhu.month,
      day: chart.sizhu.day,
      hour: hour >= 0 ? chart.sizhu.hour : '',
    },
    hourKnown: hour >= 0,
    elements: counts,
    lacking: ELEMENTS.filter((e) => counts[e] === 0),
    favoured: ELEMENT_NAMES[favoured] as Element,
    spouseStar: spouseStar(p, keys, sex),
  };
  const dayun = chart.dayun.map((d) => ({
    start: d.start,
    end: d.end,
    ganzhi: d.ganzhi,
    pillar: parseSexagenary(d.ganzhi),
  }));
  return { side, p, keys, birthYear: chart.gongli.year, dayun, favoured };
}

/** Where the spouse star stands in one chart (rule 3). */
function spouseStar(p: Record<PillarKey, number>, keys: PillarKey[], sex: Sex): HehunSide['spouseStar'] {
  const gods = SPOUSE_GODS[sex];
  const dayStem = p.day % 10;
  const isSpouse = (stem: number) => gods.includes(tenGod(dayStem, stem));
  const stemKeys = keys.filter((k) => k !== 'day');
  const shownAt = stemKeys.filter((k) => isSpouse(p[k] % 10));
  const hidden = keys.some((k) => hiddenStems(p[k] % 12).some(isSpouse));
  const rootAt = keys.filter((k) => isSpouse(hiddenStems(p[k] % 12)[0]));
  const strong = rootAt.includes('month') || shownAt.length + rootAt.length >= 2;
  const clashed =
    shownAt.some((k) => stemKeys.some((o) => o !== k && stemsClash(p[k] % 10, p[o] % 10))) ||
    rootAt.some((k) => keys.some((o) => o !== k && branchesClash(p[k] % 12, p[o] % 12)));
  return { gods, shown: shownAt.length > 0, hidden: !shownAt.length && hidden, strong, clashed };
}

/** Weight of a pair of pillars, one from each chart (rule 2). */
export function pairWeight(a: PillarKey, b: PillarKey): number {
  return a === b || a === 'day' || b === 'day' ? 2 : 1;
}

/** Rule 1: the two day pillars, and each own 日支 clashed inside its chart. */
function palacePoints(x: Reading, y: Reading): HehunPoint[] {
  const out: HehunPoint[] = [];
  const add = (text: string, points: number) => out.push({ topic: '夫妻宫', text, points, weight: 1 });
  const stems = stemPair(x.p.day % 10, y.p.day % 10);
  const branches = branchPair(x.p.day % 12, y.p.day % 12);
  if (stems)
    add(`日干${stems.text}（${stems.kind === '合' ? '天合' : '天干相冲'}）`, DAY_STEM_POINTS[stems.kind]);
  if (branches)
    add(
      `日支${branches.text}（夫妻宫${branches.kind === '六合' || branches.kind === '三合' ? '相合' : `相${branches.kind}`}）`,
      DAY_BRANCH_POINTS[branches.kind],
    );
  if (stems?.kind === '合' && branches?.kind === '六合') add('日柱天合地合', DAY_PAIR_BONUS);
  if (stems?.kind === '冲' && branches?.kind === '冲') add('日柱天克地冲', -DAY_PAIR_BONUS);
  for (const r of [x, y]) {
    const own = r.keys.filter((k) => k !== 'day' && branchesClash(r.p.day % 12, r.p[k] % 12));
    for (const k of own)
      add(
        `${r.side.label}日支${BRANCHES[r.p.day % 12]}被${PILLAR_NAMES[k]}${BRANCHES[r.p[k] % 12]}所冲（夫妻宫不宁）`,
        OWN_PALACE_CLASH,
      );
  }
  return out;
}

/** Rule 2: every other pair of pillars. */
function crossPoints(x: Reading, y: Reading): HehunPoint[] {
  const out: HehunPoint[] = [];
  for (const ka of x.keys) {
    for (const kb of y.keys) {
      if (ka === 'day' && kb === 'day') continue;
      const weight = pairWeight(ka, kb);
      const where = `${x.side.label}${PILLAR_NAMES[ka]}与${y.side.label}${PILLAR_NAMES[kb]}`;
      const stems = stemPair(x.p[ka] % 10, y.p[kb] % 10);
      if (stems)
        out.push({ topic: '四柱', text: `${where}：${stems.text}`, points: PAIR_POINTS[stems.kind], weight });
      const branches = branchPair(x.p[ka] % 12, y.p[kb] % 12);
      if (branches) {
        const key = branches.kind === '冲' ? '相冲' : branches.kind;
        out.push({ topic: '四柱', text: `${where}：${branches.text}`, points: PAIR_POINTS[key], weight });
      }
    }
  }
  return out;
}

/** Rule 3 for the person `x`, with `y` the other. */
function spousePoints(x: Reading, y: Reading): HehunPoint[] {
  const out: HehunPoint[] = [];
  const star = x.side.spouseStar;
  const name = x.side.sex === '男' ? '财星（妻星）' : '官杀（夫星）';
  const add = (text: string, points: number) =>
    out.push({ topic: '配偶星', text: `${x.side.label}${text}`, points, weight: 1 });
  if (star.shown) add(`${name}透干`, SPOUSE_STAR_POINTS.透);
  else if (star.hidden) add(`${name}藏于地支`, SPOUSE_STAR_POINTS.藏);
  else add(`命中不见${name}`, SPOUSE_STAR_POINTS.无);
  if (star.strong) add(`${name}有力`, SPOUSE_STAR_POINTS.有力);
  if (star.clashed) add(`${name}逢冲`, SPOUSE_STAR_POINTS.逢冲);
  const starElement = (stemElementIndex(x.p.day % 10) + (x.side.sex === '男' ? 2 : 3)) % 5;
  if (stemElementIndex(y.p.day % 10) === starElement)
    add(
      `的${name}属${ELEMENT_NAMES[starElement]}，正是${y.side.label}日主${STEMS[y.p.day % 10]}${ELEMENT_NAMES[starElement]}`,
      SPOUSE_STAR_POINTS.对方日主,
    );
  return out;
}

/** Rule 4, both ways. */
function elementPoints(x: Reading, y: Reading): HehunPoint[] {
  const out: HehunPoint[] = [];
  const add = (text: string, points: number) => out.push({ topic: '五行', text, points, weight: 1 });
  for (const e of x.side.lacking) {
    if (y.side.lacking.includes(e)) add(`双方八字都缺${e}`, ELEMENT_POINTS.同缺);
    else if (y.side.elements[e] >= 2)
      add(
        `${x.side.label}八字缺${e}，${y.side.label}八字${e}多（${y.side.elements[e]}个），可补所缺`,
        ELEMENT_POINTS.补缺,
      );
  }
  for (const e of y.side.lacking)
    if (!x.side.lacking.includes(e) && x.side.elements[e] >= 2)
      add(
        `${y.side.label}八字缺${e}，${x.side.label}八字${e}多（${x.side.elements[e]}个），可补所缺`,
        ELEMENT_POINTS.补缺,
      );
  for (const [me, other] of [
    [x, y],
    [y, x],
  ] as const) {
    const want = ELEMENT_NAMES[me.favoured];
    const otherDay = STEM_ELEMENTS[other.p.day % 10];
    if (otherDay === want)
      add(
        `${me.side.label}喜${want}，${other.side.label}日主${STEMS[other.p.day % 10]}属${want}`,
        ELEMENT_POINTS.喜用日主,
      );
    else if (strongest(other.side.elements) === want)
      add(`${me.side.label}喜${want}，${other.side.label}八字${want}最旺`, ELEMENT_POINTS.喜用最旺);
  }
  return out;
}

/** The element with the most characters, or '' when two or more share the most. */
function strongest(counts: Record<Element, number>): string {
  const max = Math.max(...ELEMENTS.map((e) => counts[e]));
  const top = ELEMENTS.filter((e) => counts[e] === max);
  return top.length === 1 ? top[0] : '';
}

/** Rule 5: the stretches of shared adult years and their points. */
function dayunPeriods(x: Reading, y: Reading): HehunDayunPeriod[] {
  const first = Math.max(x.birthYear, y.birthYear) + 19;
  const last = Math.min(x.birthYear, y.birthYear) + 69;
  const cycleOf = (r: Reading, year: number) => r.dayun.find((d) => d.start <= year && year <= d.end);
  const out: HehunDayunPeriod[] = [];
  for (let year = first; year <= last; year++) {
    const ca = cycleOf(x, year);
    const cb = cycleOf(y, year);
    if (!ca || !cb) continue;
    const open = out.at(-1);
    if (open && open.to === year - 1 && open.a === ca.ganzhi && open.b === cb.ganzhi) {
      open.to = year;
      continue;
    }
    out.push({
      from: year,
      to: year,
      ages: { a: [0, 0], b: [0, 0] },
      a: ca.ganzhi,
      b: cb.ganzhi,
      ...cyclePair(x, y, ca.pillar, cb.pillar),
    });
  }
  for (const period of out) {
    period.ages = {
      a: [period.from - x.birthYear + 1, period.to - x.birthYear + 1],
      b: [period.from - y.birthYear + 1, period.to - y.birthYear + 1],
    };
  }
  return out;
}

/** Points and words of two 大运 pillars met in the same years. */
function cyclePair(x: Reading, y: Reading, a: number, b: number): { points: number; text: string } {
  const words: string[] = [];
  let points = 0;
  const stems = stemPair(a % 10, b % 10);
  if (stems) {
    points += DAYUN_PAIR_POINTS[stems.kind];
    words.push(stems.text);
  }
  const branches = branchPair(a % 12, b % 12);
  if (branches) {
    points += DAYUN_PAIR_POINTS[branches.kind === '冲' ? '相冲' : branches.kind];
    words.push(branches.text);
  }
  if (stemElementIndex(a % 10) === y.favoured) {
    points += DAYUN_PAIR_POINTS.喜用;
    words.push(`${x.side.label}运干${STEMS[a % 10]}为${y.side.label}所喜`);
  }
  if (stemElementIndex(b % 10) === x.favoured) {
    points += DAYUN_PAIR_POINTS.喜用;
    words.push(`${y.side.label}运干${STEMS[b % 10]}为${x.side.label}所喜`);
  }
  return { points, text: words.length > 0 ? words.join('，') : '无合无冲' };
}

function dayunPoints(periods: HehunDayunPeriod[]): HehunPoint[] {
  return periods
    .filter((period) => period.points !== 0)
    .map((period) => ({
      topic: '大运' as const,
      text: `${period.from}–${period.to}年 ${period.a}运与${period.b}运：${period.text}`,
      points: period.points,
      weight: (period.to - period.from + 1) / 10,
    }));
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/** Each topic's subtotal: its points × weights, rounded, within the topic's bounds. */
function subtotalsOf(points: HehunPoint[]): Record<HehunTopic, number> {
  const sum = (topic: HehunTopic) =>
    Math.round(points.filter((p) => p.topic === topic).reduce((s, p) => s + p.points * p.weight, 0));
  return {
    夫妻宫: sum('夫妻宫'),
    四柱: clamp(sum('四柱'), -CROSS_LIMIT, CROSS_LIMIT),
    配偶星: sum('配偶星'),
    五行: clamp(sum('五行'), ELEMENT_LIMITS.min, ELEMENT_LIMITS.max),
    大运: clamp(sum('大运'), -DAYUN_LIMIT, DAYUN_LIMIT),
  };
}

/** {@link readChart}, its refusal naming the person ('乙方：生日参数错误！'), as 择日 names its people. */
function readSide(person: HehunPerson, fallbackLabel: string): Reading {
  try {
    return readChart(person, fallbackLabel);
  } catch (error) {
    if (!isAlmanacError(error)) throw error;
    const named =
      typeof person?.label === 'string' && person.label.trim() ? person.label.trim() : fallbackLabel;
    throw new AlmanacError(error.code, `${named}：${error.message}`);
  }
}

/**
 * 合婚 of two people from their whole charts (see the module comment). Throws AlmanacError for a bad birth
 * or sex (the chart's own codes), the message naming the person.
 */
export function hehun(input: HehunInput): HehunResult {
  if (typeof input !== 'object' || input === null) throw new AlmanacError('WRONG_BIRTH_TEXT');
  const x = readSide(input.a, '甲方');
  const y = readSide(input.b, '乙方');
  if (x.side.label === y.side.label) y.side.label = `${y.side.label}（乙）`;
  const periods = dayunPeriods(x, y);
  const points = [
    ...palacePoints(x, y),
    ...crossPoints(x, y),
    ...spousePoints(x, y),
    ...spousePoints(y, x),
    ...elementPoints(x, y),
    ...dayunPoints(periods),
  ];
  const subtotals = subtotalsOf(points);
  const total = clamp(HEHUN_BASE + Object.values(subtotals).reduce((s, v) => s + v, 0), 0, 100);
  const grade = HEHUN_LEVELS.find((l) => total >= l.from) ?? HEHUN_LEVELS[HEHUN_LEVELS.length - 1];
  return {
    a: x.side,
    b: y.side,
    points,
    subtotals,
    dayun: periods,
    total,
    level: grade.level,
    summary: grade.summary,
    zodiac: compatibility(BRANCHES[x.p.year % 12], BRANCHES[y.p.year % 12]),
  };
}
