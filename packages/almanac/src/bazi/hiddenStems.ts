/**
 * 地支藏干 (the stems hidden in each branch), 本气 first, then 中气 and 余气 — the table of
 * 《渊海子平·论地支藏干》 ("子宫癸水在其中，丑癸辛金己土同 …") as every modern 排盘 prints it and as
 * lunar-typescript's `LunarUtil.ZHI_HIDE_GAN` orders it (本气 first).
 */
import { STEMS } from '../ganzhi.ts';

/** Hidden stems of each branch (index 0 = 子) as stem indices, 本气 first. */
export const HIDDEN_STEMS: readonly (readonly number[])[] = [
  [9], // 子: 癸
  [5, 9, 7], // 丑: 己 癸 辛
  [0, 2, 4], // 寅: 甲 丙 戊
  [1], // 卯: 乙
  [4, 1, 9], // 辰: 戊 乙 癸
  [2, 6, 4], // 巳: 丙 庚 戊
  [3, 5], // 午: 丁 己
  [5, 3, 1], // 未: 己 丁 乙
  [6, 8, 4], // 申: 庚 壬 戊
  [7], // 酉: 辛
  [4, 7, 3], // 戌: 戊 辛 丁
  [8, 0], // 亥: 壬 甲
];

/** Hidden stems of a branch index as stem indices, 本气 first. */
export function hiddenStems(branch: number): readonly number[] {
  return HIDDEN_STEMS[((branch % 12) + 12) % 12];
}

/** Hidden stems of a branch index as characters, e.g. 2 (寅) → ['甲', '丙', '戊']. */
export function hiddenStemNames(branch: number): string[] {
  return hiddenStems(branch).map((s) => STEMS[s]);
}
