/**
 * 神煞 per pillar. Each rule names the classical text it is taken from; where texts disagree the
 * convention of modern 子平 排盘 (and 问真八字's published lists) is followed and the comment says so.
 *
 * How bases are applied (documented in the README):
 * - stem-based stars (天乙, 太极, 文昌, 国印, 学堂, 禄, 刃, 金舆, 红艳) are looked up from the day stem and
 *   from the year stem (学堂/禄/刃/金舆/红艳: day stem only) and marked on every pillar whose branch matches;
 * - branch-based stars of the 三合 frame (驿马, 桃花, 华盖, 将星, 劫煞, 亡神, 灾煞) are looked up from the
 *   year branch and from the day branch and marked on the *other* pillars ("以年支、日支查余柱");
 * - 红鸾, 天喜, 孤辰, 寡宿, 元辰 from the year branch; 天德, 月德 and their 合, 天医 from the month branch;
 * - 空亡 from the day pillar's and the year pillar's 旬; 魁罡, 阴差阳错, 十恶大败, 孤鸾, 天赦 are day-pillar stars.
 */
import { BRANCHES, STEMS, xunkong } from '../ganzhi.ts';
import { branchOfStage } from './lifeStages.ts';
import { PILLAR_KEYS, type PillarKey } from './relations.ts';

/** One star on one pillar. */
export interface ShenshaHit {
  /** The star, e.g. '天乙贵人'. */
  name: string;
  /** What it was looked up from: '年干' | '日干' | '年支' | '日支' | '月支' | '年柱' | '日柱'. */
  by: string[];
  /** The text the rule comes from. */
  source: string;
}

/** 神煞 of each pillar. */
export type ShenshaByPillar = Record<PillarKey, ShenshaHit[]>;

type Base = '年干' | '日干' | '年支' | '日支' | '月支' | '年柱' | '日柱';

// Each rule's `source` is one string literal (《三命通会》·论…), not built per call: a chart answer
// carries a dozen of them, and literals are flat, shared strings that JSON.stringify copies as they are.

/** 天乙贵人 branches by stem: 甲戊庚牛羊，乙己鼠猴乡，丙丁猪鸡位，壬癸兔蛇藏，六辛逢马虎 (《三命通会·论天乙贵人》). */
const TIAN_YI: readonly (readonly number[])[] = [
  [1, 7],
  [0, 8],
  [11, 9],
  [11, 9],
  [1, 7],
  [0, 8],
  [1, 7],
  [6, 2],
  [3, 5],
  [3, 5],
];
/** 太极贵人: 甲乙子午，丙丁卯酉，戊己辰戌丑未，庚辛寅亥，壬癸巳申 (《三命通会·论太极贵人》). */
const TAI_JI: readonly (readonly number[])[] = [
  [0, 6],
  [0, 6],
  [3, 9],
  [3, 9],
  [4, 10, 1, 7],
  [4, 10, 1, 7],
  [2, 11],
  [2, 11],
  [5, 8],
  [5, 8],
];
/** 文昌: 甲巳 乙午 丙戊申 丁己酉 庚亥 辛子 壬寅 癸卯 (《三命通会·论文昌》"甲乙巳午报君知"). */
const WEN_CHANG = [5, 6, 8, 9, 8, 9, 11, 0, 2, 3] as const;
/** 国印贵人: 甲戌 乙亥 丙丑 丁寅 戊丑 己寅 庚辰 辛巳 壬未 癸申 (《三命通会·论国印》). */
const GUO_YIN = [10, 11, 1, 2, 1, 2, 4, 5, 7, 8] as const;
/** 红艳煞: 甲乙午 丙寅 丁未 戊己辰 庚戌 辛酉 壬子 癸申 (《三命通会》卷三 红艳歌). */
const HONG_YAN = [6, 6, 2, 7, 4, 4, 10, 9, 0, 8] as const;
/** 天德 by month branch (子…亥): 正丁二申三壬辛，五亥六甲七癸寅，九丙十乙子巳丑庚 (《三命通会·论天月德》). */
const TIAN_DE = ['巳', '庚', '丁', '申', '壬', '辛', '亥', '甲', '癸', '寅', '丙', '乙'] as const;
/** 天德合: the 合 of each 天德 (丁壬 申巳 辛丙 亥寅 甲己 癸戊 丙辛 乙庚 …). */
const TIAN_DE_HE = ['申', '乙', '壬', '巳', '丁', '丙', '寅', '己', '戊', '亥', '辛', '庚'] as const;
/** 月德 by month-branch frame: 寅午戌丙，申子辰壬，亥卯未甲，巳酉丑庚 (《三命通会·论天月德》). */
const YUE_DE = ['壬', '庚', '丙', '甲', '壬', '庚', '丙', '甲', '壬', '庚', '丙', '甲'] as const;
/** 月德合: 丙辛 壬丁 甲己 庚乙. */
const YUE_DE_HE = ['丁', '乙', '辛', '己', '丁', '乙', '辛', '己', '丁', '乙', '辛', '己'] as const;
const KUI_GANG = new Set(['庚辰', '庚戌', '壬辰', '戊戌']);
const YIN_CHA_YANG_CUO = new Set([
  '丙子',
  '丁丑',
  '戊寅',
  '辛卯',
  '壬辰',
  '癸巳',
  '丙午',
  '丁未',
  '戊申',
  '辛酉',
  '壬戌',
  '癸亥',
]);
const SHI_E_DA_BAI = new Set([
  '甲辰',
  '乙巳',
  '丙申',
  '丁亥',
  '戊戌',
  '己丑',
  '庚辰',
  '辛巳',
  '壬申',
  '癸亥',
]);
const GU_LUAN = new Set(['乙巳', '丁巳', '辛亥', '戊申', '甲寅', '壬子', '丙午', '戊午']);
/** 天赦 by season of the month branch (寅卯辰 戊寅, 巳午未 甲午, 申酉戌 戊申, 亥子丑 甲子). */
const TIAN_SHE = [
  '甲子',
  '甲子',
  '戊寅',
  '戊寅',
  '戊寅',
  '甲午',
  '甲午',
  '甲午',
  '戊申',
  '戊申',
  '戊申',
  '甲子',
] as const;

/** First branch of the 三合 frame holding `b` (申子辰 → 申, 寅午戌 → 寅, 巳酉丑 → 巳, 亥卯未 → 亥). */
function frameStart(b: number): number {
  return [8, 5, 2, 11][b % 4];
}

/** 三合-frame stars: offset from the frame's first branch (《三命通会》 论驿马/论咸池/论华盖/论将星/论劫煞亡神). */
const FRAME_STARS: readonly { name: string; offset: number; source: string }[] = [
  {
    name: '驿马',
    offset: 6,
    source: '《三命通会》·论驿马：申子辰马在寅，寅午戌马在申，巳酉丑马在亥，亥卯未马在巳',
  },
  { name: '桃花', offset: 1, source: '《三命通会》·论咸池：申子辰在酉，寅午戌在卯，巳酉丑在午，亥卯未在子' },
  { name: '华盖', offset: 8, source: '《三命通会》·论华盖：三合之墓库（辰戌丑未）' },
  { name: '将星', offset: 4, source: '《三命通会》·论将星：三合之中神（子午卯酉）' },
  { name: '劫煞', offset: 9, source: '《三命通会》·论劫煞：申子辰在巳，寅午戌在亥，巳酉丑在寅，亥卯未在申' },
  { name: '亡神', offset: 3, source: '《三命通会》·论亡神：申子辰在亥，寅午戌在巳，巳酉丑在申，亥卯未在寅' },
  { name: '灾煞', offset: 10, source: '《三命通会》·论灾煞：劫煞之后一位，冲将星' },
];

/** Options that change which stars apply. */
export interface ShenshaOptions {
  /** Sex of the native: 元辰 depends on it. */
  sex?: '男' | '女';
}

/**
 * The 神煞 of each pillar of a chart given as sexagenary indices (year, month, day, hour).
 * Each hit lists the bases it was found from and the rule's source text. Given three pillars (hour
 * unknown), the hour's list stays empty and the others are unchanged.
 */
export function shensha(pillars: readonly number[], options: ShenshaOptions = {}): ShenshaByPillar {
  const out: ShenshaByPillar = { year: [], month: [], day: [], hour: [] };
  const stems = pillars.map((p) => p % 10);
  const branches = pillars.map((p) => p % 12);
  const names = pillars.map((p) => STEMS[p % 10] + BRANCHES[p % 12]);
  const add = (i: number, name: string, by: Base, source: string): void => {
    const list = out[PILLAR_KEYS[i]];
    const hit = list.find((h) => h.name === name);
    if (hit) {
      if (!hit.by.includes(by)) hit.by.push(by);
    } else list.push({ name, by: [by], source });
  };
  const byBranch = (i: number, b: number): boolean => branches[i] === b;
  const stemBases: [Base, number][] = [
    ['日干', stems[2]],
    ['年干', stems[0]],
  ];
  // No star is looked up from the hour pillar, so without it the other pillars keep all their stars.
  for (let i = 0; i < pillars.length; i++) {
    for (const [by, s] of stemBases) {
      if (TIAN_YI[s].includes(branches[i]))
        add(
          i,
          '天乙贵人',
          by,
          '《三命通会》·论天乙贵人：甲戊庚牛羊，乙己鼠猴乡，丙丁猪鸡位，壬癸兔蛇藏，六辛逢马虎',
        );
      if (TAI_JI[s].includes(branches[i]))
        add(
          i,
          '太极贵人',
          by,
          '《三命通会》·论太极贵人：甲乙子午，丙丁卯酉，戊己辰戌丑未，庚辛寅亥，壬癸巳申',
        );
      if (byBranch(i, WEN_CHANG[s]))
        add(
          i,
          '文昌贵人',
          by,
          '《三命通会》·论文昌：甲乙巳午报君知，丙戊申宫丁己鸡，庚猪辛鼠壬逢虎，癸人见卯入云梯',
        );
      if (byBranch(i, GUO_YIN[s]))
        add(
          i,
          '国印贵人',
          by,
          '《三命通会》·论国印：甲见戌，乙见亥，丙见丑，丁见寅，戊见丑，己见寅，庚见辰，辛见巳，壬见未，癸见申',
        );
    }
    const d = stems[2];
    if (byBranch(i, branchOfStage(d, 0)))
      add(i, '学堂', '日干', '《三命通会》·论学堂词馆：日干长生之位为学堂');
    const lu = branchOfStage(d, 3);
    if (byBranch(i, lu))
      add(
        i,
        '禄神',
        '日干',
        '《三命通会》·论建禄：甲禄在寅，乙禄在卯，丙戊禄在巳，丁己禄在午，庚禄在申，辛禄在酉，壬禄在亥，癸禄在子',
      );
    if (byBranch(i, (lu + 1) % 12))
      add(i, '羊刃', '日干', '《三命通会》·论羊刃：禄前一位为刃（阴干亦取禄前一位，从今日排盘通例）');
    if (byBranch(i, (lu + 2) % 12)) add(i, '金舆', '日干', '《三命通会》·论金舆：禄前二位');
    if (byBranch(i, HONG_YAN[d]))
      add(
        i,
        '红艳煞',
        '日干',
        '《三命通会》·红艳歌：多情多欲少人知，六丙逢寅辛见鸡，癸临申上丁见未，甲乙午申庚见戌',
      );
    for (const [by, base] of [
      ['年支', 0],
      ['日支', 2],
    ] as const) {
      if (i === base) continue;
      const start = frameStart(branches[base]);
      for (const star of FRAME_STARS) {
        if (byBranch(i, (start + star.offset) % 12)) add(i, star.name, by, star.source);
      }
      if (xunkong(pillars[base]).includes(BRANCHES[branches[i]])) {
        add(
          i,
          '空亡',
          base === 0 ? '年柱' : '日柱',
          '《三命通会》·论空亡：甲子旬中戌亥空……以日柱、年柱之旬查余柱地支',
        );
      }
    }
    const y = branches[0];
    const hongLuan = (15 - y) % 12;
    if (i !== 0 && byBranch(i, hongLuan)) add(i, '红鸾', '年支', '《星平会海》红鸾：卯上起子逆数至年支');
    if (i !== 0 && byBranch(i, (hongLuan + 6) % 12)) add(i, '天喜', '年支', '《星平会海》天喜：红鸾对冲之位');
    const season = Math.floor(((y + 1) % 12) / 3);
    if (i !== 0 && byBranch(i, [2, 5, 8, 11][season]))
      add(
        i,
        '孤辰',
        '年支',
        '《三命通会》·论孤辰寡宿：亥子丑人见寅为孤见戌为寡，寅卯辰人见巳丑，巳午未人见申辰，申酉戌人见亥未',
      );
    if (i !== 0 && byBranch(i, [10, 1, 4, 7][season]))
      add(
        i,
        '寡宿',
        '年支',
        '《三命通会》·论孤辰寡宿：亥子丑人见寅为孤见戌为寡，寅卯辰人见巳丑，巳午未人见申辰，申酉戌人见亥未',
      );
    if (options.sex && i !== 0) {
      const yangYear = stems[0] % 2 === 0;
      const forward = yangYear === (options.sex === '男');
      if (byBranch(i, (y + (forward ? 7 : 5)) % 12))
        add(i, '元辰', '年支', '《三命通会》·论元辰：阳男阴女冲前一位，阴男阳女冲后一位');
    }
    const m = branches[1];
    const stemChar = STEMS[stems[i]];
    const branchChar = BRANCHES[branches[i]];
    const tianDe = TIAN_DE[m];
    if (stemChar === tianDe || (i !== 1 && branchChar === tianDe))
      add(
        i,
        '天德贵人',
        '月支',
        '《三命通会》·论天月德：正丁二申宫，三壬四辛同，五亥六甲上，七癸八艮逢，九丙十居乙，子巳丑庚中',
      );
    const tianDeHe = TIAN_DE_HE[m];
    if (stemChar === tianDeHe || (i !== 1 && branchChar === tianDeHe))
      add(i, '天德合', '月支', '《三命通会》·论天月德：天德之五合、六合');
    if (stemChar === YUE_DE[m])
      add(
        i,
        '月德贵人',
        '月支',
        '《三命通会》·论天月德：寅午戌月在丙，申子辰月在壬，亥卯未月在甲，巳酉丑月在庚',
      );
    if (stemChar === YUE_DE_HE[m]) add(i, '月德合', '月支', '《三命通会》·论天月德：月德之五合');
    if (i !== 1 && byBranch(i, (m + 11) % 12))
      add(i, '天医', '月支', '《星平会海》天医：月支前一位（正月见丑）');
  }
  const day = names[2];
  if (KUI_GANG.has(day)) add(2, '魁罡', '日柱', '《三命通会》·论魁罡：庚辰、庚戌、壬辰、戊戌');
  if (YIN_CHA_YANG_CUO.has(day))
    add(2, '阴差阳错', '日柱', '《三命通会》·论阴差阳错：丙子丁丑戊寅辛卯壬辰癸巳丙午丁未戊申辛酉壬戌癸亥');
  if (SHI_E_DA_BAI.has(day))
    add(2, '十恶大败', '日柱', '《三命通会》·论十恶大败：甲辰乙巳丙申丁亥戊戌己丑庚辰辛巳壬申癸亥');
  if (GU_LUAN.has(day)) add(2, '孤鸾煞', '日柱', '《星平会海》孤鸾：乙巳丁巳辛亥戊申甲寅壬子丙午戊午');
  if (TIAN_SHE[branches[1]] === day)
    add(2, '天赦', '日柱', '《三命通会》·论天赦：春戊寅，夏甲午，秋戊申，冬甲子');
  return out;
}
