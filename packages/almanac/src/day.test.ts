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

  it('carries the term with its Beijing instant (2024 立春 16:26:53 per 紫金山天文台, to within seconds)', () => {
    const day = almanacDay({ year: 2024, month: 2, day: 4 });
    expect(day.term?.name).toBe('立春');
    expect(day.term?.time).toBe(formatBeijing(termTime(2024, 2)));
    const [, mm, ss] = (day.term?.time ?? '').slice(11).split(':').map(Number);
    expect(Math.abs(mm * 60 + ss - (26 * 60 + 53))).toBeLessThanOrEqual(10);
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
