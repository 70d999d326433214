/**
 * 合/冲/刑/害/破 between the pillars of a chart. Rules as 《三命通会》 卷二 lists them:
 * - 天干五合 (论十干合): 甲己合土 乙庚合金 丙辛合水 丁壬合木 戊癸合火; 天干相冲: 甲庚 乙辛 丙壬 丁癸.
 * - 地支六合 (论支元六合): 子丑合土 寅亥合木 卯戌合火 辰酉合金 巳申合水 午未合火(土).
 * - 三合 (论三合): 申子辰水局 寅午戌火局 巳酉丑金局 亥卯未木局; two of three with the 中神 (子午卯酉)
 *   is 半合; 三会 (方局): 寅卯辰木 巳午未火 申酉戌金 亥子丑水.
 * - 六冲 (论冲击): branches six apart. 刑 (论刑): 子卯 无礼之刑, 寅巳申 无恩之刑, 丑戌未 恃势之刑,
 *   辰午酉亥 自刑. 六害 (论六害): 子未 丑午 寅巳 卯辰 申亥 酉戌. 六破: 子酉 卯午 辰丑 未戌 寅亥 巳申.
 * - 暗合 (藏干相合, used by compatibility): 寅丑 卯申 午亥 子巳.
 */
import { BRANCHES, STEMS } from '../ganzhi.ts';

/** Names of the four pillars in chart order. */
export const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;

/** A pillar key. */
export type PillarKey = (typeof PILLAR_KEYS)[number];

/** One relation found between pillars of a chart. */
export interface PillarRelation {
  /** '天干五合' | '天干相冲' | '六合' | '三合' | '半合' | '三会' | '六冲' | '相刑' | '自刑' | '六害' | '六破'. */
  type: string;
  /** The pillars involved, in chart order. */
  pillars: PillarKey[];
  /** The characters involved, e.g. '甲己'. */
  chars: string;
  /** A reading, e.g. '甲己合土', '子卯无礼之刑'. */
  detail: string;
}

const STEM_COMBINE_ELEMENT = ['土', '金', '水', '木', '火'] as const;
const SIX_COMBINE_ELEMENT: Record<string, string> = {
  子丑: '土',
  寅亥: '木',
  卯戌: '火',
  辰酉: '金',
  巳申: '水',
  午未: '火',
};
/** Three-harmony frames: [start, middle, end] branch indices and element. 申子辰 … */
const TRIADS = [
  { b: [8, 0, 4], e: '水' },
  { b: [2, 6, 10], e: '火' },
  { b: [5, 9, 1], e: '金' },
  { b: [11, 3, 7], e: '木' },
] as const;
/** Directional assemblies 三会. */
const ASSEMBLIES = [
  { b: [2, 3, 4], e: '木' },
  { b: [5, 6, 7], e: '火' },
  { b: [8, 9, 10], e: '金' },
  { b: [11, 0, 1], e: '水' },
] as const;
const PUNISH_NAMES: Record<string, string> = {
  子卯: '无礼之刑',
  寅巳: '无恩之刑',
  巳申: '无恩之刑',
  寅申: '无恩之刑',
  丑戌: '恃势之刑',
  未戌: '恃势之刑',
  丑未: '恃势之刑',
};
const HIDDEN_COMBINE = new Set(['丑寅', '卯申', '午亥', '子巳']);
const BREAK = new Set(['子酉', '卯午', '丑辰', '未戌', '寅亥', '巳申']);

function key(a: number, b: number): string {
  return a <= b ? BRANCHES[a] + BRANCHES[b] : BRANCHES[b] + BRANCHES[a];
}

/** Whether two stems form a 五合. */
export function stemsCombine(a: number, b: number): boolean {
  return Math.abs(a - b) === 5;
}

/** Whether two stems clash (甲庚 乙辛 丙壬 丁癸). */
export function stemsClash(a: number, b: number): boolean {
  return Math.abs(a - b) === 6 && Math.min(a, b) < 4;
}

/** Whether two branches form a 六合. */
export function branchesCombine(a: number, b: number): boolean {
  return (a + b) % 12 === 1;
}

/** Whether two different branches belong to the same 三合 frame. */
export function branchesTriad(a: number, b: number): boolean {
  return a !== b && (a - b + 12) % 4 === 0;
}

/** Whether two branches form a 暗合 (their hidden stems combine): 寅丑 卯申 午亥 子巳. */
export function branchesHiddenCombine(a: number, b: number): boolean {
  return HIDDEN_COMBINE.has(key(a, b));
}

/** Whether two branches clash (六冲). */
export function branchesClash(a: number, b: number): boolean {
  return Math.abs(a - b) === 6;
}

/** Whether two branches punish each other (相刑 or, for 辰午酉亥 with itself, 自刑). */
export function branchesPunish(a: number, b: number): boolean {
  if (a === b) return a === 4 || a === 6 || a === 9 || a === 11;
  return key(a, b) in PUNISH_NAMES;
}

/** Whether two branches harm each other (六害). */
export function branchesHarm(a: number, b: number): boolean {
  return (a + b) % 12 === 7;
}

/** Whether two branches break each other (六破). */
export function branchesBreak(a: number, b: number): boolean {
  return BREAK.has(key(a, b));
}

/**
 * All relations among four pillars (sexagenary indices, year month day hour): pairs for 五合, 相冲,
 * 六合, 半合, 六冲, 刑, 害, 破, and the full 三合 / 三会 triples. Three pillars (a chart whose hour is
 * unknown) are read the same way, without the hour.
 */
export function pillarRelations(pillars: readonly number[]): PillarRelation[] {
  const out: PillarRelation[] = [];
  const stems = pillars.map((p) => p % 10);
  const branches = pillars.map((p) => p % 12);
  for (let i = 0; i < pillars.length; i++) {
    for (let j = i + 1; j < pillars.length; j++) {
      const ps: PillarKey[] = [PILLAR_KEYS[i], PILLAR_KEYS[j]];
      const [s, t] = [stems[i], stems[j]];
      const sc = STEMS[s] + STEMS[t];
      if (stemsCombine(s, t)) {
        const first = Math.min(s, t);
        out.push({
          type: '天干五合',
          pillars: ps,
          chars: sc,
          detail: `${STEMS[first]}${STEMS[first + 5]}合${STEM_COMBINE_ELEMENT[first]}`,
        });
      }
      if (stemsClash(s, t)) out.push({ type: '天干相冲', pillars: ps, chars: sc, detail: `${sc}相冲` });
      const [a, b] = [branches[i], branches[j]];
      const bc = BRANCHES[a] + BRANCHES[b];
      const k = key(a, b);
      if (branchesCombine(a, b))
        out.push({ type: '六合', pillars: ps, chars: bc, detail: `${k}合${SIX_COMBINE_ELEMENT[k]}` });
      if (branchesTriad(a, b)) {
        const triad = TRIADS.find((t3) => (t3.b as readonly number[]).includes(a))!;
        if (a === triad.b[1] || b === triad.b[1]) {
          out.push({ type: '半合', pillars: ps, chars: bc, detail: `${bc}半合${triad.e}局` });
        }
      }
      if (branchesClash(a, b)) out.push({ type: '六冲', pillars: ps, chars: bc, detail: `${bc}相冲` });
      if (branchesPunish(a, b)) {
        out.push(
          a === b
            ? { type: '自刑', pillars: ps, chars: bc, detail: `${BRANCHES[a]}${BRANCHES[a]}自刑` }
            : { type: '相刑', pillars: ps, chars: bc, detail: `${bc}${PUNISH_NAMES[k]}` },
        );
      }
      if (branchesHarm(a, b)) out.push({ type: '六害', pillars: ps, chars: bc, detail: `${bc}相害` });
      if (branchesBreak(a, b)) out.push({ type: '六破', pillars: ps, chars: bc, detail: `${bc}相破` });
    }
  }
  for (const [type, frames, word, suffix] of [
    ['三合', TRIADS, '三合', '局'],
    ['三会', ASSEMBLIES, '三会', '方'],
  ] as const) {
    for (const f of frames) {
      const idx = f.b.map((b) => branches.indexOf(b));
      if (idx.every((x) => x >= 0)) {
        const ps = [...new Set(f.b.flatMap((b) => branches.flatMap((x, i) => (x === b ? [i] : []))))].sort();
        out.push({
          type,
          pillars: ps.map((i) => PILLAR_KEYS[i]),
          chars: f.b.map((b) => BRANCHES[b]).join(''),
          detail: `${f.b.map((b) => BRANCHES[b]).join('')}${word}${f.e}${suffix}`,
        });
      }
    }
  }
  return out;
}
