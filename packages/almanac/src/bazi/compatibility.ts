/**
 * 合婚/配对 between two earthly branches (usually the two people's year branches, 生肖): `wo` = mine,
 * `ta` = the other's — the jxfen endpoint of PRODUCT.md#paths.
 *
 * 1. The relation, first match wins (so that 巳申 — 合, 刑 and 破 at once — reads as 六合):
 *    六合 → 三合 → 合 (暗合: 寅丑 卯申 午亥 子巳) → 冲 → 刑 (incl. 辰午酉亥 自刑) → 害 → 破 → 生 → 助 (same
 *    phase) → 克. Rules from 《三命通会》 (see relations.ts).
 * 2. Scores by relation, PRODUCT.md#constants exactly: wealth / peach-blossom 三合 88/80, 六合 95/83, 合 95/90,
 *    生 75/65, 助 70/66, 克 52/45, 冲 30/32, 刑 45/35, 害 42/55, 破 25/25. `wealth` takes the first
 *    column, `marriage` (peach blossom) the second; their `jx` is the luck grade whose score is nearest.
 * 3. Luck grades, PRODUCT.md#constants exactly, two scores each — yin / yang: 大吉 89/88, 中吉 75/78, 小吉 61/68,
 *    中平 53/55, 小凶 42/46, 中凶 31/37, 大凶 22/25. The column is chosen by `wo`'s branch (子寅辰午申戌
 *    yang, the others yin).
 * 4. Where the original tables stop — lawsuit, moving house, illness — a grade per relation from the table
 *    below (our design, documented in the README), scored by rule 3.
 * 5. Each topic's `desc` names the relation found (the `detail`, e.g. '子午相冲'), the topic's grade,
 *    and what that relation suggests for that topic ({@link TOPIC_TEXTS}), e.g.
 *    '子午相冲，官司中凶：相冲主对立，容易起口角纷争，宜冷静处理，能和解就不打官司。'
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

/** The relations PRODUCT.md#constants scores. */
export const COMPAT_RELATIONS = ['三合', '六合', '合', '生', '助', '克', '冲', '刑', '害', '破'] as const;

/** A relation between two branches. */
export type CompatRelation = (typeof COMPAT_RELATIONS)[number];

/** PRODUCT.md#constants: scores by relation, [wealth, peach blossom]. */
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

/**
 * PRODUCT.md#constants: luck grades with their scores, headed "(yin/yang)" there: [name, yin, yang], best
 * first.
 */
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
 * Our grades for the topics the original tables leave open (lawsuit, moving house, illness), by relation.
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

/**
 * What each relation means for each topic, in plain words: the `desc` of a topic names the relation
 * found and says what it suggests for that topic. These are readings of one pair of branches only —
 * the UI says so beside them — so they counsel (宜…) rather than pronounce a fate.
 */
export const TOPIC_TEXTS: Record<CompatRelation, Record<CompatTopic, string>> = {
  六合: {
    marriage: '六合是地支里最亲近的一对，主两人情投意合、相处融洽，彼此愿意迁就',
    wealth: '六合主互相成全，一起求财容易同心，利于合伙和互相帮衬',
    moving: '六合主和顺，搬家换环境时多得对方配合，新居容易安顿',
    illness: '六合主气机调和，彼此照应，身体不适时能得到体贴的照顾',
    lawsuit: '六合主化解，有纠纷也容易坐下来谈，宜以和解收场',
  },
  三合: {
    marriage: '三合主志趣相投、目标一致，像同一阵营的伙伴，感情稳定',
    wealth: '三合主同心协力，一起做事能形成合力，利于共同经营',
    moving: '三合主相互呼应，搬家置业时意见容易统一，办事顺手',
    illness: '三合主互相扶持，遇到病痛能彼此照应、共度难关',
    lawsuit: '三合主同声同气，即便有争执也容易找到共同点，宜协商了结',
  },
  合: {
    marriage: '暗合主暗中相吸、默契较好，感情含蓄而长久，心里话要说出来',
    wealth: '暗合主私下互助，适合低调合作，账目要清楚',
    moving: '暗合主暗中得助，搬家时常有意想不到的帮手',
    illness: '暗合主默默关照，身体不适宜主动说明，免得对方不知情',
    lawsuit: '暗合主私下可以调停，宜请中间人从中说和',
  },
  生: {
    marriage: '相生主一方付出、一方受益，感情温和，付出的一方也需要被体谅',
    wealth: '相生主资源流动顺畅，一方能带动另一方，宜分工明确',
    moving: '相生主彼此成全，搬家换环境多能得到支持',
    illness: '相生主滋养扶持，有利调养身体，宜互相督促作息',
    lawsuit: '相生主有情可讲，纠纷多能通融，宜以情理化解',
  },
  助: {
    marriage: '比和主性情相近、容易理解对方，但也各有主见，宜互相谦让',
    wealth: '比和主力量相当，合作时宜分清权责，避免各自为政',
    moving: '比和主想法相近，搬家商量起来不难，以平稳为主',
    illness: '比和主作息习惯相近，宜一起保养、互相陪伴',
    lawsuit: '比和主势均力敌，争执不易分出高下，宜各退一步',
  },
  克: {
    marriage: '相克主一方容易管束另一方，日久易生压力，宜多尊重对方的想法',
    wealth: '相克主意见常相左，合作求财宜先立规矩、账目分明',
    moving: '相克主步调不一，搬家前宜多商量、留足时间',
    illness: '相克主容易互相消耗，宜留意情绪和劳累，及时调养',
    lawsuit: '相克主一方压制另一方，有争执宜讲证据、走正规途径',
  },
  冲: {
    marriage: '相冲主性格、习惯差异大，容易争吵；差异也能互补，关键在沟通与包容',
    wealth: '相冲主变动多，合作求财宜稳健，不宜冲动投资',
    moving: '相冲主“动”，本身利于变动，搬家换环境反倒是化解之法，只需安排周全',
    illness: '相冲主起伏，宜留意作息和意外损伤，按时体检',
    lawsuit: '相冲主对立，容易起口角纷争，宜冷静处理，能和解就不打官司',
  },
  刑: {
    marriage: '相刑主相处中容易互相挑剔、心生芥蒂，宜少计较、多体谅',
    wealth: '相刑主合作中容易生是非，签约、借贷宜白纸黑字',
    moving: '相刑主搬家容易有波折，手续、合同要看清楚',
    illness: '相刑主容易磕碰受伤，宜小心慢行、注意安全',
    lawsuit: '相刑是传统所说的“官非”之象，宜守法守约、留好凭据，尽量不打官司',
  },
  害: {
    marriage: '相害主容易有误会、暗中不满，宜把话说开，不要憋在心里',
    wealth: '相害主容易被拖累或受小人影响，合作宜知根知底',
    moving: '相害主搬家容易有小麻烦，宜提前了解新环境',
    illness: '相害主容易积劳成疾，小病宜早治，不要拖',
    lawsuit: '相害主暗中生事，宜防背后是非，凡事留下记录',
  },
  破: {
    marriage: '相破主关系中容易有耗损，小事积多了会伤感情，宜多经营、多关心',
    wealth: '相破主财物容易耗散，宜量入为出，避免大额借出',
    moving: '相破主搬家容易有破损、耽搁，宜细心打包、从容安排',
    illness: '相破主元气容易耗损，宜劳逸结合',
    lawsuit: '相破主约定容易被打破，宜把约定写清楚，有纠纷早协商',
  },
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
    if (Math.abs((yang ? g[2] : g[1]) - fen) < Math.abs((yang ? best[2] : best[1]) - fen)) best = g;
  }
  return best[0];
}

/** The score of a grade in the given column. */
export function scoreOfGrade(jx: string, yang: boolean): number {
  const g = LUCK_GRADES.find((x) => x[0] === jx)!;
  return yang ? g[2] : g[1];
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
    desc: `${detail}，${TOPIC_LABELS[key]}${jx}：${TOPIC_TEXTS[relation][key]}。`,
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
