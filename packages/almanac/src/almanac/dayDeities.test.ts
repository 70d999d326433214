import { describe, expect, it } from 'vitest';
import { dayPillar } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import { dayDeities, JI_SHEN_NAMES, XIONG_SHA_NAMES } from './dayDeities.ts';

const dp = (y: number, m: number, d: number) => dayPillar(dayNumber(y, m, d));

describe('dayDeities (吉神宜趋 凶煞宜忌)', () => {
  it('always names 月建 on the 建 day and 月破 on the 破 day', () => {
    const ji = new Set(JI_SHEN_NAMES);
    const xiong = new Set(XIONG_SHA_NAMES);
    for (let m = 0; m < 12; m++)
      for (let p = 0; p < 60; p++) {
        const { jiShen, xiongSha } = dayDeities(m, p);
        expect(jiShen.every((w) => ji.has(w)) && xiongSha.every((w) => xiong.has(w))).toBe(true);
        if (p % 12 === m) expect(xiongSha).toContain('月建');
        if (p % 12 === (m + 6) % 12) expect(xiongSha).toContain('月破');
      }
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html — 吉神 月德合 官日 六仪 益后 除神 五堂(玉堂) 鸣吠;
    // 凶煞 月建 小时 土府 月刑 厌对 招摇 五离
    expect(dayDeities(9, dp(2024, 9, 18))).toEqual({
      jiShen: ['月德合', '官日', '六仪', '益后', '除神', '玉堂', '鸣吠'],
      xiongSha: ['月建', '小时', '土府', '月刑', '厌对', '招摇', '五离'],
    });
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html
    expect(dayDeities(9, dp(2024, 9, 21))).toEqual({
      jiShen: ['时德', '阳德', '民日', '玉宇', '司命'],
      xiongSha: ['河魁', '死神', '天吏', '致死', '往亡'],
    });
    // https://m.guangyukeji.com/jiyun/23471.html — 2023-01-27: 凶神 大煞 五离 勾陈
    expect(dayDeities(1, dp(2023, 1, 27)).xiongSha).toEqual(['大煞', '五离', '勾陈']);
  });
});
