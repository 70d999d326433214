import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { buddhistFasting } from '../buddhistFestivals.ts';
import { lunarFromDayNumber } from '../lunar.ts';
import { ganzhiOfDay } from '../pillars.ts';
import { dayNumber, formatSolarDate, solarFromDayNumber } from '../solarDate.ts';
import { dayDeities } from './dayDeities.ts';
import { dayOfficer } from './dayOfficer.ts';
import {
  fourEndings,
  fourSeparations,
  isMonthBreak,
  isSanNiangSha,
  isYangGongDay,
  tabooDays,
} from './tabooDays.ts';

const dn = (text: string) => {
  const [y, m, d] = text.split('-').map(Number);
  return dayNumber(y, m, d);
};
const date = (n: number) => formatSolarDate(solarFromDayNumber(n));

describe('月破', () => {
  it('is the 破 officer and the 月破 of the day table, for every month and day pillar', () => {
    for (let month = 0; month < 12; month++) {
      for (let pillar = 0; pillar < 60; pillar++) {
        const brk = isMonthBreak(month, pillar % 12);
        expect(brk).toBe(dayOfficer(month, pillar % 12) === '破');
        expect(brk).toBe(dayDeities(month, pillar).xiongSha.includes('月破'));
        expect(brk).toBe(pillar % 12 === (month + 6) % 12);
      }
    }
  });
});

describe('四离 and 四绝', () => {
  it('fall on the eves of the two equinoxes and solstices, and of the four 立', () => {
    expect(fourSeparations(dn('2024-03-19'))).toBe('春分');
    expect(fourSeparations(dn('2024-12-20'))).toBe('冬至');
    expect(fourSeparations(dn('2024-03-20'))).toBeNull();
    expect(fourEndings(dn('2024-02-03'))).toBe('立春');
    expect(fourEndings(dn('2025-11-06'))).toBe('立冬');
    expect(fourEndings(dn('2024-03-19'))).toBeNull();
  });

  it('are four days each a year and agree with lunar-typescript’s terms, 2000–2040', () => {
    for (let year = 2000; year <= 2040; year++) {
      const separations: string[] = [];
      const endings: string[] = [];
      for (let n = dn(`${year}-01-01`); n <= dn(`${year}-12-31`); n++) {
        const next = solarFromDayNumber(n + 1);
        const oracleTerm = Solar.fromYmd(next.year, next.month, next.day).getLunar().getJieQi();
        const separation = fourSeparations(n);
        const ending = fourEndings(n);
        expect(separation ?? '').toBe(
          ['春分', '夏至', '秋分', '冬至'].includes(oracleTerm) ? oracleTerm : '',
        );
        expect(ending ?? '').toBe(['立春', '立夏', '立秋', '立冬'].includes(oracleTerm) ? oracleTerm : '');
        if (separation) separations.push(separation);
        if (ending) endings.push(ending);
      }
      expect(separations).toEqual(['春分', '夏至', '秋分', '冬至']);
      expect(endings).toEqual(['立春', '立夏', '立秋', '立冬']);
    }
  });
});

describe('杨公忌', () => {
  it('is the thirteen days of the almanacs, two days earlier each month', () => {
    const days: string[] = [];
    for (let month = 1; month <= 12; month++)
      for (let day = 1; day <= 30; day++)
        if (isYangGongDay({ year: 2024, month, day, leap: false })) days.push(`${month}-${day}`);
    expect(days).toEqual([
      '1-13',
      '2-11',
      '3-9',
      '4-7',
      '5-5',
      '6-3',
      '7-1',
      '7-29',
      '8-27',
      '9-25',
      '10-23',
      '11-21',
      '12-19',
    ]);
  });

  it('agrees with lunar-typescript and the 斋戒 calendar outside leap months, and holds in them, 1990–2040', () => {
    let leapDays = 0;
    for (let n = dn('1990-01-01'); n <= dn('2040-12-31'); n++) {
      const lunar = lunarFromDayNumber(n);
      const ours = isYangGongDay(lunar);
      if (lunar.leap) {
        // The oracle and the 斋戒 calendar keep no observances in a leap month; a refusal does.
        if (ours) leapDays++;
        expect(ours).toBe(
          [113, 211, 309, 407, 505, 603, 701, 729, 827, 925, 1023, 1121, 1219].includes(
            lunar.month * 100 + lunar.day,
          ),
        );
        continue;
      }
      const { year, month, day } = solarFromDayNumber(n);
      expect(ours, date(n)).toBe(Solar.fromYmd(year, month, day).getLunar().getFoto().isDayYangGong());
      expect(ours).toBe(buddhistFasting(lunar).yangGongJi);
    }
    expect(leapDays).toBeGreaterThan(10);
  });
});

describe('三娘煞', () => {
  it('is 初三, 初七, 十三, 十八, 廿二 and 廿七', () => {
    const days = Array.from({ length: 30 }, (_, i) => i + 1).filter(isSanNiangSha);
    expect(days).toEqual([3, 7, 13, 18, 22, 27]);
  });
});

describe('tabooDays', () => {
  const of = (text: string) => {
    const n = dn(text);
    const p = ganzhiOfDay(n);
    return tabooDays(n, lunarFromDayNumber(n), p.month % 12, p.day % 12);
  };

  it('lists every refusal of a day with its reason', () => {
    // 2024-12-20: 戊午 day in the 子 month (月破), the eve of 冬至, lunar 十一月二十.
    expect(of('2024-12-20')).toEqual([
      { name: '月破', reason: '月破日（日支冲月建）' },
      { name: '四离', reason: '四离日（冬至前一日）' },
    ]);
    // 2024-02-22 is 正月十三: 杨公忌 and 三娘煞 at once.
    expect(of('2024-02-22')).toEqual([
      { name: '杨公忌', reason: '杨公忌日' },
      { name: '三娘煞', reason: '三娘煞日' },
    ]);
    expect(of('2024-02-03')).toEqual([{ name: '四绝', reason: '四绝日（立春前一日）' }]);
    expect(of('2024-02-20')).toEqual([]);
  });
});
