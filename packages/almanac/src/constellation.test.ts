import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { constellation } from './constellation.ts';
import { daysInSolarMonth } from './solarDate.ts';

describe('constellation', () => {
  it('follows the almanac boundaries at both edges of each sign', () => {
    expect(constellation(3, 20)).toBe('双鱼座');
    expect(constellation(3, 21)).toBe('白羊座');
    expect(constellation(11, 22)).toBe('天蝎座');
    expect(constellation(11, 23)).toBe('射手座');
    expect(constellation(12, 22)).toBe('摩羯座');
    expect(constellation(1, 19)).toBe('摩羯座');
    expect(constellation(1, 20)).toBe('水瓶座');
    expect(constellation(2, 29)).toBe('双鱼座');
  });

  it('agrees with lunar-typescript on every day of a leap year', () => {
    for (let month = 1; month <= 12; month++) {
      for (let day = 1; day <= daysInSolarMonth(2024, month); day++) {
        expect(constellation(month, day)).toBe(`${Solar.fromYmd(2024, month, day).getXingZuo()}座`);
      }
    }
  });
});
