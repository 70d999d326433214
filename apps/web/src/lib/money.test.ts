import { describe, expect, it } from 'vitest';
import { formatFen, yuanOf } from './money';

describe('formatFen', () => {
  it('shows yuan with two decimals from integer 分', () => {
    expect(formatFen(12800)).toBe('¥128.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(199)).toBe('¥1.99');
    expect(formatFen(0)).toBe('¥0.00');
  });

  it('keeps the sign of a negative amount (a refund line)', () => {
    expect(yuanOf(-1050)).toBe('-10.50');
  });
});
