import { describe, expect, it } from 'vitest';
import { dayNumber } from '../solarDate.ts';
import { pillarsAt, sizhuOf } from './fourPillars.ts';

const s = (y: number, m: number, d: number, h: number, mi = 0) =>
  dayNumber(y, m, d) * 86400 + h * 3600 + mi * 60;
const at = (t: number, zi: 'early' | 'late' = 'late') => sizhuOf(pillarsAt(t, t, zi));

describe('fourPillars', () => {
  it('worked examples (lunar-javascript __tests__/EightChar.test.js; tony801015/chinese-lunar example.js)', () => {
    expect(at(s(2005, 12, 23, 8, 37))).toEqual({ year: '乙酉', month: '戊子', day: '辛巳', hour: '壬辰' });
    expect(at(s(1988, 2, 15, 22, 30))).toEqual({ year: '戊辰', month: '甲寅', day: '庚子', hour: '丁亥' });
    expect(at(s(1988, 2, 2, 22, 30))).toEqual({ year: '丁卯', month: '癸丑', day: '丁亥', hour: '辛亥' });
    expect(at(s(2021, 2, 13, 0, 30))).toEqual({ year: '辛丑', month: '庚寅', day: '壬辰', hour: '庚子' });
    // zhenzhongfu/bazigo README: 1995-06-16 19:07 → 乙亥 壬午 戊寅 壬戌
    expect(at(s(1995, 6, 16, 19, 7))).toEqual({ year: '乙亥', month: '壬午', day: '戊寅', hour: '壬戌' });
  });
  it('子时 schools: late keeps the day, early moves it; the hour stem is the next day’s 子 in both', () => {
    expect(at(s(1988, 2, 15, 23, 30), 'late')).toEqual({
      year: '戊辰',
      month: '甲寅',
      day: '庚子',
      hour: '戊子',
    });
    expect(at(s(1988, 2, 15, 23, 30), 'early')).toEqual({
      year: '戊辰',
      month: '甲寅',
      day: '辛丑',
      hour: '戊子',
    });
    expect(at(s(1988, 2, 16, 0, 30), 'late')).toEqual(at(s(1988, 2, 16, 0, 30), 'early'));
  });
  it('year and month by the instant (beijing), day and hour by the local clock', () => {
    const p = pillarsAt(s(2024, 2, 4, 16, 28), s(2024, 2, 4, 14, 0));
    const q = pillarsAt(s(2024, 2, 4, 16, 26), s(2024, 2, 4, 14, 0));
    expect(sizhuOf(p).year).toBe('甲辰');
    expect(sizhuOf(q).year).toBe('癸卯');
    expect(sizhuOf(p).hour).toBe(sizhuOf(q).hour);
  });
});
