import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  BEIJING_OFFSET_SECONDS,
  beijingDateAt,
  beijingDateStart,
  beijingDayAt,
  beijingDayNumber,
  beijingDayStart,
  beijingSeconds,
  beijingSecondsAt,
  beijingToday,
  formatBeijing,
  formatBeijingDate,
  formatBeijingDateTime,
  instantOfBeijingSeconds,
} from './beijingTime.ts';
import { dayNumber } from './solarDate.ts';
import { code } from './testing/errorCode.ts';

describe('beijingTime', () => {
  it('counts seconds from 1970-01-01 00:00 Beijing time', () => {
    expect(beijingSeconds(1970, 1, 1)).toBe(0);
    expect(beijingSeconds(1970, 1, 2, 0, 0, 1)).toBe(86401);
    expect(beijingSeconds(1969, 12, 31, 23, 59, 59)).toBe(-1);
    expect(beijingSeconds(2025, 2, 3, 22, 10, 28)).toBe(
      dayNumber(2025, 2, 3) * 86400 + 22 * 3600 + 10 * 60 + 28,
    );
  });

  it('formats and finds the day, also before 1970', () => {
    for (const text of [
      '1900-01-31 00:00:00',
      '1969-12-31 23:59:59',
      '2033-12-22 05:45:01',
      '2101-12-21 23:59:59',
    ]) {
      const [d, t] = text.split(' ');
      const [y, m, day] = d.split('-').map(Number);
      const [h, mi, s] = t.split(':').map(Number);
      const seconds = beijingSeconds(y, m, day, h, mi, s);
      expect(formatBeijing(seconds)).toBe(text);
      expect(beijingDayNumber(seconds)).toBe(dayNumber(y, m, day));
    }
  });

  it('validates with the engine codes of PRODUCT.md#input-rules', () => {
    expect(code(() => beijingSeconds(2024, 13, 1))).toBe('WRONG_SOLAR_MONTH');
    expect(code(() => beijingSeconds(2023, 2, 29))).toBe('WRONG_SOLAR_DAY');
    expect(code(() => beijingSeconds(2024, 1, 1, 24))).toBe('WRONG_HOUR');
    expect(code(() => beijingSeconds(2024, 1, 1, 0, 60))).toBe('WRONG_MINUTE');
    expect(code(() => beijingSeconds(2024, 1, 1, 0, 0, 60))).toBe('WRONG_SECOND');
  });
});

/*
 * The instant functions read no time zone of the machine; the almanac suite runs under TZ=Asia/Shanghai,
 * UTC and America/New_York (scripts/test.mjs), and these compare with the platform's own reckoning of a
 * fixed UTC+8 zone (Etc/GMT-8: POSIX signs are inverted), never Asia/Shanghai, whose summer time of
 * 1986–1991 moved the clocks but not the calendar days.
 */
const utc8 = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Etc/GMT-8',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** 'YYYY-MM-DD HH:mm:ss' of `ms` in UTC+8, as the platform reckons it. */
function platformUtc8(ms: number): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    utc8.formatToParts(ms).find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** Instants from 1900 to 2100, as milliseconds. */
const instants = fc.integer({ min: Date.UTC(1900, 1, 1), max: Date.UTC(2100, 10, 30) });

describe('Beijing time of an instant', () => {
  it('turns the day at 16:00 UTC, whatever the machine’s zone', () => {
    expect(BEIJING_OFFSET_SECONDS).toBe(28800);
    expect(beijingToday(Date.UTC(2026, 10, 21, 15, 59, 59, 999))).toBe('2026-11-21');
    expect(beijingToday(Date.UTC(2026, 10, 21, 16))).toBe('2026-11-22');
    expect(formatBeijingDateTime(Date.UTC(2026, 0, 15, 4, 15))).toBe('2026-01-15 12:15:00');
    // Before 1970 the second still rounds down, towards the earlier day.
    expect(formatBeijingDateTime(Date.UTC(1969, 11, 31, 15, 59, 59, 500))).toBe('1969-12-31 23:59:59');
    expect(beijingDateAt(Date.UTC(2024, 1, 28, 16))).toEqual({ year: 2024, month: 2, day: 29 });
    expect(beijingDayAt(Date.UTC(1969, 11, 31, 16))).toBe(0);
    expect(beijingDayAt(Date.UTC(1969, 11, 31, 15, 59))).toBe(-1);
  });

  it('agrees with the platform’s UTC+8 for instants 1900–2100', () => {
    fc.assert(
      fc.property(instants, (ms) => {
        const text = platformUtc8(ms);
        expect(formatBeijingDateTime(ms)).toBe(text);
        expect(formatBeijingDate(ms)).toBe(text.slice(0, 10));
        expect(beijingToday(ms)).toBe(text.slice(0, 10));
        expect(formatBeijing(beijingSecondsAt(ms))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('goes from Beijing seconds to the instant and back', () => {
    expect(instantOfBeijingSeconds(beijingSeconds(2026, 1, 15, 12, 15))).toBe(Date.UTC(2026, 0, 15, 4, 15));
    fc.assert(
      fc.property(instants, (ms) => {
        const whole = Math.floor(ms / 1000) * 1000;
        expect(instantOfBeijingSeconds(beijingSecondsAt(ms))).toBe(whole);
      }),
    );
  });
});

describe('Beijing days', () => {
  it('start at 00:00 Beijing, 16:00 UTC the day before', () => {
    expect(new Date(beijingDayStart(dayNumber(2026, 1, 1))).toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(new Date(beijingDateStart('2026-03-01')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(beijingDateStart('1970-01-01')).toBe(-8 * 3600 * 1000);
    fc.assert(
      fc.property(instants, (ms) => {
        const start = beijingDayStart(beijingDayAt(ms));
        expect(start).toBeLessThanOrEqual(ms);
        expect(ms - start).toBeLessThan(86400_000);
        expect(platformUtc8(start).slice(11)).toBe('00:00:00');
      }),
    );
  });

  it('add across months, years and leap days, both ways', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-01-15', 0)).toBe('2026-01-15');
    expect(addDays('2000-03-01', -366)).toBe('1999-03-01');
  });

  it('refuse a date that is not a day, with the engine’s codes', () => {
    expect(code(() => addDays('2023-02-29', 1))).toBe('WRONG_SOLAR_DAY');
    expect(code(() => beijingDateStart('2026-13-01'))).toBe('WRONG_SOLAR_MONTH');
    expect(code(() => beijingDateStart('today'))).toBe('WRONG_SOLAR_YEAR');
  });
});
