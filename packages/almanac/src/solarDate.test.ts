import { describe, expect, it } from 'vitest';
import { AlmanacError } from './errors.ts';
import {
  assertSolarDate,
  assertTime,
  dayNumber,
  daysInSolarMonth,
  daysInSolarYear,
  isLeapYear,
  parseSolarDate,
  solarFromDayNumber,
  weekday,
} from './solarDate.ts';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AlmanacError);
    return (error as Error).message;
  }
  return 'no error';
}

describe('solar dates', () => {
  it('uses the Julian leap rule before 1600 and the Gregorian rule from 1600', () => {
    expect(isLeapYear(1500)).toBe(true);
    expect(isLeapYear(1600)).toBe(true);
    expect(isLeapYear(1700)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
    expect(isLeapYear(2024)).toBe(true);
  });

  it('drops 1582-10-05..14: October 1582 has 21 days, 1582 has 355', () => {
    expect(daysInSolarMonth(1582, 10)).toBe(21);
    expect(daysInSolarYear(1582)).toBe(355);
    expect(dayNumber(1582, 10, 15) - dayNumber(1582, 10, 4)).toBe(1);
    expect(dayNumber(1583, 1, 1) - dayNumber(1582, 1, 1)).toBe(355);
    for (let day = 5; day <= 14; day++)
      expect(messageOf(() => assertSolarDate(1582, 10, day))).toBe('wrong solar day');
    expect(() => assertSolarDate(1582, 10, 4)).not.toThrow();
    expect(() => assertSolarDate(1582, 10, 15)).not.toThrow();
    expect(() => assertSolarDate(1582, 10, 31)).not.toThrow();
  });

  it('round-trips every day from year 1 to 2200 and counts weekdays without gaps', () => {
    const start = dayNumber(1, 1, 1);
    const end = dayNumber(2200, 12, 31);
    const mismatches: number[] = [];
    for (let n = start; n <= end; n++) {
      const date = solarFromDayNumber(n);
      if (dayNumber(date.year, date.month, date.day) !== n) mismatches.push(n);
    }
    expect(mismatches).toEqual([]);
    // Known weekdays: 1949-10-01 Saturday, 2026-11-22 Sunday, 1582-10-15 Friday (first Gregorian day).
    expect(weekday(dayNumber(1949, 10, 1))).toBe(6);
    expect(weekday(dayNumber(2026, 11, 22))).toBe(0);
    expect(weekday(dayNumber(1582, 10, 15))).toBe(5);
    expect(weekday(dayNumber(1582, 10, 4))).toBe(4);
  });

  it('rejects each wrong part with its message of PRODUCT.md#input-rules', () => {
    expect(messageOf(() => assertSolarDate('2024', 1, 1))).toBe('wrong solar year');
    expect(messageOf(() => assertSolarDate(0, 1, 1))).toBe('wrong solar year');
    expect(messageOf(() => assertSolarDate(2024, 13, 1))).toBe('wrong solar month');
    expect(messageOf(() => assertSolarDate(2024, 1.5, 1))).toBe('wrong solar month');
    expect(messageOf(() => assertSolarDate(2024, 2, 30))).toBe('wrong solar day');
    expect(messageOf(() => assertSolarDate(2023, 2, 29))).toBe('wrong solar day');
    expect(messageOf(() => assertSolarDate(2024, 4, 31))).toBe('wrong solar day');
    expect(messageOf(() => assertSolarDate(2024, 1, 0))).toBe('wrong solar day');
    expect(messageOf(() => assertTime(24, 0, 0))).toBe('wrong hour');
    expect(messageOf(() => assertTime(23, 60, 0))).toBe('wrong minute');
    expect(messageOf(() => assertTime(23, 59, 60))).toBe('wrong second');
    expect(messageOf(() => assertTime(Number.NaN))).toBe('wrong hour');
    expect(() => assertSolarDate(2024, 2, 29)).not.toThrow();
  });

  it('parses YYYY-MM-DD and names the wrong part', () => {
    expect(parseSolarDate('2024-02-10')).toEqual({ year: 2024, month: 2, day: 10 });
    expect(parseSolarDate('2024-2-1')).toEqual({ year: 2024, month: 2, day: 1 });
    expect(messageOf(() => parseSolarDate('2024-13-40'))).toBe('wrong solar month');
    expect(messageOf(() => parseSolarDate('abc'))).toBe('wrong solar year');
    expect(messageOf(() => parseSolarDate('2024-x-1'))).toBe('wrong solar month');
    expect(messageOf(() => parseSolarDate('2024-02-30'))).toBe('wrong solar day');
    expect(messageOf(() => parseSolarDate('1582-10-10'))).toBe('wrong solar day');
  });
});
