import { describe, expect, it } from 'vitest';
import { beijingDayNumber, beijingSeconds, formatBeijing } from './beijingTime.ts';
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
