import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { meiyu, meiyuDays, sanFu, sanFuDays, shuJiu } from './seasonalPeriods.ts';
import { dayNumber, formatSolarDate, solarFromDayNumber } from './solarDate.ts';
import { expectOnlyListedDifferences } from './testing/dayDifferential.ts';

const d = (y: number, m: number, day: number) => dayNumber(y, m, day);
const md = (n: number) => formatSolarDate(solarFromDayNumber(n)).slice(5);

/**
 * Independent reference: a published table of 入梅/出梅 and 三伏 start dates 2011–2024 (360doc, "入出梅日期",
 * 2011-07-28, http://www.360doc.com/content/14/0220/11/8198688_354147513.shtml), computed by the same
 * rules ("芒种后逢丙入梅，小暑后逢未出梅"; 夏至三庚 / 立秋初庚). Its 2025 row is a typo and left out. Two
 * cells differ on purpose, both years where the term's own day qualifies: 2014 末伏 (立秋 2014-08-07 is
 * 庚戌; table 08-17) and 2017 出梅 (小暑 2017-07-07 is 乙未; table 07-19). The table itself counts the
 * term's day in 2024 (出梅 = 小暑 07-06 辛未), and we always do, as lunar-typescript does for 三伏 and as
 * the usual statement of the rule says ("小暑当日地支为未，则将该日定为出梅") — see
 * test-data/festival-differences.md.
 * Columns: year, 入梅, 出梅, 初伏, 中伏, 末伏 (MM-DD).
 */
const REFERENCE = `
2011 06-10 07-15 07-14 07-24 08-13
2012 06-14 07-09 07-18 07-28 08-07
2013 06-09 07-16 07-13 07-23 08-12
2014 06-14 07-11 07-18 07-28 08-07
2015 06-09 07-18 07-13 07-23 08-12
2016 06-13 07-12 07-17 07-27 08-16
2017 06-08 07-07 07-12 07-22 08-11
2018 06-13 07-14 07-17 07-27 08-16
2019 06-08 07-09 07-12 07-22 08-11
2020 06-12 07-15 07-16 07-26 08-15
2021 06-07 07-10 07-11 07-21 08-10
2022 06-12 07-17 07-16 07-26 08-15
2023 06-07 07-12 07-11 07-21 08-10
2024 06-11 07-06 07-15 07-25 08-14`;

describe('seasonal periods', () => {
  it('matches the published 入梅/出梅 and 三伏 table 2011–2024', () => {
    for (const line of REFERENCE.trim().split('\n')) {
      const [year, ru, chu, chuFu, zhongFu, moFu] = line.split(' ');
      const y = Number(year);
      const mei = meiyuDays(y);
      const fu = sanFuDays(y);
      expect([md(mei.start), md(mei.end), md(fu.chuFu), md(fu.zhongFu), md(fu.moFu)], year).toEqual([
        ru,
        chu,
        chuFu,
        zhongFu,
        moFu,
      ]);
      expect(meiyu(mei.start)).toBe('入梅');
      expect(meiyu(mei.end)).toBe('出梅');
      expect(meiyu(mei.start + 1)).toBe(null);
    }
  });

  it('三伏: 初伏 10 days, 中伏 10 or 20, 末伏 10', () => {
    expect(sanFu(d(2024, 7, 14))).toBe(null);
    expect(sanFu(d(2024, 7, 15))).toEqual({ name: '初伏', day: 1 });
    expect(sanFu(d(2024, 7, 17))).toEqual({ name: '初伏', day: 3 });
    expect(sanFu(d(2024, 8, 13))).toEqual({ name: '中伏', day: 20 }); // 2024: 20-day 中伏
    expect(sanFu(d(2024, 8, 14))).toEqual({ name: '末伏', day: 1 });
    expect(sanFu(d(2024, 8, 24))).toBe(null);
    expect(sanFu(d(2019, 8, 10))).toEqual({ name: '中伏', day: 20 });
    expect(sanFu(d(2012, 8, 6))).toEqual({ name: '中伏', day: 10 }); // 2012: 10-day 中伏
    for (let y = 1900; y <= 2100; y++) {
      const fu = sanFuDays(y);
      expect([10, 20]).toContain(fu.moFu - fu.zhongFu);
    }
  });

  it('数九 from 冬至, nine periods of nine days', () => {
    expect(shuJiu(d(2025, 12, 20))).toBe(null);
    expect(shuJiu(d(2025, 12, 21))).toEqual({ name: '一九', day: 1 });
    expect(shuJiu(d(2026, 1, 13))).toEqual({ name: '三九', day: 6 });
    expect(shuJiu(d(2026, 3, 11))).toEqual({ name: '九九', day: 9 });
    expect(shuJiu(d(2026, 3, 12))).toBe(null);
  });
});

/**
 * Differential test against lunar-typescript 1.8.6 `Lunar.getFu()` and `getShuJiu()` on every day
 * 1900-01-31 … 2100-12-31 (every XUANLI_DIFF_STRIDE-th day); disagreements must be listed in
 * test-data/festival-differences.md, and every listed one must still occur. (入梅/出梅: no oracle.)
 */
describe('differential vs lunar-typescript', () => {
  it('三伏 and 数九', () => {
    expectOnlyListedDifferences(['fu', 'shujiu'], (n, date, check) => {
      const lunar = Solar.fromYmd(date.year, date.month, date.day).getLunar();
      const fu = lunar.getFu();
      const jiu = lunar.getShuJiu();
      check('fu', sanFu(n), fu ? { name: fu.getName(), day: fu.getIndex() } : null);
      check('shujiu', shuJiu(n), jiu ? { name: jiu.getName(), day: jiu.getIndex() } : null);
    });
  });
});
