/**
 * 十二长生 (twelve life stages; on a chart the row 地势 / 星运): where a stem stands on a branch.
 * 阳干顺行、阴干逆行 from the stem's 长生 branch — 《三命通会·论五行生旺死绝》 — with 戊 following 丙 and
 * 己 following 丁 (火土同宫), the convention of 《渊海子平》 and of lunar-typescript's `CHANG_SHENG_OFFSET`.
 */

/** The twelve stages in order from 长生. */
export const LIFE_STAGES = [
  '长生',
  '沐浴',
  '冠带',
  '临官',
  '帝旺',
  '衰',
  '病',
  '死',
  '墓',
  '绝',
  '胎',
  '养',
] as const;

/** A life-stage name. */
export type LifeStage = (typeof LIFE_STAGES)[number];

/** Branch index of each stem's 长生: 甲亥 乙午 丙寅 丁酉 戊寅 己酉 庚巳 辛子 壬申 癸卯. */
export const CHANG_SHENG_BRANCH = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3] as const;

/** Index (0 = 长生 … 11 = 养) of the stage of `stem` on `branch`. */
export function lifeStageIndex(stem: number, branch: number): number {
  const s = ((stem % 10) + 10) % 10;
  const start = CHANG_SHENG_BRANCH[s];
  const steps = s % 2 === 0 ? branch - start : start - branch;
  return ((steps % 12) + 12) % 12;
}

/** The stage of `stem` on `branch`, e.g. 甲 on 亥 → '长生', 乙 on 亥 → '死'. */
export function lifeStage(stem: number, branch: number): LifeStage {
  return LIFE_STAGES[lifeStageIndex(stem, branch)];
}

/** The branch where `stem` reaches a given stage (inverse of {@link lifeStageIndex}). */
export function branchOfStage(stem: number, stage: number): number {
  const s = ((stem % 10) + 10) % 10;
  const start = CHANG_SHENG_BRANCH[s];
  return (((s % 2 === 0 ? start + stage : start - stage) % 12) + 12) % 12;
}
