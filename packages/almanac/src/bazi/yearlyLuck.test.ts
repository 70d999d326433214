import { describe, expect, it } from 'vitest';
import { liunian, liuri, liuyue } from './yearlyLuck.ts';

describe('yearlyLuck', () => {
  it('流年 by 立春 year with 虚岁 and ten gods', () => {
    const l = liunian(1984, 0, 80);
    expect(l).toHaveLength(80);
    expect(l[0]).toEqual({ year: 1984, age: 1, ganzhi: '甲子', shishen: '比肩' });
    expect(l[79].year).toBe(2063);
    expect(() => liunian(1984, 0, -1)).toThrow('wrong count');
  });
  it('流月: 五虎遁 from the year stem, opening 节 times', () => {
    const m = liuyue(2024, 0);
    expect(m.map((x) => x.ganzhi)).toEqual([
      '丙寅',
      '丁卯',
      '戊辰',
      '己巳',
      '庚午',
      '辛未',
      '壬申',
      '癸酉',
      '甲戌',
      '乙亥',
      '丙子',
      '丁丑',
    ]);
    expect(m[0].term.name).toBe('立春');
    expect(m[0].term.date.slice(0, 10)).toBe('2024-02-04');
    expect(m[11].term).toMatchObject({ name: '小寒' });
    expect(m[11].term.date.slice(0, 4)).toBe('2025');
  });
  it('流日: the days from the 节 day to the day before the next 节', () => {
    const d = liuri(2024, 1, 0);
    expect(d[0].date).toBe('2024-02-04');
    expect(d.at(-1)!.date).toBe('2024-03-04');
    expect(d[0].ganzhi).toBe('戊戌');
    expect(liuri(2024, 12, 0)[0].date).toBe('2025-01-05');
    expect(() => liuri(2024, 13, 0)).toThrow();
  });
});
