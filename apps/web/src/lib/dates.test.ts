import { describe, expect, it } from 'vitest';
import { addMonths, beijingToday, parseDateParam } from './dates';

describe('beijingToday', () => {
  it('is already the next day in Beijing at 16:30 UTC', () => {
    expect(beijingToday(Date.UTC(2026, 10, 21, 16, 30))).toBe('2026-11-22');
  });

  it('is still the same day in Beijing at 15:59 UTC', () => {
    expect(beijingToday(Date.UTC(2026, 10, 21, 15, 59))).toBe('2026-11-21');
  });
});

describe('parseDateParam', () => {
  it('reads a valid date', () => {
    expect(parseDateParam('2024-02-10', '2026-01-01')).toEqual({ year: 2024, month: 2, day: 10 });
  });

  it('falls back on a malformed or out-of-range date', () => {
    expect(parseDateParam('2024-13-40', '2026-01-01')).toEqual({ year: 2026, month: 1, day: 1 });
    expect(parseDateParam('1850-01-01', '2026-01-01')).toEqual({ year: 2026, month: 1, day: 1 });
    expect(parseDateParam(null, '2026-01-01')).toEqual({ year: 2026, month: 1, day: 1 });
  });
});

describe('addMonths', () => {
  it('crosses year boundaries both ways', () => {
    expect(addMonths(2024, 12, 1)).toEqual({ year: 2025, month: 1 });
    expect(addMonths(2024, 1, -1)).toEqual({ year: 2023, month: 12 });
  });

  it('stops at 1900-01 and 2100-12', () => {
    expect(addMonths(1900, 1, -1)).toEqual({ year: 1900, month: 1 });
    expect(addMonths(2100, 12, 1)).toEqual({ year: 2100, month: 12 });
  });
});
