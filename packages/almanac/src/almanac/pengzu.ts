/**
 * 彭祖百忌: what not to do on a day of each stem and of each branch (甲不开仓财物耗散 …, 子不问卜自惹祸殃 …).
 * Rule source: 《彭祖百忌》 as printed in the 《玉匣记》 and common almanacs. Each saying is eight
 * characters, stored back to back.
 */

import { mod } from './codec.ts';

const BY_STEM =
  '甲不开仓财物耗散乙不栽植千株不长丙不修灶必见灾殃丁不剃头头必生疮戊不受田田主不祥' +
  '己不破券二比并亡庚不经络织机虚张辛不合酱主人不尝壬不泱水更难提防癸不词讼理弱敌强';

const BY_BRANCH =
  '子不问卜自惹祸殃丑不冠带主不还乡寅不祭祀神鬼不尝卯不穿井水泉不香辰不哭泣必主重丧巳不远行财物伏藏' +
  '午不苫盖屋主更张未不服药毒气入肠申不安床鬼祟入房酉不会客醉坐颠狂戌不吃犬作怪上床亥不嫁娶不利新郎';

/** 彭祖百忌 saying for a day stem (0 = 甲), e.g. 0 → '甲不开仓财物耗散'. */
export function pengzuStem(dayStem: number): string {
  const i = mod(dayStem, 10) * 8;
  return BY_STEM.slice(i, i + 8);
}

/** 彭祖百忌 saying for a day branch (0 = 子), e.g. 0 → '子不问卜自惹祸殃'. */
export function pengzuBranch(dayBranch: number): string {
  const i = mod(dayBranch, 12) * 8;
  return BY_BRANCH.slice(i, i + 8);
}

/** Both sayings for a day pillar (0 = 甲子 … 59 = 癸亥). */
export function pengzu(dayPillar: number): { stem: string; branch: string } {
  return { stem: pengzuStem(dayPillar % 10), branch: pengzuBranch(dayPillar % 12) };
}
