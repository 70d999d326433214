import { describe, expect, it } from 'vitest';
import { dayPillar } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import { DAY_OFFICERS, dayOfficer, dayOfficerIndex } from './dayOfficer.ts';

const branchOf = (y: number, m: number, d: number) => dayPillar(dayNumber(y, m, d)) % 12;

describe('dayOfficer (建除十二值星)', () => {
  it('starts at 建 on the month branch and runs in order', () => {
    for (let m = 0; m < 12; m++) {
      expect(dayOfficer(m, m)).toBe('建');
      for (let k = 0; k < 12; k++) expect(dayOfficer(m, (m + k) % 12)).toBe(DAY_OFFICERS[k]);
    }
    expect(dayOfficer(2, 8)).toBe('破'); // 寅月申日: 月破
    expect(dayOfficerIndex(11, 0)).toBe(1);
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html — 乙酉日 in the 酉 month: 建
    expect(dayOfficer(9, branchOf(2024, 9, 18))).toBe('建');
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html — 戊子日: 平
    expect(dayOfficer(9, branchOf(2024, 9, 21))).toBe('平');
    // http://www.sfjie.com/hl/20250123.html — 壬辰日 in the 丑 month: 岁建(平)
    expect(dayOfficer(1, branchOf(2025, 1, 23))).toBe('平');
  });
});
