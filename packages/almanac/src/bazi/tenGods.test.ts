import { LunarUtil } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { STEMS } from '../ganzhi.ts';
import { branchTenGods, tenGod, tenGodOfName } from './tenGods.ts';

describe('tenGods', () => {
  it('matches lunar-typescript SHI_SHEN on all 100 pairs', () => {
    for (let d = 0; d < 10; d++)
      for (let o = 0; o < 10; o++) expect(tenGod(d, o)).toBe(LunarUtil.SHI_SHEN[STEMS[d] + STEMS[o]]);
  });
  it('reads names and hidden stems (lunar-javascript __tests__ 2005-12-23: 辛 day, 巳 → 正官,劫财,正印)', () => {
    expect(tenGodOfName('甲', '庚')).toBe('七杀');
    expect(tenGodOfName('甲', 'x')).toBe('');
    expect(branchTenGods(7, 5)).toEqual(['正官', '劫财', '正印']);
  });
});
