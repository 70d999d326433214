/** Order numbers: 20 digits, the Beijing creation time then 6 random digits. */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../test/build.ts';
import { newOrderNo, ORDER_NO_PATTERN } from './order-no.ts';

describe('order numbers', () => {
  it('start with the Beijing time of creation, also across the UTC midnight', () => {
    // 2026-01-15 17:30:05 UTC is 2026-01-16 01:30:05 in Beijing.
    const orderNo = newOrderNo(fixedClock(Date.UTC(2026, 0, 15, 17, 30, 5)));
    expect(orderNo).toMatch(new RegExp(ORDER_NO_PATTERN));
    expect(orderNo.slice(0, 14)).toBe('20260116013005');
  });

  it('end with 6 random digits', () => {
    const clock = fixedClock();
    const tails = new Set(Array.from({ length: 200 }, () => newOrderNo(clock).slice(14)));
    for (const tail of tails) expect(tail).toMatch(/^\d{6}$/);
    // Two hundred draws from a million: a repeat or two at most, never a constant.
    expect(tails.size).toBeGreaterThan(190);
  });
});
