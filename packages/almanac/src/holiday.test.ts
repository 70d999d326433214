import { HolidayUtil } from 'lunar-typescript';
import { describe, expect, test } from 'vitest';
import { HOLIDAY_NOTICES } from './data/holidayNotices.ts';
import { HOLIDAY_YEARS } from './data/holidays.ts';
import { hasHolidayData, holidayOn } from './holiday.ts';
import { holidaysOfYear } from './holidayPlan.ts';
import { dayNumber, formatSolarDate, solarFromDayNumber, weekday } from './solarDate.ts';

const dn = (text: string) => {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return dayNumber(y, m, d);
};
const ymd = (n: number) => formatSolarDate(solarFromDayNumber(n));

describe('data', () => {
  test('one plan per year 2001–2026, in order, each citing a notice', () => {
    expect(HOLIDAY_YEARS.map((y) => y.year)).toEqual(Array.from({ length: 26 }, (_, i) => 2001 + i));
    for (const year of HOLIDAY_YEARS) {
      const notices = HOLIDAY_NOTICES[year.year] ?? [];
      expect(notices.length).toBeGreaterThan(0);
      for (const notice of notices) {
        expect(notice.title).toMatch(/^国务院(办公厅)?关于/);
        if (notice.document) expect(notice.document).toMatch(/^国办发明电〔\d{4}〕\d+号$/);
        if (notice.issued) expect(notice.issued).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(notice.url).toMatch(/^https?:\/\//);
      }
    }
  });

  test('every date is valid, no day is claimed twice, ranges are ascending', () => {
    const seen = new Map<number, string>();
    const re = /^\d{4}-\d{2}-\d{2}(\.\.\d{4}-\d{2}-\d{2})?$/;
    for (const year of HOLIDAY_YEARS) {
      for (const h of year.holidays) {
        for (const item of [...h.off, ...(h.work ?? [])]) {
          expect(item).toMatch(re);
          const [from, to = from] = item.split('..') as [string, string?];
          expect(ymd(dn(from))).toBe(from);
          expect(ymd(dn(to))).toBe(to);
          expect(dn(to)).toBeGreaterThanOrEqual(dn(from));
          for (let n = dn(from); n <= dn(to); n++) {
            expect(seen.get(n), `${ymd(n)} in ${year.year} ${h.name}`).toBeUndefined();
            seen.set(n, `${year.year} ${h.name}`);
          }
        }
      }
    }
  });

  test('make-up workdays are weekend days; a plan reaches back at most into the previous December', () => {
    for (const year of HOLIDAY_YEARS) {
      const plan = holidaysOfYear(year.year);
      for (const h of plan?.holidays ?? []) {
        for (const d of h.work) expect([0, 6], `${d} (${h.name})`).toContain(weekday(dn(d)));
        for (const d of [...h.off, ...h.work]) {
          const y = Number(d.slice(0, 4));
          expect(y === year.year || (y === year.year - 1 && d.slice(5, 7) === '12'), d).toBe(true);
        }
      }
    }
  });
});

describe('holidayOn', () => {
  test('调休 workdays and days off named in the issue', () => {
    expect(holidayOn(dn('2024-02-04'))).toEqual({ name: '春节', offDay: false });
    expect(holidayOn(dn('2024-02-18'))).toEqual({ name: '春节', offDay: false });
    expect(holidayOn(dn('2024-02-10'))).toEqual({ name: '春节', offDay: true });
    expect(holidayOn(dn('2024-02-09'))).toBeNull(); // 2024's 除夕 was a workday
    expect(holidayOn(dn('2025-01-26'))).toEqual({ name: '春节', offDay: false });
    expect(holidayOn(dn('2025-02-08'))).toEqual({ name: '春节', offDay: false });
    expect(holidayOn(dn('2025-01-28'))).toEqual({ name: '春节', offDay: true });
    expect(holidayOn(dn('2026-02-14'))).toEqual({ name: '春节', offDay: false });
    expect(holidayOn(dn('2026-02-28'))).toEqual({ name: '春节', offDay: false });
    for (let n = dn('2026-02-15'); n <= dn('2026-02-23'); n++) {
      expect(holidayOn(n)).toEqual({ name: '春节', offDay: true });
    }
    expect(holidayOn(dn('2026-02-24'))).toBeNull();
    expect(holidayOn(dn('2024-03-05'))).toBeNull();
  });

  /**
   * Independent spot checks, one or more per year, typed from the notice texts (see the URLs in
   * data/holidays.ts): [date, name, offDay]. Later notices' changes (2003 SARS, 2019 劳动节, 2020 COVID)
   * are applied.
   */
  const SPOT: [string, string, boolean][] = [
    ['2001-01-20', '春节', false],
    ['2001-01-30', '春节', true],
    ['2001-05-07', '劳动节', true],
    ['2001-09-30', '国庆节', false],
    ['2001-12-29', '元旦', false],
    ['2002-01-03', '元旦', true],
    ['2002-02-18', '春节', true],
    ['2002-04-27', '劳动节', false],
    ['2002-09-29', '国庆节', false],
    ['2003-02-08', '春节', false],
    ['2003-05-05', '劳动节', true],
    ['2003-09-27', '国庆节', false],
    ['2004-01-17', '春节', false],
    ['2004-05-09', '劳动节', false],
    ['2004-10-10', '国庆节', false],
    ['2005-01-03', '元旦', true],
    ['2005-04-30', '劳动节', false],
    ['2005-05-08', '劳动节', false],
    ['2005-12-31', '元旦', false],
    ['2006-02-05', '春节', false],
    ['2006-10-08', '国庆节', false],
    ['2006-12-30', '元旦', false],
    ['2007-02-25', '春节', false],
    ['2007-10-07', '国庆节', true],
    ['2007-12-29', '元旦', false],
    ['2007-12-31', '元旦', true],
    ['2008-02-06', '春节', true],
    ['2008-04-04', '清明节', true],
    ['2008-06-09', '端午节', true],
    ['2008-09-29', '国庆节', true],
    ['2009-01-04', '元旦', false],
    ['2009-05-31', '端午节', false],
    ['2009-10-08', '国庆节、中秋节', true],
    ['2009-10-10', '国庆节、中秋节', false],
    ['2010-02-21', '春节', false],
    ['2010-06-12', '端午节', false],
    ['2010-09-25', '中秋节', false],
    ['2011-02-02', '春节', true],
    ['2011-04-02', '清明节', false],
    ['2011-10-09', '国庆节', false],
    ['2011-12-31', '元旦', false],
    ['2012-03-31', '清明节', false],
    ['2012-06-22', '端午节', true],
    ['2012-09-30', '中秋节、国庆节', true],
    ['2013-01-05', '元旦', false],
    ['2013-04-07', '清明节', false],
    ['2013-06-08', '端午节', false],
    ['2013-10-12', '国庆节', false],
    ['2014-01-26', '春节', false],
    ['2014-04-07', '清明节', true],
    ['2014-05-04', '劳动节', false],
    ['2014-10-11', '国庆节', false],
    ['2015-01-04', '元旦', false],
    ['2015-02-28', '春节', false],
    ['2015-09-03', '抗战胜利纪念日', true],
    ['2015-09-06', '抗战胜利纪念日', false],
    ['2015-10-10', '国庆节', false],
    ['2016-02-06', '春节', false],
    ['2016-05-02', '劳动节', true],
    ['2016-09-18', '中秋节', false],
    ['2016-12-31', '元旦', true],
    ['2017-01-22', '春节', false],
    ['2017-05-27', '端午节', false],
    ['2017-09-30', '中秋节、国庆节', false],
    ['2018-02-24', '春节', false],
    ['2018-04-08', '清明节', false],
    ['2018-09-30', '国庆节', false],
    ['2018-12-29', '元旦', false],
    ['2019-04-28', '劳动节', false],
    ['2019-05-04', '劳动节', true],
    ['2019-05-05', '劳动节', false],
    ['2019-10-12', '国庆节', false],
    ['2020-01-19', '春节', false],
    ['2020-02-02', '春节', true],
    ['2020-05-09', '劳动节', false],
    ['2020-06-28', '端午节', false],
    ['2020-10-08', '国庆节、中秋节', true],
    ['2021-02-07', '春节', false],
    ['2021-02-20', '春节', false],
    ['2021-09-18', '中秋节', false],
    ['2021-10-09', '国庆节', false],
    ['2022-01-29', '春节', false],
    ['2022-04-02', '清明节', false],
    ['2022-05-07', '劳动节', false],
    ['2022-10-09', '国庆节', false],
    ['2022-12-31', '元旦', true],
    ['2023-01-28', '春节', false],
    ['2023-04-23', '劳动节', false],
    ['2023-06-25', '端午节', false],
    ['2023-10-08', '中秋节、国庆节', false],
    ['2023-12-30', '元旦', true],
    ['2024-04-07', '清明节', false],
    ['2024-05-11', '劳动节', false],
    ['2024-09-14', '中秋节', false],
    ['2024-10-12', '国庆节', false],
    ['2025-01-01', '元旦', true],
    ['2025-04-27', '劳动节', false],
    ['2025-06-02', '端午节', true],
    ['2025-09-28', '国庆节、中秋节', false],
    ['2025-10-11', '国庆节、中秋节', false],
    ['2026-01-04', '元旦', false],
    ['2026-05-09', '劳动节', false],
    ['2026-09-20', '国庆节', false],
    ['2026-10-10', '国庆节', false],
    ['2026-09-25', '中秋节', true],
  ];

  test.each(SPOT)('%s is %s (offDay %s)', (date, name, offDay) => {
    expect(holidayOn(dn(date))).toEqual({ name, offDay });
  });

  test('days changed by a later notice', () => {
    // 2003 SARS notice: no long 五一 break — 4/26–27 stay weekends, 5/6–7 are workdays.
    expect(holidayOn(dn('2003-04-26'))).toBeNull();
    expect(holidayOn(dn('2003-05-06'))).toBeNull();
    // 2019 adjustment: 5/1 alone became 5/1–4.
    expect(holidayOn(dn('2019-05-02'))?.offDay).toBe(true);
    // 2020 extension: the 2/1 Saturday make-up workday lapsed.
    expect(holidayOn(dn('2020-02-01'))).toEqual({ name: '春节', offDay: true });
    expect(holidayOn(dn('2020-02-03'))).toBeNull();
  });

  test('every year has its spot checks', () => {
    const years = new Set(SPOT.map(([d]) => Number(d.slice(0, 4))));
    for (let y = 2001; y <= 2026; y++) expect(years.has(y), String(y)).toBe(true);
  });
});

describe('no data', () => {
  test('years outside 2001–2026 say so instead of guessing', () => {
    expect(hasHolidayData(2000)).toBe(false);
    expect(hasHolidayData(2001)).toBe(true);
    expect(hasHolidayData(2026)).toBe(true);
    expect(hasHolidayData(2027)).toBe(false);
    expect(hasHolidayData(2026.5)).toBe(false);
    expect(holidaysOfYear(2027)).toBeNull();
    expect(holidaysOfYear(2000)).toBeNull();
    expect(holidayOn(dn('2027-01-01'))).toBeNull();
    expect(holidayOn(dn('2027-02-06'))).toBeNull();
  });

  test('holidaysOfYear spells the plan out', () => {
    const plan = holidaysOfYear(2024);
    expect(plan?.notices[0]?.document).toBe('国办发明电〔2023〕7号');
    const spring = plan?.holidays.find((h) => h.name === '春节');
    expect(spring?.off).toEqual([
      '2024-02-10',
      '2024-02-11',
      '2024-02-12',
      '2024-02-13',
      '2024-02-14',
      '2024-02-15',
      '2024-02-16',
      '2024-02-17',
    ]);
    expect(spring?.work).toEqual(['2024-02-04', '2024-02-18']);
    expect(holidaysOfYear(2008)?.holidays[0]?.off).toEqual(['2007-12-30', '2007-12-31', '2008-01-01']);
  });
});

describe('oracle: lunar-typescript HolidayUtil (test-only devDependency)', () => {
  /**
   * Every day where we and the oracle disagree, with the reason; the same list, with sources, is in
   * packages/almanac/test-data/holiday-differences.md. Anything else that differs fails the test.
   */
  const EXPECTED: Record<string, string> = {
    // 2001: the oracle has no 2001 plan (its table starts with 2002's 元旦 workdays 2001-12-29/30).
    ...Object.fromEntries(
      [
        ['2001-01-01', '元旦/off'],
        ...['2001-01-20', '2001-01-21'].map((d) => [d, '春节/work']),
        ...range('2001-01-24', '2001-01-30').map((d) => [d, '春节/off']),
        ...['2001-04-28', '2001-04-29'].map((d) => [d, '劳动节/work']),
        ...range('2001-05-01', '2001-05-07').map((d) => [d, '劳动节/off']),
        ...['2001-09-29', '2001-09-30'].map((d) => [d, '国庆节/work']),
        ...range('2001-10-01', '2001-10-07').map((d) => [d, '国庆节/off']),
      ].map(([d, ours]) => [d, `- | ${ours}`]),
    ),
    // 2003: the oracle keeps the original 5/1–7 plan; the 2003-04-21 SARS notice cut it to 5/1–5.
    '2003-04-26': '劳动节/work | -',
    '2003-04-27': '劳动节/work | -',
    '2003-05-06': '劳动节/off | -',
    '2003-05-07': '劳动节/off | -',
    // 2012: the oracle marks two ordinary weekdays (Wed 5/2, Mon 10/8) as 调休 workdays; the notice names only 4/28 and 9/29.
    '2012-05-02': '劳动节/work | -',
    '2012-10-08': '国庆节/work | -',
    // 2013: the oracle lacks two workdays the notice names: 4/7 (Sunday, 清明) and 10/12 (Saturday, 国庆).
    '2013-04-07': '- | 清明节/work',
    '2013-10-12': '- | 国庆节/work',
  };

  function range(from: string, to: string): string[] {
    const out: string[] = [];
    for (let n = dn(from); n <= dn(to); n++) out.push(ymd(n));
    return out;
  }

  /** Oracle names → ours: it says 元旦节 / 国庆中秋 / 抗战胜利日 where the notices say 元旦 / 国庆节、中秋节 / …纪念日. */
  const ALIASES: Record<string, string> = {
    元旦节: '元旦',
    国庆中秋: '国庆节',
    抗战胜利日: '抗战胜利纪念日',
  };

  test('every day 2001-01-01 … 2026-12-31 agrees except the listed differences', () => {
    const found: Record<string, string> = {};
    for (let n = dn('2001-01-01'); n <= dn('2026-12-31'); n++) {
      const date = ymd(n);
      const o = HolidayUtil.getHoliday(date);
      const m = holidayOn(n);
      const theirs = o ? `${o.getName()}/${o.isWork() ? 'work' : 'off'}` : '-';
      const ours = m ? `${m.name}/${m.offDay ? 'off' : 'work'}` : '-';
      const sameKind = (o ? (o.isWork() ? 'work' : 'off') : '-') === (m ? (m.offDay ? 'off' : 'work') : '-');
      if (!sameKind) {
        found[date] = `${theirs} | ${ours}`;
      } else if (o && m) {
        // Combined breaks: we keep the notice's combined name (e.g. 国庆节、中秋节), which contains theirs.
        const name = ALIASES[o.getName()] ?? o.getName();
        if (!m.name.includes(name)) found[date] = `${theirs} | ${ours}`;
      }
    }
    expect(found).toEqual(EXPECTED);
  });
});
