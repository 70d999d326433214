import { describe, expect, test } from 'vitest';
import { almanacDay } from './day.ts';
import { almanacDayBasics } from './dayBasics.ts';
import { BUILT_IN_HOLIDAY_YEARS, hasHolidayData, holidayOn } from './holiday.ts';
import { holidaysOfYear } from './holidayPlan.ts';
import { type EnteredHolidayYear, holidayTable } from './holidayTable.ts';
import { icsCalendar } from './ics.ts';
import { monthView } from './monthView.ts';
import { salaryMultiplier } from './salary.ts';
import { dayNumber, formatSolarDate, solarFromDayNumber } from './solarDate.ts';

const dn = (text: string) => {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return dayNumber(y, m, d);
};

/** 'YYYY-MM-DD' … 'YYYY-MM-DD' as a list of dates. */
function range(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let n = dn(from); n <= dn(to); n++) dates.push(formatSolarDate(solarFromDayNumber(n)));
  return dates;
}

/**
 * TEST DATA, made up for these tests: no State Council notice for 2027 is quoted here. A 国庆节 break
 * 2027-10-01..07 with make-up workdays on Sunday 2027-09-26 and Saturday 2027-10-09.
 */
const MADE_UP_2027: EnteredHolidayYear = {
  notices: ['测试用通知（虚构）'],
  days: [
    ...range('2027-10-01', '2027-10-07').map((date) => ({ date, name: '国庆节', offDay: true })),
    { date: '2027-09-26', name: '国庆节', offDay: false },
    { date: '2027-10-09', name: '国庆节', offDay: false },
  ],
};

describe('holidayTable: entered days over the built-in plans', () => {
  test('a new year counts as having data, with 休/班 and pay multipliers', () => {
    const table = holidayTable([MADE_UP_2027]);
    expect(BUILT_IN_HOLIDAY_YEARS).toEqual({ from: 2001, to: 2026 });
    expect(hasHolidayData(2027)).toBe(false);
    expect(hasHolidayData(2027, table)).toBe(true);
    expect(hasHolidayData(2028, table)).toBe(false);
    expect(holidayOn(dn('2027-10-01'), table)).toEqual({ name: '国庆节', offDay: true });
    expect(holidayOn(dn('2027-09-26'), table)).toEqual({ name: '国庆节', offDay: false });
    expect(holidayOn(dn('2027-10-08'), table)).toBeNull();
    // Statutory 10/1–3 ×3, the rest of the break ×2, the make-up Sunday ×1, an ordinary weekend ×2.
    expect(salaryMultiplier(dn('2027-10-02'), table)).toBe(3);
    expect(salaryMultiplier(dn('2027-10-05'), table)).toBe(2);
    expect(salaryMultiplier(dn('2027-09-26'), table)).toBe(1);
    expect(salaryMultiplier(dn('2027-10-16'), table)).toBe(2);
    expect(salaryMultiplier(dn('2027-10-15'), table)).toBe(1);
    // Without the table the engine answers "no data" again: it keeps nothing between calls.
    expect(holidayOn(dn('2027-10-01'))).toBeNull();
    expect(salaryMultiplier(dn('2027-10-02'))).toBeNull();
  });

  test('the month grid, the day card, the 老黄历 day and the iCalendar file take the table', () => {
    const table = holidayTable([MADE_UP_2027]);
    const grid = monthView(2027, 10, { holidays: table });
    const cell = (date: string) => grid.cells.find((c) => c.date === date);
    expect(cell('2027-10-01')).toMatchObject({ rest: '休', salaryMultiplier: 3 });
    expect(cell('2027-10-09')).toMatchObject({ rest: '班', salaryMultiplier: 1 });
    expect(cell('2027-10-12')).toMatchObject({ rest: null, salaryMultiplier: 1 });
    expect(monthView(2027, 10).cells.every((c) => c.rest === null && c.salaryMultiplier === null)).toBe(true);

    expect(almanacDayBasics('2027-10-03', { holidays: table })).toMatchObject({
      holiday: { name: '国庆节', offDay: true },
      salaryMultiplier: 3,
    });
    expect(almanacDay('2027-09-26', { holidays: table })).toMatchObject({
      holiday: { name: '国庆节', offDay: false },
      salaryMultiplier: 1,
    });
    expect(almanacDay('2027-09-26')).toMatchObject({ holiday: null, salaryMultiplier: null });

    const ics = icsCalendar({ from: 2027, to: 2027, holidays: table });
    expect(ics).toContain('SUMMARY:休 国庆节');
    expect(ics).toContain('SUMMARY:班 国庆节调休上班');
    expect(icsCalendar({ from: 2027, to: 2027 })).not.toContain('CATEGORIES:HOLIDAY');
  });

  test('an entered day overrides the built-in entry of its date; removing it restores the built-in one', () => {
    // 2026-10-10 is a built-in 国庆节 make-up workday; 2026-10-09 a built-in ordinary Friday.
    expect(holidayOn(dn('2026-10-10'))).toEqual({ name: '国庆节', offDay: false });
    const corrected = holidayTable([
      {
        notices: ['测试用更正通知（虚构）'],
        days: [
          { date: '2026-10-10', name: '国庆节', offDay: true },
          { date: '2026-10-09', name: '测试假日', offDay: true },
        ],
      },
    ]);
    expect(holidayOn(dn('2026-10-10'), corrected)).toEqual({ name: '国庆节', offDay: true });
    expect(holidayOn(dn('2026-10-09'), corrected)).toEqual({ name: '测试假日', offDay: true });
    expect(salaryMultiplier(dn('2026-10-10'), corrected)).toBe(2);
    expect(salaryMultiplier(dn('2026-10-09'), corrected)).toBe(2);
    // Other built-in days are untouched.
    expect(holidayOn(dn('2026-09-20'), corrected)).toEqual({ name: '国庆节', offDay: false });

    const plan = holidaysOfYear(2026, corrected);
    expect(plan?.notices.length).toBeGreaterThan(0);
    expect(plan?.enteredNotices).toEqual(['测试用更正通知（虚构）']);
    const national = plan?.holidays.find((h) => h.name === '国庆节');
    expect(national?.off).toContain('2026-10-10');
    expect(national?.work).toEqual(['2026-09-20']);
    expect(plan?.holidays.at(-1)).toEqual({ name: '测试假日', off: ['2026-10-09'], work: [] });

    // The entry deleted (a table without it): the built-in day again.
    const afterDelete = holidayTable([
      { notices: ['测试用更正通知（虚构）'], days: [{ date: '2026-10-09', name: '测试假日', offDay: true }] },
    ]);
    expect(holidayOn(dn('2026-10-10'), afterDelete)).toEqual({ name: '国庆节', offDay: false });
    expect(salaryMultiplier(dn('2026-10-10'), afterDelete)).toBe(1);
    expect(holidaysOfYear(2026, afterDelete)?.holidays.find((h) => h.name === '国庆节')?.work).toEqual([
      '2026-09-20',
      '2026-10-10',
    ]);
    expect(holidaysOfYear(2026, holidayTable([]))).toEqual(holidaysOfYear(2026));
  });

  test('holidaysOfYear of a year known only from entered days', () => {
    expect(holidaysOfYear(2027)).toBeNull();
    expect(holidaysOfYear(2027, holidayTable([MADE_UP_2027]))).toEqual({
      year: 2027,
      notices: [],
      enteredNotices: ['测试用通知（虚构）'],
      holidays: [
        { name: '国庆节', off: range('2027-10-01', '2027-10-07'), work: ['2027-09-26', '2027-10-09'] },
      ],
    });
    expect(holidaysOfYear(2028, holidayTable([MADE_UP_2027]))).toBeNull();
  });

  test('refuses entries that are not real days, unnamed or without 休/班', () => {
    const one =
      (date: string, name = '国庆节', offDay: unknown = true) =>
      () =>
        holidayTable([{ days: [{ date, name, offDay: offDay as boolean }] }]);
    expect(one('2027-02-30')).toThrow('wrong solar day');
    expect(one('2027-13-01')).toThrow('wrong solar month');
    expect(one('abc')).toThrow('wrong solar year');
    expect(one('2027-10-01', ' ')).toThrow("wrong holiday entry '2027-10-01'");
    expect(one('2027-10-01', '国庆节', 'yes')).toThrow("wrong holiday entry '2027-10-01'");
    expect(holidayTable([]).days.size).toBe(0);
  });
});
