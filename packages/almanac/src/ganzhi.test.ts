import { LunarUtil, Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import {
  dayPillar,
  hourBranch,
  hourPillar,
  monthPillar,
  nayin,
  parseSexagenary,
  sexagenaryIndex,
  sexagenaryName,
  xunkong,
  yearPillar,
} from './ganzhi.ts';
import { dayNumber } from './solarDate.ts';

describe('干支 cycle', () => {
  it('names and parses all sixty pairs', () => {
    expect(sexagenaryName(0)).toBe('甲子');
    expect(sexagenaryName(59)).toBe('癸亥');
    for (let i = 0; i < 60; i++) {
      expect(parseSexagenary(sexagenaryName(i))).toBe(i);
      expect(sexagenaryIndex(i % 10, i % 12)).toBe(i);
      expect(sexagenaryName(i)).toBe(LunarUtil.JIA_ZI[i]);
    }
    expect(sexagenaryIndex(0, 1)).toBe(-1);
    expect(parseSexagenary('甲丑')).toBe(-1);
    expect(parseSexagenary('子')).toBe(-1);
  });

  it('gives 纳音 and 旬空 as in 《三命通会》', () => {
    expect(nayin(0)).toBe('海中金');
    expect(nayin(parseSexagenary('庚子'))).toBe('壁上土');
    expect(xunkong(parseSexagenary('甲子'))).toBe('戌亥');
    expect(xunkong(parseSexagenary('癸酉'))).toBe('戌亥');
    expect(xunkong(parseSexagenary('甲戌'))).toBe('申酉');
    expect(xunkong(parseSexagenary('庚子'))).toBe('辰巳');
  });

  it('counts day pillars continuously (1949-10-01 甲子, 2000-01-01 戊午)', () => {
    expect(sexagenaryName(dayPillar(dayNumber(1949, 10, 1)))).toBe('甲子');
    expect(sexagenaryName(dayPillar(dayNumber(2000, 1, 1)))).toBe('戊午');
    for (let year = 1600; year <= 2200; year += 7) {
      const expected = Solar.fromYmd(year, 6, 15).getLunar().getDayInGanZhi();
      expect(sexagenaryName(dayPillar(dayNumber(year, 6, 15)))).toBe(expected);
    }
  });

  it('derives year, month and hour pillars by 五虎遁 and 五鼠遁', () => {
    expect(sexagenaryName(yearPillar(1984))).toBe('甲子');
    expect(sexagenaryName(yearPillar(2026))).toBe('丙午');
    expect(sexagenaryName(yearPillar(1900))).toBe('庚子');
    expect(sexagenaryName(monthPillar(parseSexagenary('甲子'), 2))).toBe('丙寅');
    expect(sexagenaryName(monthPillar(parseSexagenary('乙丑'), 2))).toBe('戊寅');
    expect(sexagenaryName(monthPillar(parseSexagenary('丙午'), 11))).toBe('己亥');
    expect(sexagenaryName(monthPillar(parseSexagenary('丙午'), 0))).toBe('庚子');
    expect(hourBranch(23)).toBe(0);
    expect(hourBranch(0)).toBe(0);
    expect(hourBranch(1)).toBe(1);
    expect(hourBranch(22)).toBe(11);
    expect(sexagenaryName(hourPillar(parseSexagenary('甲子'), 0))).toBe('甲子');
    expect(sexagenaryName(hourPillar(parseSexagenary('己巳'), 11))).toBe('乙亥');
    expect(sexagenaryName(hourPillar(parseSexagenary('癸亥'), 11))).toBe('癸亥');
  });
});
