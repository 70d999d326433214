import { Solar } from 'lunar-typescript';
import { describe, expect, test } from 'vitest';
import { holidayOn } from './holiday.ts';
import { isStatutoryHoliday, salaryMultiplier, statutoryHolidays } from './salary.ts';
import { dayNumber, formatSolarDate, solarFromDayNumber } from './solarDate.ts';

const dn = (text: string) => {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return dayNumber(y, m, d);
};
const ymd = (n: number) => formatSolarDate(solarFromDayNumber(n));

describe('salaryMultiplier', () => {
  test('2026 has exactly 13 triple-pay days (2024 revision: 除夕 and 5/2 added)', () => {
    const triple: string[] = [];
    for (let n = dn('2026-01-01'); n <= dn('2026-12-31'); n++)
      if (salaryMultiplier(n) === 3) triple.push(ymd(n));
    // 元旦; 除夕 (腊月廿九 — 2026's 腊月 has 29 days); 正月初一–初三; 清明 (the 清明 term falls on 4/5); 5/1–2;
    // 端午 (五月初五); 中秋 (八月十五); 国庆 10/1–3.
    expect(triple).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-02-18',
      '2026-02-19',
      '2026-04-05',
      '2026-05-01',
      '2026-05-02',
      '2026-06-19',
      '2026-09-25',
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
    ]);
  });

  test('除夕 and 5/2 by revision', () => {
    // 2024 (2013 revision): 除夕 2/9 is not statutory — and not even in the break (a Friday, worked) → ×1.
    expect(salaryMultiplier(dn('2024-02-09'))).toBe(1);
    expect(salaryMultiplier(dn('2025-01-28'))).toBe(3); // 2025 除夕, 2024 revision
    expect(salaryMultiplier(dn('2025-05-02'))).toBe(3);
    expect(salaryMultiplier(dn('2024-05-02'))).toBe(2); // in the 5/1–5 break, not statutory
    // 2007 revision (2008–2013): 除夕 to 初二; 初三 is a rest day.
    expect(salaryMultiplier(dn('2013-02-09'))).toBe(3);
    expect(salaryMultiplier(dn('2013-02-12'))).toBe(2);
    // 2013 revision (2014–2024): 初一 to 初三; 2014's 除夕 (1/30, Thursday) was worked.
    expect(salaryMultiplier(dn('2014-01-30'))).toBe(1);
    expect(salaryMultiplier(dn('2014-02-02'))).toBe(3);
    // 1999 revision (to 2007): 5/1–3 and no 清明/端午/中秋.
    expect(salaryMultiplier(dn('2007-05-02'))).toBe(3);
    expect(salaryMultiplier(dn('2007-05-03'))).toBe(3);
    expect(salaryMultiplier(dn('2007-05-04'))).toBe(2);
    expect(salaryMultiplier(dn('2007-04-05'))).toBe(1); // 清明 2007, a Thursday
    expect(salaryMultiplier(dn('2008-04-04'))).toBe(3); // 清明 2008
    expect(salaryMultiplier(dn('2008-05-02'))).toBe(2);
  });

  test('make-up workdays are ×1 even on a weekend; ordinary weekends ×2; weekdays ×1', () => {
    expect(salaryMultiplier(dn('2024-05-11'))).toBe(1); // Saturday, 劳动节 调休上班
    expect(salaryMultiplier(dn('2025-02-08'))).toBe(1); // Saturday, 春节 调休上班
    expect(salaryMultiplier(dn('2024-02-04'))).toBe(1); // Sunday, 春节 调休上班
    expect(salaryMultiplier(dn('2024-03-09'))).toBe(2); // ordinary Saturday
    expect(salaryMultiplier(dn('2024-03-06'))).toBe(1); // ordinary Wednesday
  });

  test('a statutory day on a weekend is still ×3; 2015-09-03 is ×3', () => {
    expect(salaryMultiplier(dn('2026-04-05'))).toBe(3); // 清明, Sunday
    expect(salaryMultiplier(dn('2015-09-03'))).toBe(3);
    expect(salaryMultiplier(dn('2015-09-04'))).toBe(2);
    expect(salaryMultiplier(dn('2020-10-01'))).toBe(3); // 中秋 and 国庆 on the same day
    expect(salaryMultiplier(dn('2020-10-04'))).toBe(2);
  });

  test('no data → null, never a guess', () => {
    expect(salaryMultiplier(dn('2027-01-01'))).toBeNull();
    expect(salaryMultiplier(dn('2027-06-15'))).toBeNull();
    expect(salaryMultiplier(dn('2000-12-31'))).toBeNull();
    expect(salaryMultiplier(dn('2001-01-01'))).toBe(3);
    expect(salaryMultiplier(dn('2026-12-31'))).toBe(1);
  });
});

describe('statutory days against the plans', () => {
  test('every statutory day 2001–2026 is a day off in its year’s plan', () => {
    for (let y = 2001; y <= 2026; y++) {
      for (const n of statutoryHolidays(y)) expect(holidayOn(n)?.offDay, ymd(n)).toBe(true);
    }
  });

  test('statutory counts per year: 10 (1999 rev), 11 (2007/2013 rev), 13 (2024 rev), less coincidences', () => {
    const counts = Object.fromEntries(
      Array.from({ length: 26 }, (_, i) => 2001 + i).map((y) => [y, statutoryHolidays(y).length]),
    );
    // 2009: 中秋 on 10/3; 2020: 中秋 on 10/1 (both inside 国庆). 2015: plus 9/3.
    expect(counts).toEqual({
      2001: 10,
      2002: 10,
      2003: 10,
      2004: 10,
      2005: 10,
      2006: 10,
      2007: 10,
      2008: 11,
      2009: 10,
      2010: 11,
      2011: 11,
      2012: 11,
      2013: 11,
      2014: 11,
      2015: 12,
      2016: 11,
      2017: 11,
      2018: 11,
      2019: 11,
      2020: 10,
      2021: 11,
      2022: 11,
      2023: 11,
      2024: 11,
      2025: 13,
      2026: 13,
    });
    expect(isStatutoryHoliday(dn('2009-10-03'))).toBe(true);
  });
});

describe('oracle: lunar-typescript Solar.getSalaryRate (test-only devDependency)', () => {
  /**
   * Its rule is the 2013 revision applied to every year, on top of its holiday table. Every day where it
   * differs is listed with the reason (see test-data/holiday-differences.md); anything else fails.
   */
  const EXPECTED: Record<string, string> = {
    // 2001: no holiday table in the oracle (its 调休 days unknown to it); 清明 and 端午 were not holidays yet.
    '2001-01-20': '2 1',
    '2001-01-21': '2 1',
    '2001-01-29': '1 2',
    '2001-01-30': '1 2',
    '2001-04-05': '3 1',
    '2001-04-28': '2 1',
    '2001-04-29': '2 1',
    '2001-05-02': '1 3',
    '2001-05-03': '1 3',
    '2001-05-04': '1 2',
    '2001-05-07': '1 2',
    '2001-06-25': '3 1',
    '2001-09-29': '2 1',
    '2001-09-30': '2 1',
    '2001-10-04': '1 2',
    '2001-10-05': '1 2',
    // 2002–2007, 1999 revision: 5/2–3 statutory; 清明/端午/中秋 not holidays (×1 on weekdays, ×2 on weekends).
    '2002-04-05': '3 1',
    '2002-05-02': '2 3',
    '2002-05-03': '2 3',
    '2002-06-15': '3 2',
    '2002-09-21': '3 2',
    '2003-04-05': '3 2',
    '2003-05-02': '2 3',
    '2003-05-03': '2 3',
    '2003-06-04': '3 1',
    '2003-09-11': '3 1',
    '2004-04-04': '3 2',
    '2004-05-02': '2 3',
    '2004-05-03': '2 3',
    '2004-06-22': '3 1',
    '2004-09-28': '3 1',
    '2005-04-05': '3 1',
    '2005-05-02': '2 3',
    '2005-05-03': '2 3',
    '2005-06-11': '3 2',
    '2005-09-18': '3 2',
    '2006-04-05': '3 1',
    '2006-05-02': '2 3',
    '2006-05-03': '2 3',
    '2006-05-31': '3 1',
    '2006-10-06': '3 2',
    '2007-04-05': '3 1',
    '2007-05-02': '2 3',
    '2007-05-03': '2 3',
    '2007-06-19': '3 1',
    '2007-09-25': '3 1',
    // 2003 SARS notice: 4/26–27 stayed weekends, 5/6–7 became workdays.
    '2003-04-26': '1 2',
    '2003-04-27': '1 2',
    '2003-05-06': '2 1',
    '2003-05-07': '2 1',
    // 2008–2013, 2007 revision: 除夕 statutory, 初三 not.
    '2008-02-06': '2 3',
    '2008-02-09': '3 2',
    '2009-01-25': '2 3',
    '2009-01-28': '3 2',
    '2010-02-13': '2 3',
    '2010-02-16': '3 2',
    '2011-02-02': '2 3',
    '2011-02-05': '3 2',
    '2012-01-22': '2 3',
    '2012-01-25': '3 2',
    '2013-02-09': '2 3',
    '2013-02-12': '3 2',
    // 2013: the oracle's table lacks two 调休 workdays the notice names.
    '2013-04-07': '2 1',
    '2013-10-12': '2 1',
    // 2015-09-03: nationwide day off by State Council act.
    '2015-09-03': '2 3',
    // 2025+, 2024 revision: 除夕 and 5/2 statutory.
    '2025-01-28': '2 3',
    '2025-05-02': '2 3',
    '2026-02-16': '2 3',
    '2026-05-02': '2 3',
  };

  test('every day 2001–2026 agrees except the listed differences ("theirs ours")', () => {
    const found: Record<string, string> = {};
    for (let n = dn('2001-01-01'); n <= dn('2026-12-31'); n++) {
      const s = solarFromDayNumber(n);
      const theirs = Solar.fromYmd(s.year, s.month, s.day).getSalaryRate();
      const ours = salaryMultiplier(n);
      if (theirs !== ours) found[ymd(n)] = `${theirs} ${ours}`;
    }
    expect(found).toEqual(EXPECTED);
  });
});
