import { describe, expect, it } from 'vitest';
import { dayPillar } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import { YI_JI_WORDS, yiJi } from './yiji.ts';

const dp = (y: number, m: number, d: number) => dayPillar(dayNumber(y, m, d));

describe('yiJi (宜忌)', () => {
  it('decodes every entry into known, distinct words', () => {
    const known = new Set(YI_JI_WORDS);
    for (let m = 0; m < 12; m++)
      for (let p = 0; p < 60; p++) {
        const { yi, ji } = yiJi(m, p);
        expect([...yi, ...ji].every((w) => known.has(w))).toBe(true);
        expect(new Set(yi).size).toBe(yi.length);
        expect(new Set(ji).size).toBe(ji.length);
      }
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html — 宜 祭祀 出行 扫舍 馀事勿取, 忌 诸事不宜
    expect(yiJi(9, dp(2024, 9, 18))).toEqual({ yi: ['祭祀', '出行', '扫舍', '馀事勿取'], ji: ['诸事不宜'] });
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html — 宜 祭祀 沐浴 修饰垣墙 平治道涂 馀事勿取
    expect(yiJi(9, dp(2024, 9, 21))).toEqual({
      yi: ['祭祀', '沐浴', '修饰垣墙', '平治道涂', '馀事勿取'],
      ji: ['诸事不宜'],
    });
    // https://m.guangyukeji.com/jiyun/23471.html — 2023-01-27 (丑月 乙酉): 宜 祭拜(祭祀) 入殓 破土 除服 成服
    // 启钻 安葬 修坟 立碑 余事勿取 (that page's 忌 list is its own; see test-data/almanac-differences.md)
    expect(yiJi(1, dp(2023, 1, 27)).yi).toEqual([
      '祭祀',
      '入殓',
      '破土',
      '除服',
      '成服',
      '启钻',
      '安葬',
      '修坟',
      '立碑',
      '馀事勿取',
    ]);
  });
});
