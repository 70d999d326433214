/**
 * 合婚/配对 between two earthly branches (usually the two people's year branches, 生肖): `wo` = mine,
 * `ta` = the other's — the jxfen endpoint of SPEC.md §7.
 *
 * 1. The relation, first match wins (so that 巳申 — 合, 刑 and 破 at once — reads as 六合):
 *    六合 → 三合 → 合 (暗合: 寅丑 卯申 午亥 子巳) → 冲 → 刑 (incl. 辰午酉亥 自刑) → 害 → 破 → 生 → 助 (same
 *    phase) → 克. Rules from 《三命通会》 (see relations.ts).
 * 2. Scores by relation, SPEC.md §9 exactly: wealth / peach-blossom 三合 88/80, 六合 95/83, 合 95/90,
 *    生 75/65, 助 70/66, 克 52/45, 冲 30/32, 刑 45/35, 害 42/55, 破 25/25. `wealth` takes the first
 *    column, `marriage` (peach blossom) the second; their `jx` is the luck grade whose score is nearest.
 * 3. Luck grades, SPEC.md §9 exactly, two scores each — yang / yin: 大吉 89/88, 中吉 75/78, 小吉 61/68,
 *    中平 53/55, 小凶 42/46, 中凶 31/37, 大凶 22/25. The column is chosen by `wo`'s branch (子寅辰午申戌
 *    yang, the others yin).
 * 4. Where the spec is silent — lawsuit, moving house, illness — a grade per relation from the table
 *    below (our design, documented in the README), scored by rule 3.
 */

import { AlmanacError } from '../errors.ts';
import { BRANCH_ELEMENTS, BRANCHES } from '../ganzhi.ts';
import {
  branchesBreak,
  branchesClash,
  branchesCombine,
  branchesHarm,
  branchesHiddenCombine,
  branchesPunish,
  branchesTriad,
} from './relations.ts';

/** The relations SPEC.md §9 scores. */
export const COMPAT_RELATIONS = ['三合', '六合', '合', '生', '助', '克', '冲', '刑', '害', '破'] as const;

/** A relation between two branches. */
export type CompatRelation = (typeof COMPAT_RELATIONS)[number];

/** SPEC.md §9: scores by relation, [wealth, peach blossom]. */
export const RELATION_SCORES: Record<CompatRelation, readonly [number, number]> = {
  三合: [88, 80],
  六合: [95, 83],
  合: [95, 90],
  生: [75, 65],
  助: [70, 66],
  克: [52, 45],
  冲: [30, 32],
  刑: [45, 35],
  害: [42, 55],
  破: [25, 25],
};

/** SPEC.md §9: luck grades with their [yang, yin] scores, best first. */
export const LUCK_GRADES: readonly (readonly [string, number, number])[] = [
  ['大吉', 89, 88],
  ['中吉', 75, 78],
  ['小吉', 61, 68],
  ['中平', 53, 55],
  ['小凶', 42, 46],
  ['中凶', 31, 37],
  ['大凶', 22, 25],
];

/** The five topics of a result. */
export const COMPAT_TOPICS = ['marriage', 'lawsuit', 'moving', 'illness', 'wealth'] as const;

/** A topic key. */
export type CompatTopic = (typeof COMPAT_TOPICS)[number];

/** Chinese label of each topic. */
export const TOPIC_LABELS: Record<CompatTopic, string> = {
  marriage: '婚姻',
  lawsuit: '官司',
  moving: '搬家',
  illness: '疾病',
  wealth: '财运',
};

/**
 * Our grades for the topics the spec leaves open (lawsuit, moving house, illness), by relation.
 * Reasoning: harmony (合) settles disputes, 刑 is the classical sign of 官非; 冲 "moves" (动) and so is
 * only 中平 for moving, while 破 breaks a house; 生 nourishes health, 冲 and 害 harm it.
 */
export const TOPIC_GRADES: Record<'lawsuit' | 'moving' | 'illness', Record<CompatRelation, string>> = {
  lawsuit: {
    三合: '大吉',
    六合: '大吉',
    合: '中吉',
    生: '小吉',
    助: '中平',
    克: '小凶',
    冲: '中凶',
    刑: '大凶',
    害: '中凶',
    破: '小凶',
  },
  moving: {
    三合: '大吉',
    六合: '中吉',
    合: '中吉',
    生: '中吉',
    助: '小吉',
    克: '小凶',
    冲: '中平',
    刑: '中凶',
    害: '小凶',
    破: '大凶',
  },
  illness: {
    三合: '中吉',
    六合: '大吉',
    合: '小吉',
    生: '大吉',
    助: '中吉',
    克: '中凶',
    冲: '大凶',
    刑: '中凶',
    害: '大凶',
    破: '小凶',
  },
};

const GRADE_TEXT: Record<string, string> = {
  大吉: '相得益彰，诸事顺遂',
  中吉: '彼此扶持，多有助益',
  小吉: '略有助益，平稳可期',
  中平: '无大助亦无大碍，宜守常',
  小凶: '小有阻滞，宜多沟通',
  中凶: '多有摩擦，宜谨慎化解',
  大凶: '冲克较重，宜避其锋',
};

const RELATION_TEXT: Record<CompatRelation, string> = {
  三合: '三合',
  六合: '六合',
  合: '暗合',
  生: '相生',
  助: '比和',
  克: '相克',
  冲: '相冲',
  刑: '相刑',
  害: '相害',
  破: '相破',
};

/** One topic's result. */
export interface TopicResult {
  /** Luck grade 大吉 … 大凶. */
  jx: string;
  /** Score 0–100. */
  fen: number;
  desc: string;
}

/** The result of {@link compatibility}. */
export interface Compatibility {
  wo: string;
  ta: string;
  relation: CompatRelation;
  /** e.g. '子丑六合', '寅生午（我生他）'. */
  detail: string;
  /** 'yang' or 'yin': the score column used (wo's branch). */
  polarity: 'yang' | 'yin';
  marriage: TopicResult;
  lawsuit: TopicResult;
  moving: TopicResult;
  illness: TopicResult;
  wealth: TopicResult;
}

function branchIndex(value: unknown, code: 'WRONG_BRANCH_WO' | 'WRONG_BRANCH_TA'): number {
  const s = typeof value === 'string' ? value.trim() : '';
  const i = s.length === 1 ? BRANCHES.indexOf(s as (typeof BRANCHES)[number]) : -1;
  if (i < 0) throw new AlmanacError(code);
  return i;
}

const ELEMENT_ORDER = ['木', '火', '土', '金', '水'];

/** The relation of two branch indices (first match of the precedence above) and a reading of it. */
export function branchRelation(a: number, b: number): { relation: CompatRelation; detail: string } {
  const pair = BRANCHES[a] + BRANCHES[b];
  if (branchesCombine(a, b)) return { relation: '六合', detail: `${pair}六合` };
  if (branchesTriad(a, b)) return { relation: '三合', detail: `${pair}三合` };
  if (branchesHiddenCombine(a, b)) return { relation: '合', detail: `${pair}暗合` };
  if (branchesClash(a, b)) return { relation: '冲', detail: `${pair}相冲` };
  if (branchesPunish(a, b)) return { relation: '刑', detail: a === b ? `${pair}自刑` : `${pair}相刑` };
  if (branchesHarm(a, b)) return { relation: '害', detail: `${pair}相害` };
  if (branchesBreak(a, b)) return { relation: '破', detail: `${pair}相破` };
  const ea = ELEMENT_ORDER.indexOf(BRANCH_ELEMENTS[a]);
  const eb = ELEMENT_ORDER.indexOf(BRANCH_ELEMENTS[b]);
  const r = (eb - ea + 5) % 5;
  if (r === 0) return { relation: '助', detail: `${pair}比和（同属${BRANCH_ELEMENTS[a]}）` };
  if (r === 1) return { relation: '生', detail: `${BRANCHES[a]}生${BRANCHES[b]}（我生他）` };
  if (r === 4) return { relation: '生', detail: `${BRANCHES[b]}生${BRANCHES[a]}（他生我）` };
  if (r === 2) return { relation: '克', detail: `${BRANCHES[a]}克${BRANCHES[b]}（我克他）` };
  return { relation: '克', detail: `${BRANCHES[b]}克${BRANCHES[a]}（他克我）` };
}

/** The grade whose score (in the given column) is nearest to `fen`; ties go to the better grade. */
export function gradeOfScore(fen: number, yang: boolean): string {
  let best = LUCK_GRADES[0];
  for (const g of LUCK_GRADES) {
    if (Math.abs((yang ? g[1] : g[2]) - fen) < Math.abs((yang ? best[1] : best[2]) - fen)) best = g;
  }
  return best[0];
}

/** The score of a grade in the given column. */
export function scoreOfGrade(jx: string, yang: boolean): number {
  const g = LUCK_GRADES.find((x) => x[0] === jx)!;
  return yang ? g[1] : g[2];
}

/**
 * Compatibility of two branches given as characters ('子' … '亥'). An invalid `wo` → WRONG_BRANCH_WO
 * (不是地支(wo)), an invalid `ta` → WRONG_BRANCH_TA (不是地支(ta)).
 */
export function compatibility(wo: unknown, ta: unknown): Compatibility {
  const a = branchIndex(wo, 'WRONG_BRANCH_WO');
  const b = branchIndex(ta, 'WRONG_BRANCH_TA');
  const { relation, detail } = branchRelation(a, b);
  const yang = a % 2 === 0;
  const topic = (key: CompatTopic, jx: string, fen: number): TopicResult => ({
    jx,
    fen,
    desc: `${BRANCHES[a]}与${BRANCHES[b]}${RELATION_TEXT[relation]}，${TOPIC_LABELS[key]}${jx}：${GRADE_TEXT[jx]}。`,
  });
  const [wealthFen, peachFen] = RELATION_SCORES[relation];
  const graded = (key: 'lawsuit' | 'moving' | 'illness'): TopicResult => {
    const jx = TOPIC_GRADES[key][relation];
    return topic(key, jx, scoreOfGrade(jx, yang));
  };
  return {
    wo: BRANCHES[a],
    ta: BRANCHES[b],
    relation,
    detail,
    polarity: yang ? 'yang' : 'yin',
    marriage: topic('marriage', gradeOfScore(peachFen, yang), peachFen),
    lawsuit: graded('lawsuit'),
    moving: graded('moving'),
    illness: graded('illness'),
    wealth: topic('wealth', gradeOfScore(wealthFen, yang), wealthFen),
  };
}
