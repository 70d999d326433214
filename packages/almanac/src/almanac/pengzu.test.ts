import { describe, expect, it } from 'vitest';
import { dayPillar } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import { pengzu, pengzuBranch, pengzuStem } from './pengzu.ts';

describe('pengzu (彭祖百忌)', () => {
  it('has one eight-character saying per stem and per branch', () => {
    for (let s = 0; s < 10; s++) expect(pengzuStem(s)).toHaveLength(8);
    for (let b = 0; b < 12; b++) expect(pengzuBranch(b)).toHaveLength(8);
    expect(pengzuStem(0)).toBe('甲不开仓财物耗散');
    expect(pengzuStem(9)).toBe('癸不词讼理弱敌强');
    expect(pengzuBranch(11)).toBe('亥不嫁娶不利新郎');
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html — 戊不受田田主不祥 子不问卜自惹祸殃
    expect(pengzu(dayPillar(dayNumber(2024, 9, 21)))).toEqual({
      stem: '戊不受田田主不祥',
      branch: '子不问卜自惹祸殃',
    });
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html — 乙不栽植千株不长 (the page's 酉 saying reads
    // 宴客 where most almanacs and our table read 会客: 酉不会客醉坐颠狂)
    expect(pengzu(dayPillar(dayNumber(2024, 9, 18))).stem).toBe('乙不栽植千株不长');
  });
});
