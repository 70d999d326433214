import { describe, expect, it } from 'vitest';
import { hasHolidayData, holidayOn } from './holiday.ts';
import { type EnteredHolidayDay, holidayTable } from './holidayTable.ts';
import { bridgeLeave, type LeavePlan } from './leavePlanner.ts';
import { dayNumber, formatSolarDate, parseSolarDate, solarFromDayNumber, weekday } from './solarDate.ts';
import { expectAlmanacError } from './testing/errorCode.ts';

const dn = (text: string) => {
  const { year, month, day } = parseSolarDate(text);
  return dayNumber(year, month, day);
};
const fmt = (n: number) => formatSolarDate(solarFromDayNumber(n));

function days(from: string, to: string, name: string, offDay: boolean): EnteredHolidayDay[] {
  const out: EnteredHolidayDay[] = [];
  for (let n = dn(from); n <= dn(to); n++) out.push({ date: fmt(n), name, offDay });
  return out;
}

/**
 * TEST DATA, made up for these tests: no State Council notice for 2027 is quoted here. A whole year of
 * breaks shaped like recent plans, entered the way operators enter a new notice.
 */
const MADE_UP_2027 = holidayTable([
  {
    notices: ['（测试数据）2027年部分节假日安排'],
    days: [
      ...days('2027-01-01', '2027-01-03', '元旦', true),
      ...days('2027-02-05', '2027-02-12', '春节', true),
      ...days('2027-02-14', '2027-02-14', '春节', false),
      ...days('2027-02-20', '2027-02-20', '春节', false),
      ...days('2027-04-03', '2027-04-05', '清明节', true),
      ...days('2027-05-01', '2027-05-05', '劳动节', true),
      ...days('2027-04-25', '2027-04-25', '劳动节', false),
      ...days('2027-05-08', '2027-05-08', '劳动节', false),
      ...days('2027-06-09', '2027-06-09', '端午节', true),
      ...days('2027-09-15', '2027-09-15', '中秋节', true),
      ...days('2027-10-01', '2027-10-07', '国庆节', true),
      ...days('2027-09-26', '2027-09-26', '国庆节', false),
      ...days('2027-10-09', '2027-10-09', '国庆节', false),
    ],
  },
]);

/** The test's own reading of a day, straight from the holiday table and the weekday. */
function kind(n: number): '休' | '班' | '周末' | '工作日' {
  const holiday = holidayOn(n, MADE_UP_2027);
  if (holiday) return holiday.offDay ? '休' : '班';
  return weekday(n) === 0 || weekday(n) === 6 ? '周末' : '工作日';
}
const isRest = (n: number) => kind(n) === '休' || kind(n) === '周末';
const known = (n: number) => hasHolidayData(solarFromDayNumber(n).year, MADE_UP_2027);

/** Checks one plan day by day against the table; returns its first and last day numbers. */
function checkPlan(plan: LeavePlan, year: number, leave: number): [number, number] {
  const from = dn(plan.from);
  const to = dn(plan.to);
  expect(plan.days).toBe(to - from + 1);
  expect(plan.leave.length + plan.rest.length).toBe(plan.days);
  expect(plan.leave.length).toBeGreaterThanOrEqual(1);
  expect(plan.leave.length).toBeLessThanOrEqual(leave);
  expect(plan.ratio).toBe(Math.round((plan.days / plan.leave.length) * 100) / 100);
  const leaveDays = new Set(plan.leave);
  const restDays = new Set(plan.rest);
  const holidays: string[] = [];
  for (let n = from; n <= to; n++) {
    const date = fmt(n);
    expect(known(n), date).toBe(true);
    if (isRest(n)) {
      expect(restDays.has(date), `${date} is a rest day`).toBe(true);
      const holiday = holidayOn(n, MADE_UP_2027);
      if (holiday && !holidays.includes(holiday.name)) holidays.push(holiday.name);
    } else {
      expect(leaveDays.has(date), `${date} is a workday (${kind(n)})`).toBe(true);
      expect(solarFromDayNumber(n).year, `${date} leave inside the year`).toBe(year);
    }
  }
  expect(plan.holidays).toEqual(holidays);
  expect([...plan.leave]).toEqual([...plan.leave].sort());
  expect([...plan.rest]).toEqual([...plan.rest].sort());
  // Maximal: the days just outside are workdays, or not known.
  for (const edge of [from - 1, to + 1]) if (known(edge)) expect(isRest(edge), fmt(edge)).toBe(false);
  return [from, to];
}

/** Brute force: the longest window holding the rest run [a, b] with 1 … leave workdays, all in `year`. */
function longestAround(a: number, b: number, year: number, leave: number): number {
  const lo = a - 40;
  const hi = b + 40;
  const work: number[] = [0];
  const bad: number[] = [0];
  for (let n = lo; n <= hi; n++) {
    const k = known(n);
    const w = k && !isRest(n);
    work.push(work.at(-1)! + (w ? 1 : 0));
    bad.push(bad.at(-1)! + (!k || (w && solarFromDayNumber(n).year !== year) ? 1 : 0));
  }
  let best = 0;
  for (let s = lo; s <= a; s++) {
    for (let e = b; e <= hi; e++) {
      const i = s - lo;
      const j = e - lo + 1;
      const used = work[j] - work[i];
      if (used >= 1 && used <= leave && bad[j] - bad[i] === 0) best = Math.max(best, e - s + 1);
    }
  }
  return best;
}

describe('bridgeLeave, every year 2001–2027 and 1–5 days of leave', () => {
  it('walks every plan day by day against the holiday table, and each is the longest for its break', () => {
    let plans = 0;
    for (let year = 2001; year <= 2027; year++) {
      for (let leave = 1; leave <= 5; leave++) {
        const result = bridgeLeave({ year, leave, holidayTable: MADE_UP_2027 });
        const windows = result.map((plan) => checkPlan(plan, year, leave));
        plans += result.length;
        expect(new Set(result.map((p) => `${p.from}..${p.to}`)).size).toBe(result.length);
        for (let i = 1; i < result.length; i++) {
          const [a, b] = [result[i - 1], result[i]];
          const order =
            b.days / b.leave.length - a.days / a.leave.length ||
            b.days - a.days ||
            (a.from < b.from ? -1 : 1);
          expect(order, `${a.from} before ${b.from}`).toBeLessThan(0);
        }
        // Every run of rest days within reach of the year's leave gets the longest break it can.
        for (let n = dn(`${year}-01-01`) - 15; n <= dn(`${year}-12-31`) + 15; n++) {
          if (!known(n) || !isRest(n) || (known(n - 1) && isRest(n - 1))) continue;
          let end = n;
          while (known(end + 1) && isRest(end + 1)) end++;
          const longest = longestAround(n, end, year, leave);
          const holding = windows.filter(([s, e]) => s <= n && e >= end).map(([s, e]) => e - s + 1);
          if (longest === 0) expect(holding).toEqual([]);
          else expect(Math.max(...holding), `${fmt(n)} leave ${leave}`).toBe(longest);
        }
      }
    }
    expect(plans).toBeGreaterThan(27 * 5 * 40);
  });
});

describe('bridgeLeave, worked examples', () => {
  it('spends one day on the Monday before 春节 2025 (its Sunday is a 班 day) for nine days off', () => {
    const [best] = bridgeLeave({ year: 2025, leave: 1 });
    expect(best).toEqual({
      from: '2025-01-27',
      to: '2025-02-04',
      days: 9,
      leave: ['2025-01-27'],
      rest: [
        '2025-01-28',
        '2025-01-29',
        '2025-01-30',
        '2025-01-31',
        '2025-02-01',
        '2025-02-02',
        '2025-02-03',
        '2025-02-04',
      ],
      holidays: ['春节'],
      ratio: 9,
    });
  });

  it('counts a 调休 working Saturday as a day of leave to bridge', () => {
    const plans = bridgeLeave({ year: 2025, leave: 3 });
    const after = plans.find((p) => p.from === '2025-10-01');
    // 2025-10-11 is the Saturday worked for 国庆; crossing it to the weekend costs a day of leave.
    expect(after).toMatchObject({
      to: '2025-10-12',
      days: 12,
      leave: ['2025-10-09', '2025-10-10', '2025-10-11'],
      holidays: ['国庆节、中秋节'],
      ratio: 4,
    });
  });

  it('lets the 元旦 break reach into the next year when its plan is known, never spending leave there', () => {
    const [plan] = bridgeLeave({ year: 2025, leave: 3 }).filter((p) => p.to.startsWith('2026'));
    expect(plan).toMatchObject({
      from: '2025-12-27',
      to: '2026-01-03',
      leave: ['2025-12-29', '2025-12-30', '2025-12-31'],
    });
    // 2026 without a 2027 plan stops at its end (the last weekend's best break is the earlier of two
    // equally long ones); with one (entered), 2026's leave buys the days up to 2027's 元旦 break.
    const last2026 = (table?: typeof MADE_UP_2027) =>
      bridgeLeave({ year: 2026, leave: 3, holidayTable: table })
        .map((p) => p.to)
        .sort()
        .at(-1);
    expect(last2026()).toBe('2026-12-27');
    expect(last2026(MADE_UP_2027)).toBe('2027-01-03');
  });

  it('uses the operators’ entered days for a year the build does not know', () => {
    expectAlmanacError(
      () => bridgeLeave({ year: 2027, leave: 2 }),
      'OUT_OF_RANGE',
      '2027 年的放假安排还没有公布',
    );
    const plans = bridgeLeave({ year: 2027, leave: 2, holidayTable: MADE_UP_2027 });
    expect(plans.some((p) => p.holidays.includes('国庆节'))).toBe(true);
  });

  it('refuses bad input', () => {
    expectAlmanacError(() => bridgeLeave({ year: 2025, leave: 0 }), 'WRONG_COUNT', '请假天数为 1 到 5 天');
    expectAlmanacError(() => bridgeLeave({ year: 2025, leave: 6 }), 'WRONG_COUNT');
    expectAlmanacError(() => bridgeLeave({ year: 2025, leave: 1.5 }), 'WRONG_COUNT');
    expectAlmanacError(() => bridgeLeave({ year: 2025.5, leave: 1 }), 'WRONG_SOLAR_YEAR');
    expectAlmanacError(() => bridgeLeave({ year: 1999, leave: 1 }), 'OUT_OF_RANGE');
    expectAlmanacError(() => bridgeLeave(undefined as never), 'WRONG_SOLAR_YEAR');
  });
});
