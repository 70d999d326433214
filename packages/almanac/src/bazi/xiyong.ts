/**
 * 喜用神: how strong the day master is, and which phases help the chart (喜用) or hurt it (忌), each
 * step said in Chinese so that a reader can follow it.
 *
 * Strength (旺衰) is a weighted count of what stands with the day master (生扶: 比劫 of the same phase,
 * 印 that generates it) against what works on it (克泄耗: 食伤 it generates, 财 it controls, 官杀 that
 * control it), the usual 得令 · 通根 · 透干 reasoning made numeric:
 * - 透干: each stem other than the day master weighs {@link XIYONG_WEIGHTS}.stem (1);
 * - 月令 and 通根: each branch weighs its position — the month branch 3, because the season's command
 *   (月令) is the root of every judgement (《子平真诠·论用神》: 八字用神，专求月令), as much as the three
 *   visible stems together; the day branch (the seat of the day master) 1.5; year and hour 1 — and that
 *   weight is shared among its hidden stems by their qi: 本气 alone 1; 本气 0.7 + 中气 0.3; 本气 0.6 +
 *   中气 0.3 + 余气 0.1. A hidden 比劫 is a root (通根); a hidden 印 supports without being a root.
 * The score is the 生扶 share of the total (9.5 with the hour, 7.5 without). From 0.5 the day master is
 * 身强, below 0.4 身弱, between 中和: support is two phases of five, so a chart drawn at random scores near
 * 0.4, and about half of all charts read 身弱, a fifth 中和, the rest 身强.
 *
 * Extremes follow the force instead of resisting it (从格, 《滴天髓·从象》): 从强 (从旺) when 生扶 reach
 * 0.8 and no 官杀 stands in a stem or rules a branch (nothing checks the day master); 从弱 when the day
 * master has no root in any branch and 生扶 stay below 0.2 — the chart follows its heaviest opposing
 * force: 官杀 (从杀), 财 (从财) or 食伤 (从儿).
 *
 * 用神 by 扶抑: a strong day master wants 克泄耗 — 官杀 first when 比劫 make it strong, 财 first when 印 do
 * (财 breaks 印); a weak one wants 生扶 — 印 first (it also turns 官杀 and checks 食伤), 比劫 first when
 * 财 is the heaviest burden (比劫 share out 财, which would break the 印). 中和 leans by its score. Then
 * 调候 (《穷通宝鉴》's concern with cold and heat): born in 亥子丑 with less 火 than one stem's worth
 * ({@link TIAOHOU_ENOUGH}), the chart needs 火 to warm it before anything else; born in 巳午未 with
 * less 水, it needs 水. 从格 take no 调候: they follow the force whatever the season.
 */
import { AlmanacError } from '../errors.ts';
import { BRANCHES, parseSexagenary, STEMS } from '../ganzhi.ts';
import { hiddenStems } from './hiddenStems.ts';
import { ELEMENT_NAMES } from './luckyElement.ts';
import { stemElementIndex, type TenGod, tenGod } from './tenGods.ts';

/** A phase name (木 火 土 金 水). */
export type Phase = (typeof ELEMENT_NAMES)[number];

/** The day master's strength. */
export type Strength = '身强' | '身弱' | '中和' | '从强' | '从弱';

/** The five relations to the day master, by the phase offset: same 0, I generate 1 … generates me 4. */
export const GROUPS = ['比劫', '食伤', '财', '官杀', '印'] as const;

/** A relation to the day master. */
export type Group = (typeof GROUPS)[number];

/** The weights of {@link xiyong} (see the module comment). */
export const XIYONG_WEIGHTS = {
  stem: 1,
  branch: { year: 1, month: 3, day: 1.5, hour: 1 },
  qi: { 1: [1], 2: [0.7, 0.3], 3: [0.6, 0.3, 0.1] } as Record<number, readonly number[]>,
} as const;

/** Score (生扶 share) from which the day master is 身强. */
export const STRONG_FROM = 0.5;
/** Score below which it is 身弱; between the two, 中和. */
export const WEAK_BELOW = 0.4;
/** 中和 charts from this score lean strong, below it weak. */
export const BALANCED_MIDDLE = 0.45;
/** 从强 from this score (with nothing checking the day master). */
export const FOLLOW_STRONG_FROM = 0.8;
/** 从弱 below this score (with no root). */
export const FOLLOW_WEAK_BELOW = 0.2;
/** 调候 is wanted when the warming (or cooling) phase weighs less than this: one stem's worth. */
export const TIAOHOU_ENOUGH = 1;

/** One weighed character: a stem, or one hidden stem of a branch. */
export interface XiyongUnit {
  /** '年干', '月支本气', '日支中气' … */
  where: string;
  stem: string;
  god: TenGod;
  phase: Phase;
  group: Group;
  weight: number;
}

/** The answer of {@link xiyong}. */
export interface Xiyong {
  strength: Strength;
  /** 生扶 share of the total weight, 2 decimals. */
  score: number;
  /** Weight of 生扶 and of everything, 2 decimals. */
  support: number;
  total: number;
  /** Weight of each relation, 2 decimals. */
  groups: Record<Group, number>;
  units: XiyongUnit[];
  /** 得令: the month branch's 本气 is 比劫 or 印. */
  deLing: boolean;
  /** 得地: a root (hidden 比劫) in the year, day or hour branch. */
  deDi: boolean;
  /** 得势: at least two of the other stems are 比劫 or 印. */
  deShi: boolean;
  /** A root anywhere, the month included. */
  rooted: boolean;
  /** '扶抑', or the 从格: '从旺格', '从杀格', '从财格', '从儿格'. */
  pattern: string;
  /** The phase 调候 put first, or null. */
  tiaohou: Phase | null;
  /** 喜用 phases, the 用神 first; 忌 phases, the worst first. */
  favourable: Phase[];
  unfavourable: Phase[];
  /** Each step of the reasoning, in Chinese. */
  reasons: string[];
}

/** The pillars {@link xiyong} reads: the chart's `sizhu`, the hour null when it is not known. */
export interface XiyongInput {
  sizhu: { year: string; month: string; day: string; hour: string | null };
}

const PILLARS = ['year', 'month', 'day', 'hour'] as const;
type PillarKey = (typeof PILLARS)[number];
/** Where each unit sits, built once: '年干', '年支本气' … (a chart is weighed thousands of times a second). */
const STEM_WHERE = { year: '年干', month: '月干', day: '日干', hour: '时干' } as const;
const QI_WHERE = {
  year: ['年支本气', '年支中气', '年支余气'],
  month: ['月支本气', '月支中气', '月支余气'],
  day: ['日支本气', '日支中气', '日支余气'],
  hour: ['时支本气', '时支中气', '时支余气'],
} as const;
const SUPPORT: readonly Group[] = ['比劫', '印'];
const OPPOSE: readonly Group[] = ['官杀', '财', '食伤'];
const FOLLOW_NAMES: Record<string, string> = { 官杀: '从杀格', 财: '从财格', 食伤: '从儿格' };
const round2 = (v: number) => Math.round(v * 100) / 100;
const percent = (v: number) => `${Math.round(v * 100)}%`;

type PillarIndices = Partial<Record<PillarKey, number>>;

function pillarIndex(text: unknown, label: string): number {
  const i = typeof text === 'string' ? parseSexagenary(text) : -1;
  if (i < 0) throw new AlmanacError('WRONG_OPTION', `${label}柱不是六十甲子之一`);
  return i;
}

function makeUnit(where: string, stem: number, weight: number, dayStem: number): XiyongUnit {
  const phase = stemElementIndex(stem);
  return {
    where,
    stem: STEMS[stem],
    god: tenGod(dayStem, stem),
    phase: ELEMENT_NAMES[phase],
    group: GROUPS[(phase - stemElementIndex(dayStem) + 5) % 5],
    weight: round2(weight),
  };
}

/** The weighed units of a chart (stems other than the day master; every hidden stem of every branch). */
function weigh(pillars: PillarIndices, dayStem: number): XiyongUnit[] {
  const units: XiyongUnit[] = [];
  for (const key of PILLARS) {
    const p = pillars[key];
    if (p === undefined) continue;
    if (key !== 'day') units.push(makeUnit(STEM_WHERE[key], p % 10, XIYONG_WEIGHTS.stem, dayStem));
    const hidden = hiddenStems(p % 12);
    const shares = XIYONG_WEIGHTS.qi[hidden.length];
    for (let i = 0; i < hidden.length; i++) {
      units.push(makeUnit(QI_WHERE[key][i], hidden[i], XIYONG_WEIGHTS.branch[key] * shares[i], dayStem));
    }
  }
  return units;
}

/** Groups ordered by weight, heaviest first (ties keep the order given); at most five, so insertion. */
function byWeight(groups: readonly Group[], weights: Record<Group, number>): Group[] {
  const out: Group[] = [];
  for (const g of groups) {
    let i = out.length;
    while (i > 0 && weights[out[i - 1]] < weights[g]) i--;
    out.splice(i, 0, g);
  }
  return out;
}

/** The phase of a relation to a day master of phase `own` (0 木 … 4 水). */
function phaseOf(own: number, g: Group): Phase {
  return ELEMENT_NAMES[(own + GROUPS.indexOf(g)) % 5];
}

function phasesOf(own: number, groups: readonly Group[]): Phase[] {
  const out: Phase[] = [];
  for (const g of groups) out.push(phaseOf(own, g));
  return out;
}

/**
 * The 喜用神 of a chart from its pillars (see the module comment for every rule and weight). `sizhu`
 * as the chart gives it; `hour` null for a chart whose hour is unknown (three pillars are weighed).
 * Malformed pillars → AlmanacError WRONG_OPTION.
 */
export function xiyong(chart: XiyongInput): Xiyong {
  const s = chart?.sizhu;
  if (typeof s !== 'object' || s === null) throw new AlmanacError('WRONG_OPTION', '四柱不全');
  const pillars: PillarIndices = {
    year: pillarIndex(s.year, '年'),
    month: pillarIndex(s.month, '月'),
    day: pillarIndex(s.day, '日'),
  };
  if (s.hour !== null) pillars.hour = pillarIndex(s.hour, '时');
  const dayStem = (pillars.day as number) % 10;
  const own = stemElementIndex(dayStem);
  const units = weigh(pillars, dayStem);
  const groups = { 比劫: 0, 食伤: 0, 财: 0, 官杀: 0, 印: 0 } as Record<Group, number>;
  let total = 0;
  for (const u of units) {
    groups[u.group] += u.weight;
    total += u.weight;
  }
  for (const g of GROUPS) groups[g] = round2(groups[g]);
  total = round2(total);
  const support = round2(groups.比劫 + groups.印);
  const score = round2(support / total);
  const facts = chartFacts(units, (pillars.month as number) % 12, dayStem);
  const verdict = judge(score, facts.rooted, units, groups);
  const choice = chooseGroups(verdict.strength, verdict.pattern, score, groups);
  let favourable = phasesOf(own, choice.favourable);
  let unfavourable = phasesOf(own, choice.unfavourable);
  const reasons = describeChart(units, pillars, dayStem, facts, s.hour === null, total);
  reasons.push(tallyReason(groups, support, total, score), verdict.reason, choiceReason(choice, own));
  let tiaohou: Phase | null = null;
  if (verdict.pattern === '扶抑') {
    const t = tiaohouOf((pillars.month as number) % 12, units);
    if (t) {
      reasons.push(t.reason);
      if (t.needed) {
        tiaohou = t.phase;
        favourable = [t.phase, ...favourable.filter((p) => p !== t.phase)];
        unfavourable = unfavourable.filter((p) => p !== t.phase);
      }
    }
  }
  return {
    strength: verdict.strength,
    score,
    support,
    total,
    groups,
    units,
    ...facts,
    pattern: verdict.pattern,
    tiaohou,
    favourable,
    unfavourable,
    reasons,
  };
}

/** 得令, 得地, 得势 and whether the day master has a root at all. */
function chartFacts(units: XiyongUnit[], monthBranch: number, dayStem: number) {
  const monthMain = (stemElementIndex(hiddenStems(monthBranch)[0]) - stemElementIndex(dayStem) + 5) % 5;
  let deDi = false;
  let rooted = false;
  let standing = 0;
  for (const u of units) {
    const stem = u.where.length === 2;
    if (u.group === '比劫' && !stem) {
      rooted = true;
      if (u.where[0] !== '月') deDi = true;
    }
    if (stem && (u.group === '比劫' || u.group === '印')) standing++;
  }
  return { deLing: monthMain === 0 || monthMain === 4, deDi, deShi: standing >= 2, rooted };
}

/** Whether a 官杀 stands in a stem or rules a branch (本气): something checks the day master. */
function officerChecks(units: XiyongUnit[]): boolean {
  for (const u of units)
    if (u.group === '官杀' && (u.where.length === 2 || u.where.endsWith('本气'))) return true;
  return false;
}

/** 身强/身弱/中和, or a 从格 with its name. */
function judge(
  score: number,
  rooted: boolean,
  units: XiyongUnit[],
  groups: Record<Group, number>,
): { strength: Strength; pattern: string; reason: string } {
  if (score >= FOLLOW_STRONG_FROM && !officerChecks(units)) {
    return {
      strength: '从强',
      pattern: '从旺格',
      reason: `生扶之力达 ${percent(score)}（${percent(FOLLOW_STRONG_FROM)} 以上），天干与地支本气皆无官杀制身，旺极宜从：为从强（从旺格）。`,
    };
  }
  if (!rooted && score < FOLLOW_WEAK_BELOW) {
    const force = byWeight(OPPOSE, groups)[0];
    const name = FOLLOW_NAMES[force];
    return {
      strength: '从弱',
      pattern: name,
      reason: `日主无根，生扶之力仅 ${percent(score)}（不足 ${percent(FOLLOW_WEAK_BELOW)}），克泄耗中以${force}最重：弃命从势，为从弱（${name}）。`,
    };
  }
  if (score >= STRONG_FROM)
    return {
      strength: '身强',
      pattern: '扶抑',
      reason: `生扶之力达 ${percent(score)}（${percent(STRONG_FROM)} 以上），身强。`,
    };
  if (score < WEAK_BELOW)
    return {
      strength: '身弱',
      pattern: '扶抑',
      reason: `生扶之力仅 ${percent(score)}（不足 ${percent(WEAK_BELOW)}），身弱。`,
    };
  return {
    strength: '中和',
    pattern: '扶抑',
    reason: `生扶之力 ${percent(score)}，在 ${percent(WEAK_BELOW)} 与 ${percent(STRONG_FROM)} 之间，中和，略偏${score >= BALANCED_MIDDLE ? '强' : '弱'}。`,
  };
}

const EFFECT: Record<Group, string> = {
  官杀: '官杀制身',
  食伤: '食伤泄身',
  财: '财星耗身',
  印: '印星生身',
  比劫: '比劫帮身',
};

/** The 喜 and 忌 relations of a verdict, and the words that lead into them. */
interface Choice {
  favourable: Group[];
  unfavourable: Group[];
  lead: string;
}

/** The sentence of a choice: what it favours and avoids, and the 用神. */
function choiceReason(c: Choice, own: number): string {
  const said = (list: Group[]) => {
    const parts: string[] = [];
    for (const g of list) parts.push(`${g}（${phaseOf(own, g)}）`);
    return parts.join('、');
  };
  const first = c.favourable[0];
  return `${c.lead}喜${said(c.favourable)}，忌${said(c.unfavourable)}。用神取${first}（${phaseOf(own, first)}）。`;
}

/** The 喜 and 忌 relations of a verdict (see the module comment). */
function chooseGroups(
  strength: Strength,
  pattern: string,
  score: number,
  groups: Record<Group, number>,
): Choice {
  const byPrint = groups.印 > groups.比劫;
  if (strength === '从强')
    return {
      favourable: byPrint ? ['印', '比劫', '食伤'] : ['比劫', '印', '食伤'],
      unfavourable: ['官杀', '财'],
      lead: '从强宜顺其旺势：',
    };
  if (pattern === '从杀格')
    return { favourable: ['官杀', '财'], unfavourable: ['食伤', '印', '比劫'], lead: '从杀宜顺官杀之势：' };
  if (pattern === '从财格')
    return { favourable: ['财', '食伤', '官杀'], unfavourable: ['比劫', '印'], lead: '从财宜顺财星之势：' };
  if (pattern === '从儿格')
    return { favourable: ['食伤', '财'], unfavourable: ['印', '官杀'], lead: '从儿宜顺食伤之势：' };
  const support = byWeight(SUPPORT, groups);
  const opposing = byWeight(OPPOSE, groups);
  if (strength === '身强')
    return byPrint
      ? {
          favourable: ['财', '食伤', '官杀'],
          unfavourable: support,
          lead: '旺在印星，宜以财破印、食伤泄秀：',
        }
      : {
          favourable: ['官杀', '食伤', '财'],
          unfavourable: support,
          lead: '旺在比劫，宜以官杀制身、食伤泄秀、财星耗身：',
        };
  if (strength === '中和' && score >= BALANCED_MIDDLE)
    return {
      favourable: ['食伤', '财'],
      unfavourable: support,
      lead: '中和略偏强，宜食伤泄秀、财星流通，不宜再生扶：',
    };
  const heavy = opposing[0];
  const favourable: Group[] = heavy === '财' ? ['比劫', '印'] : ['印', '比劫'];
  if (strength === '中和')
    return { favourable, unfavourable: opposing.slice(0, 2), lead: '中和略偏弱，宜生扶，忌克泄耗之最重者：' };
  const lead =
    heavy === '财'
      ? '身弱而财重，宜比劫分财帮身，次取印星生身：'
      : `身弱而${heavy}最重（${EFFECT[heavy]}），宜印星生身${heavy === '官杀' ? '化杀' : ''}，次取比劫帮身：`;
  return { favourable, unfavourable: opposing, lead };
}

/** 调候 of a chart born in winter (火 wanted) or summer (水 wanted); null in spring and autumn. */
function tiaohouOf(
  monthBranch: number,
  units: XiyongUnit[],
): { phase: Phase; needed: boolean; reason: string } | null {
  const winter = monthBranch === 11 || monthBranch === 0 || monthBranch === 1;
  const summer = monthBranch === 5 || monthBranch === 6 || monthBranch === 7;
  if (!winter && !summer) return null;
  const phase: Phase = winter ? '火' : '水';
  let sum = 0;
  for (const u of units) if (u.phase === phase) sum += u.weight;
  const weight = round2(sum);
  const season = winter ? '冬月，寒气当令' : '夏月，暑气当令';
  const month = `${BRANCHES[monthBranch]}月`;
  if (weight < TIAOHOU_ENOUGH)
    return {
      phase,
      needed: true,
      reason: `生于${month}（${season}），局中${phase}之力仅 ${weight}（不足 ${TIAOHOU_ENOUGH}），调候为急：以${phase}为先${winter ? '暖局' : '润局'}。`,
    };
  return {
    phase,
    needed: false,
    reason: `生于${month}（${season}），局中${phase}之力 ${weight}，${winter ? '寒气' : '燥热'}已得调和，不另取调候。`,
  };
}

/** The reasons about 月令, 通根 and 透干. */
function describeChart(
  units: XiyongUnit[],
  pillars: PillarIndices,
  dayStem: number,
  facts: ReturnType<typeof chartFacts>,
  hourUnknown: boolean,
  total: number,
): string[] {
  const out: string[] = [];
  if (hourUnknown) out.push(`时辰不详：只计年、月、日三柱（总力 ${total}）。`);
  const roots: string[] = [];
  const stems: string[] = [];
  let month: XiyongUnit | undefined;
  for (const u of units) {
    if (u.where === '月支本气') month = u;
    if (u.where.length === 2) {
      const side = u.group === '比劫' || u.group === '印' ? '生扶' : '克泄耗';
      stems.push(`${u.where}${u.stem}${u.phase}${u.god}（${side}）`);
    } else if (u.group === '比劫') {
      const key = PILLARS[u.where[0] === '年' ? 0 : u.where[0] === '月' ? 1 : u.where[0] === '日' ? 2 : 3];
      const branch = BRANCHES[(pillars[key] as number) % 12];
      roots.push(
        `${u.where.slice(0, 2)}${branch}藏${u.stem}${u.phase}（${u.god}，${u.where.slice(2)} ${u.weight}）`,
      );
    }
  }
  const m = month as XiyongUnit;
  out.push(
    `日主${STEMS[dayStem]}${ELEMENT_NAMES[stemElementIndex(dayStem)]}，生于${BRANCHES[(pillars.month as number) % 12]}月，月令${m.stem}${m.phase}为日主之${m.god}，${facts.deLing ? '得令' : '失令'}。`,
  );
  out.push(
    roots.length ? `通根：${roots.join('、')}。` : `${hourUnknown ? '三' : '四'}支藏干皆无比劫，日主无根。`,
  );
  out.push(`透干：${stems.join('、')}。`);
  return out;
}

/** The sums behind the score. */
function tallyReason(groups: Record<Group, number>, support: number, total: number, score: number): string {
  const against = round2(total - support);
  return (
    `生扶：比劫 ${groups.比劫} + 印 ${groups.印} = ${support}；` +
    `克泄耗：官杀 ${groups.官杀} + 财 ${groups.财} + 食伤 ${groups.食伤} = ${against}；` +
    `生扶占 ${support} ÷ ${total} = ${percent(score)}。`
  );
}
