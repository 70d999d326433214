import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { beijingSeconds } from '../beijingTime.ts';
import { lunarFromDayNumber } from '../lunar.ts';
import { dayNumber, solarFromDayNumber } from '../solarDate.ts';
import { termTime } from '../solarTermTime.ts';
import { code } from '../testing/errorCode.ts';
import { FIRST_LUNAR_DAY, jieTime, lunarOfDay } from './earlyCalendar.ts';

/** Names of the 12 节 as lunar-typescript keys its table (小寒 … 大雪, the first of each 干支 month). */
const JIE = ['小寒', '立春', '惊蛰', '清明', '立夏', '芒种', '小暑', '立秋', '白露', '寒露', '立冬', '大雪'];

describe('earlyCalendar', () => {
  it('gives the main table from 1899 on and continues it smoothly before', () => {
    for (const year of [1899, 1950, 2101])
      for (let j = 0; j < 12; j++) expect(jieTime(year, j)).toBe(termTime(year, 2 * j));
    // The early table's last year meets the main table's first: each 节 about one tropical year apart.
    for (let j = 0; j < 12; j++) {
      const gap = jieTime(1899, j) - jieTime(1898, j);
      expect(Math.abs(gap - 365.2422 * 86400), JIE[j]).toBeLessThan(20 * 60);
    }
    expect(code(() => jieTime(1798, 0))).toBe('OUT_OF_RANGE');
    expect(code(() => jieTime(2102, 0))).toBe('OUT_OF_RANGE');
    expect(code(() => jieTime(1850, 12))).toBe('WRONG_OPTION');
  });

  it('agrees with lunar-typescript on every 节 of 1800–1898 within 5 seconds', () => {
    // Both compute the Sun's apparent longitude and ΔT their own way (measured: at most 4 s apart,
    // ours 1.2 s earlier on average), so a birth can only change month within seconds of a 节.
    let worst = 0;
    for (let year = 1800; year <= 1898; year++) {
      const table = Solar.fromYmd(year, 6, 1).getLunar().getJieQiTable();
      for (let j = 0; j < 12; j++) {
        // The lunar year's table holds the 节 of the Gregorian year it mostly spans under these keys.
        const s = table[JIE[j]];
        const theirs = beijingSeconds(
          s.getYear(),
          s.getMonth(),
          s.getDay(),
          s.getHour(),
          s.getMinute(),
          s.getSecond(),
        );
        worst = Math.max(worst, Math.abs(jieTime(s.getYear(), j) - theirs));
      }
    }
    expect(worst).toBeLessThanOrEqual(5);
  });

  it('gives the lunar date of every day 1800–1900, equal to lunar-typescript except in seven years', () => {
    // The table numbers months by today's rules in UTC+8 (see scripts/gen-astro.ts): seven lunar years
    // of the Qing era get a new moon one day apart from lunar-typescript's own computation, which moves
    // the end of one or two months (and, in 1896, 正月初一). Nothing else differs.
    const differing = new Set<number>();
    const last = dayNumber(1900, 2, 28);
    for (let n = FIRST_LUNAR_DAY; n <= last; n++) {
      const ours = lunarOfDay(n);
      const d = solarFromDayNumber(n);
      const l = Solar.fromYmd(d.year, d.month, d.day).getLunar();
      const theirs = {
        year: l.getYear(),
        month: Math.abs(l.getMonth()),
        day: l.getDay(),
        leap: l.getMonth() < 0,
      };
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) differing.add(ours.year);
    }
    expect([...differing].sort()).toEqual([1804, 1831, 1841, 1862, 1880, 1895, 1896]);
  });

  it('meets the main lunar table at 1900 正月初一 and refuses days outside', () => {
    const first = dayNumber(1900, 1, 31);
    expect(lunarOfDay(first - 1)).toEqual({ year: 1899, month: 12, day: 30, leap: false });
    expect(lunarOfDay(first)).toEqual(lunarFromDayNumber(first));
    expect(lunarOfDay(dayNumber(2024, 2, 10))).toEqual({ year: 2024, month: 1, day: 1, leap: false });
    expect(lunarOfDay(FIRST_LUNAR_DAY).year).toBe(1799);
    expect(code(() => lunarOfDay(FIRST_LUNAR_DAY - 1))).toBe('OUT_OF_RANGE');
    expect(code(() => lunarOfDay(dayNumber(2101, 1, 29)))).toBe('OUT_OF_RANGE');
  });
});
