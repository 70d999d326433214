import { describe, expect, it } from 'vitest';
import { beijingDateTime, minutesSeconds } from './beijing-time';
import { secondsUntil } from './useDeadline';

describe('order times', () => {
  it('are read in Beijing time whatever the phone’s zone', () => {
    expect(beijingDateTime('2026-05-01T16:30:05Z')).toBe('2026-05-02 00:30:05');
    expect(beijingDateTime('nonsense')).toBe('');
    expect(beijingDateTime(null)).toBe('');
  });

  it('count down as mm:ss, never below zero', () => {
    expect(minutesSeconds(15 * 60)).toBe('15:00');
    expect(minutesSeconds(61.9)).toBe('01:01');
    expect(minutesSeconds(-5)).toBe('00:00');
    const now = Date.parse('2026-05-01T02:30:00Z');
    expect(secondsUntil('2026-05-01T02:44:59.200Z', now)).toBe(900);
    expect(secondsUntil('2026-05-01T02:29:00Z', now)).toBe(0);
    expect(secondsUntil('garbage', now)).toBe(0);
    // A deadline further off than an order is ever given (a phone clock far behind): 15:00 at most.
    expect(secondsUntil('2027-05-01T02:44:59Z', now)).toBe(900);
  });
});
