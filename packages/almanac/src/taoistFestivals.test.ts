import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { dayNumberFromLunar, lunarFromDayNumber } from './lunar.ts';
import { dayNumber } from './solarDate.ts';
import { taoistEraYear, taoistFestivals, taoistMarkers } from './taoistFestivals.ts';
import { expectOnlyListedDifferences } from './testing/dayDifferential.ts';

const names = (n: number) => taoistFestivals(n).map((f) => f.name);

describe('Taoist calendar', () => {
  it('道历 = lunar year + 2697, turning at 春节', () => {
    expect(taoistEraYear(2025)).toBe(4722);
    expect(taoistEraYear(lunarFromDayNumber(dayNumber(2026, 2, 16)).year)).toBe(4722); // 除夕
    expect(taoistEraYear(lunarFromDayNumber(dayNumber(2026, 2, 17)).year)).toBe(4723); // 春节 2026
  });

  it('lunar-dated festivals (non-leap months), term festivals and 八会', () => {
    expect(names(dayNumberFromLunar(2025, 1, 9))).toContain('玉皇上帝圣诞');
    expect(names(dayNumberFromLunar(2025, 2, 15))).toContain('太清道德天尊(太上老君)圣诞');
    expect(names(dayNumberFromLunar(2025, 6, 24, true))).not.toContain('关圣帝君圣诞');
    expect(names(dayNumberFromLunar(2025, 6, 24))).toContain('关圣帝君圣诞');
    expect(names(dayNumber(2025, 12, 21))).toEqual(['元始天尊圣诞', '北方玄上玉宸天尊同黑帝五炁天君下降']); // 冬至
    expect(names(dayNumber(2025, 6, 21))).toContain('灵宝天尊圣诞'); // 夏至
    expect(taoistFestivals(dayNumber(2025, 1, 1))).toEqual([{ name: '日会', remark: '' }]); // 庚午 day
    expect(taoistFestivals(dayNumberFromLunar(2025, 1, 1))[0]).toEqual({
      name: '天腊之辰',
      remark: '天腊，此日五帝会于东方九炁青天',
    });
  });

  it('day markers', () => {
    const m = taoistMarkers(dayNumberFromLunar(2025, 10, 15));
    expect(m.sanHui && m.sanYuan && !m.wuLa).toBe(true);
    expect(taoistMarkers(dayNumber(2025, 2, 3)).baJie).toBe(true); // 立春
    expect(taoistMarkers(dayNumber(2025, 1, 1)).baHui).toBe(true);
  });
});

/**
 * Differential test against lunar-typescript 1.8.6 `Lunar.getTao()` on every day 1900-01-31 …
 * 2100-12-31 (every XUANLI_DIFF_STRIDE-th day); disagreements must be listed in
 * test-data/festival-differences.md, and every listed one must still occur.
 */
describe('differential vs lunar-typescript', () => {
  it('Tao festivals, markers and year', () => {
    expectOnlyListedDifferences(['taoistYear', 'taoist', 'taoMarkers'], (n, date, check) => {
      const tao = Solar.fromYmd(date.year, date.month, date.day).getLunar().getTao();
      const lunar = lunarFromDayNumber(n);
      check('taoistYear', taoistEraYear(lunar.year), tao.getYear());
      check(
        'taoist',
        taoistFestivals(n, lunar),
        tao.getFestivals().map((f) => ({ name: f.getName(), remark: f.getRemark() })),
      );
      check('taoMarkers', taoistMarkers(n, lunar), {
        sanHui: tao.isDaySanHui(),
        sanYuan: tao.isDaySanYuan(),
        wuLa: tao.isDayWuLa(),
        baJie: tao.isDayBaJie(),
        baHui: tao.isDayBaHui(),
        mingWu: tao.isDayMingWu(),
        anWu: tao.isDayAnWu(),
      });
    });
  });
});
