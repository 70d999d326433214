import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import {
  buddhistEraYear,
  buddhistFasting,
  buddhistFestivals,
  buddhistObservances,
} from './buddhistFestivals.ts';
import { lunarFromDayNumber } from './lunar.ts';
import { dayNumber } from './solarDate.ts';
import { expectOnlyListedDifferences } from './testing/dayDifferential.ts';

const lunarDate = (year: number, month: number, day: number, leap = false) => ({ year, month, day, leap });

describe('Buddhist calendar', () => {
  it('佛历 = lunar year + 544 (Foto.getYear: parinirvana year −543 is 佛历 1), turning at 春节', () => {
    expect(buddhistEraYear(2025)).toBe(2569);
    expect(buddhistEraYear(lunarFromDayNumber(dayNumber(2025, 1, 28)).year)).toBe(2568); // 除夕 of 2024
    expect(buddhistEraYear(lunarFromDayNumber(dayNumber(2025, 1, 29)).year)).toBe(2569); // 春节 2025
  });

  it('festivals of the Buddhas and Bodhisattvas by lunar date, none in a leap month', () => {
    expect(buddhistFestivals(lunarDate(2025, 4, 8))).toEqual(['释迦牟尼佛圣诞']);
    expect(buddhistFestivals(lunarDate(2025, 2, 19))).toEqual(['观世音菩萨圣诞']);
    expect(buddhistFestivals(lunarDate(2025, 12, 8))).toEqual(['释迦牟尼佛成道']);
    expect(buddhistFestivals(lunarDate(2025, 7, 30))).toEqual(['地藏菩萨圣诞']);
    expect(buddhistFestivals(lunarDate(2025, 6, 19, true))).toEqual([]);
    expect(buddhistFestivals(lunarDate(2025, 6, 18))).toEqual([]);
  });

  it('observances carry result, everyMonth and remark', () => {
    expect(buddhistObservances(lunarDate(2025, 1, 1))).toEqual([
      { name: '天腊，玉帝校世人神气禄命', result: '犯者削禄夺纪', everyMonth: false, remark: '' },
      { name: '月朔', result: '犯者夺纪', everyMonth: true, remark: '' },
    ]);
    expect(buddhistObservances(lunarDate(2025, 3, 30))[0]).toEqual({
      name: '月晦',
      result: '犯者减寿',
      everyMonth: true,
      remark: '如月小，即戒廿九',
    });
    expect(buddhistObservances(lunarDate(2025, 6, 1, true))).toEqual([]);
  });

  it('fasting markers: 十斋, 六斋 (28th in a 29-day month), 朔望, 观音斋, 月斋, 杨公忌', () => {
    const f = buddhistFasting(lunarDate(2025, 1, 8));
    expect(f).toEqual({
      monthZhai: true,
      shuoWang: false,
      sixZhai: true,
      tenZhai: true,
      guanYinZhai: true,
      yangGongJi: false,
    });
    expect(buddhistFasting(lunarDate(2025, 1, 13)).yangGongJi).toBe(true);
    expect(buddhistFasting(lunarDate(2025, 5, 18)).tenZhai).toBe(true);
    expect(buddhistFasting(lunarDate(2025, 5, 18)).sixZhai).toBe(false);
  });
});

/**
 * Differential test against lunar-typescript 1.8.6 `Lunar.getFoto()` on every day 1900-01-31 …
 * 2100-12-31 (every XUANLI_DIFF_STRIDE-th day); disagreements must be listed in
 * test-data/festival-differences.md, and every listed one must still occur.
 */
describe('differential vs lunar-typescript', () => {
  it('Foto festivals, observances, fasting markers and year', () => {
    expectOnlyListedDifferences(['buddhistYear', 'buddhist', 'buddhistObs', 'fasting'], (n, date, check) => {
      const foto = Solar.fromYmd(date.year, date.month, date.day).getLunar().getFoto();
      const lunar = lunarFromDayNumber(n);
      check('buddhistYear', buddhistEraYear(lunar.year), foto.getYear());
      check('buddhist', buddhistFestivals(lunar), foto.getOtherFestivals());
      check(
        'buddhistObs',
        buddhistObservances(lunar),
        foto.getFestivals().map((f) => ({
          name: f.getName(),
          result: f.getResult(),
          everyMonth: f.isEveryMonth(),
          remark: f.getRemark(),
        })),
      );
      check('fasting', buddhistFasting(lunar), {
        monthZhai: foto.isMonthZhai(),
        shuoWang: foto.isDayZhaiShuoWang(),
        sixZhai: foto.isDayZhaiSix(),
        tenZhai: foto.isDayZhaiTen(),
        guanYinZhai: foto.isDayZhaiGuanYin(),
        yangGongJi: foto.isDayYangGong(),
      });
    });
  });
});
