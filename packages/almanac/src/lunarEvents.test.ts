import { Lunar, LunarYear } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { leapMonth } from './lunar.ts';
import { type CalendarEvent, expandEvent } from './lunarEvents.ts';
import { expectAlmanacError } from './testing/errorCode.ts';

const yearly = (lunar: CalendarEvent['lunar'], id = 'e1'): CalendarEvent => ({
  id,
  title: '生日',
  lunar,
  repeat: 'yearly',
});

const oracleYears = new Map<number, LunarYear>();
function oracleYear(year: number): LunarYear {
  let y = oracleYears.get(year);
  if (!y) {
    y = LunarYear.fromYear(year);
    oracleYears.set(year, y);
  }
  return y;
}

const oracleFirstDays = new Map<string, ReturnType<Lunar['getSolar']>>();
/** The oracle's solar date of lunar `year`-`month`-`day` (negative month = leap), 'YYYY-MM-DD'. */
function oracleDate(year: number, month: number, day: number): string {
  const key = `${year}:${month}`;
  let first = oracleFirstDays.get(key);
  if (!first) {
    first = Lunar.fromYmd(year, month, 1).getSolar();
    oracleFirstDays.set(key, first);
  }
  return first.next(day - 1).toYmd();
}

describe('expandEvent, lunar yearly events', () => {
  it('keeps a 闰月 event in the leap month when the year has it, else in the ordinary month', () => {
    // 农历 2020 闰四月初八: 2020 repeats 四月; 2021 does not.
    const event = yearly({ year: 2020, month: 4, day: 8, leap: true });
    expect(expandEvent(event, 2020, 2021)).toEqual([
      { date: '2020-05-30', lunarText: '农历闰四月初八' },
      { date: '2021-05-19', lunarText: '农历四月初八', moved: '该年无闰四月，按四月' },
    ]);
  });

  it('keeps day 30 on day 29 of a short month', () => {
    // 腊月三十 of lunar 2023 exists (2024-02-09 is 除夕, the 30th); lunar 2024's 腊月 has 29 days.
    const event = yearly({ month: 12, day: 30 });
    expect(expandEvent(event, 2024, 2025)).toEqual([
      { date: '2024-02-09', lunarText: '农历腊月三十' },
      { date: '2025-01-28', lunarText: '农历腊月廿九', moved: '该月只有二十九天，按廿九' },
    ]);
  });

  it('follows both rules in every solar year 1901–2100 and every month, as the oracle dates them', () => {
    for (let month = 1; month <= 12; month++) {
      for (const [day, leap] of [
        [1, false],
        [15, false],
        [30, false],
        [30, true],
        [8, true],
      ] as const) {
        const days = new Map(expandEvent(yearly({ month, day, leap }), 1901, 1930).map((o) => [o.date, o]));
        for (const from of [1931, 1961, 1991, 2021, 2051, 2081])
          for (const o of expandEvent(yearly({ month, day, leap }), from, Math.min(from + 29, 2100)))
            days.set(o.date, o);
        const expected: string[] = [];
        for (let y = 1900; y <= 2100; y++) {
          const useLeap = leap && oracleYear(y).getLeapMonth() === month;
          const m = useLeap ? -month : month;
          const length = oracleYear(y).getMonth(m)!.getDayCount();
          const date = oracleDate(y, m, Math.min(day, length));
          const solarYear = Number(date.slice(0, 4));
          if (solarYear >= 1901 && solarYear <= 2100) expected.push(date);
        }
        expect([...days.keys()].sort()).toEqual(expected.sort());
      }
    }
  });

  it('starts at the year given and repeats only inside the range', () => {
    const event = yearly({ year: 2024, month: 8, day: 15 });
    expect(expandEvent(event, 2020, 2026).map((o) => o.date)).toEqual([
      '2024-09-17',
      '2025-10-06',
      '2026-09-25',
    ]);
    // A 腊月 event of lunar year 2025 falls in February 2026 and belongs to 2026's range.
    expect(expandEvent(yearly({ month: 12, day: 23 }), 2026, 2026).map((o) => o.date)).toEqual([
      '2026-02-10',
    ]);
  });
});

describe('expandEvent, other events', () => {
  it('places a one-off lunar event once, in its own year only', () => {
    const event: CalendarEvent = {
      id: 'x',
      title: '乔迁',
      lunar: { year: 2025, month: 6, day: 1, leap: true },
      repeat: 'none',
    };
    expect(leapMonth(2025)).toBe(6);
    expect(expandEvent(event, 2024, 2026)).toEqual([{ date: '2025-07-25', lunarText: '农历闰六月初一' }]);
    expect(expandEvent(event, 2026, 2027)).toEqual([]);
  });

  it('repeats a solar date yearly, 2-29 on 2-28 in common years', () => {
    const event: CalendarEvent = { id: 's', title: '纪念日', date: '2024-02-29', repeat: 'yearly' };
    expect(expandEvent(event, 2023, 2025)).toEqual([
      { date: '2024-02-29' },
      { date: '2025-02-28', moved: '该年没有2月29日，按2月28日' },
    ]);
    const once: CalendarEvent = { id: 't', title: '体检', date: '2026-03-01', repeat: 'none' };
    expect(expandEvent(once, 2026, 2028)).toEqual([{ date: '2026-03-01' }]);
  });

  it('refuses what cannot be kept', () => {
    const base = { id: 'b', title: '生日', repeat: 'none' as const };
    expectAlmanacError(
      () => expandEvent({ ...base, lunar: { month: 3, day: 1 } }, 2026, 2026),
      'WRONG_LUNAR_YEAR',
      '不重复的农历日程需要年份',
    );
    expectAlmanacError(
      () => expandEvent({ ...base, lunar: { year: 2026, month: 3, day: 1, leap: true } }, 2026, 2026),
      'WRONG_LUNAR_MONTH',
    );
    // 2024's 腊月 has 29 days: a one-off 三十 does not exist.
    expectAlmanacError(
      () => expandEvent({ ...base, lunar: { year: 2024, month: 12, day: 30 } }, 2025, 2025),
      'WRONG_LUNAR_DAY',
    );
    expectAlmanacError(
      () => expandEvent({ ...base, lunar: { month: 13, day: 1 }, repeat: 'yearly' }, 2026, 2026),
      'WRONG_LUNAR_MONTH',
    );
    expectAlmanacError(() => expandEvent({ ...base, date: '2026-02-30' }, 2026, 2026), 'WRONG_SOLAR_DAY');
    expectAlmanacError(
      () => expandEvent({ ...base, date: '2026-01-01', lunar: { month: 1, day: 1 } }, 2026, 2026),
      'WRONG_OPTION',
      '日程需要一个公历或农历日期',
    );
    expectAlmanacError(
      () => expandEvent({ ...base, title: ' ', date: '2026-01-01' }, 2026, 2026),
      'WRONG_OPTION',
    );
    expectAlmanacError(
      () => expandEvent({ ...base, id: '', date: '2026-01-01' }, 2026, 2026),
      'WRONG_OPTION',
    );
    expectAlmanacError(
      () => expandEvent({ ...base, repeat: 'monthly' as never, date: '2026-01-01' }, 2026, 2026),
      'WRONG_OPTION',
    );
    expectAlmanacError(
      () => expandEvent({ ...base, date: '2026-01-01', remindDays: 31 }, 2026, 2026),
      'WRONG_OPTION',
      '提醒只能提前 0 到 30 天',
    );
    expectAlmanacError(() => expandEvent({ ...base, date: '2026-01-01' }, 2026, 2025), 'WRONG_COUNT');
    expectAlmanacError(() => expandEvent({ ...base, date: '2026-01-01' }, 1899, 1900), 'WRONG_SOLAR_YEAR');
  });
});
