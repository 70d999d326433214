import { describe, expect, it } from 'vitest';
import { dayNumber } from '../solarDate.ts';
import { equationOfTime, trueSolarTime } from './trueSolarTime.ts';

const utc = (y: number, m: number, d: number, h = 0) => dayNumber(y, m, d) * 86400 + h * 3600;

describe('trueSolarTime', () => {
  it('equation of time: Meeus example 28.b (1992-10-13 0h: +13m42.7s) and the yearly extremes', () => {
    expect(Math.abs(equationOfTime(utc(1992, 10, 13)) - (13 * 60 + 42.7))).toBeLessThan(3);
    expect(equationOfTime(utc(2024, 11, 3, 4)) / 60).toBeCloseTo(16.4, 0);
    expect(equationOfTime(utc(2024, 2, 11, 4)) / 60).toBeCloseTo(-14.2, 0);
    expect(Math.abs(equationOfTime(utc(2024, 4, 15, 4)))).toBeLessThan(30);
  });
  it('Beijing 116.4°E: −14.4 min of longitude, plus the equation of time', () => {
    const t = utc(2024, 6, 1, 0); // 08:00 Beijing
    const r = trueSolarTime(t, 116.4, 120);
    expect(r.longitudeSeconds / 60).toBeCloseTo(-14.4, 5);
    expect(r.local - (t + 8 * 3600)).toBe(Math.floor(-14.4 * 60 + r.eotSeconds));
    expect(r.eotSeconds / 60).toBeCloseTo(2.3, 0);
  });
});
