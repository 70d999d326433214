import { describe, expect, it } from 'vitest';
import { beijingDayStart, daysBetween, formatDateTime, nextDay, weekdayOf } from './dates';

describe('Beijing dates', () => {
  it('shows instants in Beijing time, whatever the computer’s zone', () => {
    expect(formatDateTime('2026-01-14T16:30:00.000Z')).toBe('2026-01-15 00:30');
    expect(formatDateTime(null)).toBe('—');
  });

  it('turns Beijing days into the instants a range query needs', () => {
    expect(beijingDayStart('2026-01-01')).toBe('2025-12-31T16:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('lists the days of a range across a month and a year end', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(weekdayOf('2027-10-01')).toBe('周五');
  });
});
