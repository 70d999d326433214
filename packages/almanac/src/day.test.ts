import { describe, expect, it } from 'vitest';
import { formatBeijing } from './beijingTime.ts';
import { almanacDay } from './day.ts';
import { termTime } from './solarTermTime.ts';

describe('almanacDay', () => {
  it('gives the stable fields for 2024-02-10 (春节, 甲辰年 丙寅月 甲辰日)', () => {
    const day = almanacDay('2024-02-10');
    expect(day).toMatchObject({
      date: '2024-02-10',
      weekday: 6,
      lunar: { year: 2024, month: 1, day: 1, leap: false, monthName: '正月', dayName: '初一' },
      ganzhi: { year: '甲辰', month: '丙寅', day: '甲辰' },
      zodiac: '龙',
      constellation: '水瓶座',
      term: null,
      holiday: { name: '春节', offDay: true },
      salaryMultiplier: 3,
    });
    expect(day.festivals).toContain('春节');
    expect(day.yi.length).toBeGreaterThan(0);
    expect(day.hours).toHaveLength(12);
    expect(day.hours[0]).toMatchObject({ branch: '子', ganzhi: '甲子', range: '23:00-00:59' });
  });

  it('carries the term with its Beijing instant', () => {
    // 2024 秋分: 12:43:40.82 UTC by JPL Horizons / DE441 (van Gent and Hirose, NavList, 2024-09-22),
    // i.e. 20:43:40.8 Beijing time.
    const autumn = almanacDay('2024-09-22');
    expect(autumn.term?.name).toBe('秋分');
    const [hh, mm, ss] = (autumn.term?.time ?? '').slice(11).split(':').map(Number);
    expect(Math.abs(hh * 3600 + mm * 60 + ss - (20 * 3600 + 43 * 60 + 40.8))).toBeLessThanOrEqual(2);
    const day = almanacDay({ year: 2024, month: 2, day: 4 });
    expect(day.term?.name).toBe('立春');
    expect(day.term?.time).toBe(formatBeijing(termTime(2024, 2)));
    expect(day.holiday).toEqual({ name: '春节', offDay: false });
    expect(day.salaryMultiplier).toBe(1);
    // The 干支 year turns on the day of 立春, not on 正月初一.
    expect(day.ganzhi.year).toBe('甲辰');
    expect(almanacDay('2024-02-03').ganzhi.year).toBe('癸卯');
  });

  it('fills the rest of the almanac', () => {
    const day = almanacDay('2026-02-16');
    expect(day.festivals).toContain('除夕');
    expect(day.salaryMultiplier).toBe(3); // 除夕 is statutory from 2025
    expect(day.officer).toMatch(/^[建除满平定执破危成收开闭]$/);
    expect(['黄道', '黑道']).toContain(day.dayGod.type);
    expect(day.chong.desc).toMatch(/^冲.\(..\)$/);
    expect(day.sha).toMatch(/^煞[东南西北]$/);
    expect(day.pengzu).toHaveLength(2);
    expect(day.seasonal).toEqual(['七九第4天']);
    expect(day.buddhist.year).toBe(2569);
    expect(day.taoist.year).toBe(4722);
    expect(almanacDay('2024-07-15').seasonal).toEqual(['初伏第1天']);
  });

  it('rejects wrong and out-of-range dates with the engine message', () => {
    expect(() => almanacDay('2024-13-40')).toThrow('wrong solar month');
    expect(() => almanacDay('2023-02-29')).toThrow('wrong solar day');
    expect(() => almanacDay('1900-01-30')).toThrow('date out of supported range');
    expect(() => almanacDay('2101-01-29')).toThrow('date out of supported range');
    expect(() => almanacDay({ year: 2024, month: 2, day: Number.NaN })).toThrow('wrong solar day');
  });
});
