/**
 * 十神 (ten gods): how another stem relates to the day master, by the 五行 生克 relation and by
 * whether the two stems share 阴阳 — 《渊海子平·论十神》 (比肩 劫财 食神 伤官 偏财 正财 七杀 正官 偏印 正印;
 * 七杀 is also called 偏官). Names as lunar-typescript's `LunarUtil.SHI_SHEN` prints them.
 */
import { STEMS } from '../ganzhi.ts';
import { hiddenStems } from './hiddenStems.ts';

/** The ten gods, in the order same-element, I generate, I control, controls me, generates me; 同阴阳 first. */
export const TEN_GODS = [
  '比肩',
  '劫财',
  '食神',
  '伤官',
  '偏财',
  '正财',
  '七杀',
  '正官',
  '偏印',
  '正印',
] as const;

/** A ten-god name. */
export type TenGod = (typeof TEN_GODS)[number];

/** Element index of a stem: 0 木, 1 火, 2 土, 3 金, 4 水 (甲乙木 丙丁火 …). */
export function stemElementIndex(stem: number): number {
  return Math.floor((((stem % 10) + 10) % 10) / 2);
}

/**
 * The ten god of `other` seen from the day master `dayStem` (both stem indices).
 * Relation r = (element(other) − element(day)) mod 5: 0 same, 1 I generate, 2 I control,
 * 3 controls me, 4 generates me; then 同阴阳 → the 偏 form (比肩 食神 偏财 七杀 偏印).
 */
export function tenGod(dayStem: number, other: number): TenGod {
  const r = (stemElementIndex(other) - stemElementIndex(dayStem) + 5) % 5;
  const samePolarity = dayStem % 2 === other % 2;
  return TEN_GODS[r * 2 + (samePolarity ? 0 : 1)];
}

/** The ten god of a stem given by character; '' for a character that is not a stem. */
export function tenGodOfName(dayStem: string, other: string): string {
  const d = STEMS.indexOf(dayStem as (typeof STEMS)[number]);
  const o = STEMS.indexOf(other as (typeof STEMS)[number]);
  return d < 0 || o < 0 ? '' : tenGod(d, o);
}

/** Ten gods of a branch's hidden stems (本气 first) seen from the day master. */
export function branchTenGods(dayStem: number, branch: number): TenGod[] {
  return hiddenStems(branch).map((s) => tenGod(dayStem, s));
}
