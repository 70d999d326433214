/**
 * 冲 and 煞 of a day (or a double-hour). Rule source: 《协纪辨方书·卷三》 日冲 and 三煞 rules:
 * - 冲: the opposite branch (子午相冲 …) taken with the stem it clashes with (甲庚相冲 — the stem four
 *   places on, 天干相克: 甲→戊, 乙→己 … as almanacs print it, e.g. a 甲子 day 冲马(戊午)).
 * - 煞 (岁煞/三煞): by the branch's 三合 frame — 申子辰 煞南, 寅午戌 煞北, 巳酉丑 煞东, 亥卯未 煞西.
 */

import { ANIMALS, BRANCHES, STEMS, sexagenaryIndex } from '../ganzhi.ts';
import { mod } from './codec.ts';

/** 煞 direction by branch mod 4: 子辰申 南, 丑巳酉 东, 寅午戌 北, 卯未亥 西. */
const SHA_BY_BRANCH_MOD_4 = '南东北西';

/** A pillar's clash: the clashing pillar, its branch's animal and the 煞 direction. */
export interface Clash {
  /** Sexagenary index of the clashing pillar (冲干 + 冲支), e.g. 戊午 for 甲子. */
  pillar: number;
  /** The clashing pillar's name, e.g. '戊午'. */
  ganzhi: string;
  /** The clashing branch, e.g. '午'. */
  branch: string;
  /** Zodiac animal of the clashing branch, e.g. '马'. */
  animal: string;
  /** As almanacs print it: '冲马(戊午)'. */
  text: string;
  /** 煞 direction: '南' | '东' | '北' | '西'. */
  sha: string;
  /** As almanacs print it: '煞南'. */
  shaText: string;
}

/** 煞 direction of a branch (0 = 子): '南', '东', '北' or '西'. */
export function shaDirection(branch: number): string {
  return SHA_BY_BRANCH_MOD_4[mod(branch, 4)];
}

/**
 * The 冲 and 煞 of a pillar (day or double-hour, 0 = 甲子): e.g. 0 (甲子) → 冲马(戊午) 煞南;
 * 20 (甲申) clashes 寅 → 冲虎(戊寅) 煞北.
 */
export function clash(pillar: number): Clash {
  const p = mod(pillar, 60);
  const stem = ((p % 10) + 4) % 10;
  const branch = ((p % 12) + 6) % 12;
  const ganzhi = STEMS[stem] + BRANCHES[branch];
  const sha = shaDirection(p % 12);
  return {
    pillar: sexagenaryIndex(stem, branch),
    ganzhi,
    branch: BRANCHES[branch],
    animal: ANIMALS[branch],
    text: `冲${ANIMALS[branch]}(${ganzhi})`,
    sha,
    shaText: `煞${sha}`,
  };
}
