import { LunarUtil } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { STEMS } from '../ganzhi.ts';
import { branchOfStage, LIFE_STAGES, lifeStage, lifeStageIndex } from './lifeStages.ts';

/** lunar-typescript EightChar.getDiShi, restated on its tables. */
function oracle(stem: number, branch: number): string {
  let i = LunarUtil.CHANG_SHENG_OFFSET[STEMS[stem]] + (stem % 2 === 0 ? branch : -branch);
  i = ((i % 12) + 12) % 12;
  return LunarUtil.CHANG_SHENG[i];
}

describe('lifeStages', () => {
  it('matches lunar-typescript on all 120 stem/branch pairs', () => {
    for (let s = 0; s < 10; s++) for (let b = 0; b < 12; b++) expect(lifeStage(s, b)).toBe(oracle(s, b));
  });
  it('follows the 长生 table (甲亥 丙戊寅 庚巳 壬申 乙午 丁己酉 辛子 癸卯)', () => {
    expect(lifeStage(0, 11)).toBe('长生');
    expect(lifeStage(1, 6)).toBe('长生');
    expect(lifeStage(1, 5)).toBe('沐浴');
    expect(lifeStage(4, 6)).toBe('帝旺');
  });
  it('branchOfStage inverts lifeStageIndex', () => {
    for (let s = 0; s < 10; s++)
      for (let k = 0; k < 12; k++) expect(lifeStageIndex(s, branchOfStage(s, k))).toBe(k);
    expect(LIFE_STAGES).toHaveLength(12);
  });
});
