import { describe, expect, it } from 'vitest';
import { dayPillar } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import {
  caiShen,
  fuShen,
  godDirections,
  trigramDirection,
  xiShen,
  yangGuiShen,
  yinGuiShen,
} from './directions.ts';

const stemOf = (y: number, m: number, d: number) => dayPillar(dayNumber(y, m, d)) % 10;

describe('directions (喜神 福神 财神 阳贵 阴贵)', () => {
  it('maps trigrams to directions', () => {
    expect('坎艮震巽离坤兑乾'.split('').map(trigramDirection)).toEqual([
      '正北',
      '东北',
      '正东',
      '东南',
      '正南',
      '西南',
      '正西',
      '西北',
    ]);
    expect(trigramDirection('中')).toBe('');
  });

  it('follows the stem rules', () => {
    expect(xiShen(0)).toEqual({ trigram: '艮', direction: '东北' }); // 甲己在艮
    expect(xiShen(5)).toEqual(xiShen(0));
    expect(fuShen(0)).toEqual({ trigram: '坎', direction: '正北' });
    expect(fuShen(0, 1)).toEqual({ trigram: '巽', direction: '东南' });
    expect(caiShen(8).direction).toBe('正南');
    expect(yangGuiShen(0).trigram).toBe('坤'); // 甲: 阳贵 未
    expect(yinGuiShen(0).trigram).toBe('艮'); // 甲: 阴贵 丑
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html (乙) — 财神 东北, 喜神 西北, 福神 西南
    const a = godDirections(stemOf(2024, 9, 18));
    expect([a.cai.direction, a.xi.direction, a.fu.direction]).toEqual(['东北', '西北', '西南']);
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html (戊) — 财神 正北, 喜神 东南, 福神 东北
    const b = godDirections(stemOf(2024, 9, 21));
    expect([b.cai.direction, b.xi.direction, b.fu.direction]).toEqual(['正北', '东南', '东北']);
    // https://m.guangyukeji.com/jiyun/23471.html (2023-01-27, 乙) — 阳贵神 西南, 阴贵神 正北
    const c = godDirections(stemOf(2023, 1, 27));
    expect([c.yangGui.direction, c.yinGui.direction]).toEqual(['西南', '正北']);
  });
});
