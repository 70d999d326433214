import { describe, expect, it } from 'vitest';
import { hourPillarsOf, monthPillarsOf, typedPillars, withPillar } from './fancha-pillars';

describe('the pillars that fit (五虎遁, 五鼠遁)', () => {
  it('offers the month pillars of the year stem, from 寅 month', () => {
    // 庚 year: 戊寅 first (乙庚之岁戊为头); 1990 庚午 has 辛巳 as its 巳 month.
    expect(monthPillarsOf('庚').slice(0, 4)).toEqual(['戊寅', '己卯', '庚辰', '辛巳']);
    expect(monthPillarsOf('甲')[0]).toBe('丙寅');
    expect(monthPillarsOf('癸').at(-1)).toBe('乙丑');
    expect(monthPillarsOf('x')).toEqual([]);
  });

  it('offers the hour pillars of the day stem, from 子', () => {
    // 乙 day: 丙子 first (乙庚丙作初); 辰 hour 庚辰.
    expect(hourPillarsOf('乙')[0]).toBe('丙子');
    expect(hourPillarsOf('乙')[4]).toBe('庚辰');
    expect(hourPillarsOf('甲')[0]).toBe('甲子');
    expect(hourPillarsOf('戊')[11]).toBe('癸亥');
  });

  it('reads and rewrites the typed text pillar by pillar', () => {
    expect(typedPillars('庚午，辛巳 乙亥庚')).toEqual(['庚午', '辛巳', '乙亥', '庚']);
    expect(withPillar('庚午', 1, '辛巳')).toBe('庚午 辛巳');
    expect(withPillar('庚午 戊寅 乙亥', 1, '辛巳')).toBe('庚午 辛巳 乙亥');
    expect(withPillar('庚午 辛巳 乙亥', 3, '庚辰')).toBe('庚午 辛巳 乙亥 庚辰');
  });
});
