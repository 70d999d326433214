import { describe, expect, it } from 'vitest';
import { formatItems, parseItems } from './items-param';

describe('the checkout items parameter', () => {
  it('reads SKU × pieces lines and writes them back the same way', () => {
    expect(parseItems('12x2,13x1')).toEqual([
      { skuId: 12, qty: 2 },
      { skuId: 13, qty: 1 },
    ]);
    expect(formatItems([{ skuId: 7, qty: 99 }])).toBe('7x99');
    expect(formatItems(parseItems('12x2,13x1')!)).toBe('12x2,13x1');
  });

  it('refuses what the order wire would refuse: no pieces, over 99, a SKU twice, over 20 lines, junk', () => {
    for (const bad of [null, '', '12', '12x0', '0x1', '12x100', '12x1,12x2', 'x1', '12x1,', '-3x1', '1e3x1'])
      expect(parseItems(bad), String(bad)).toBeNull();
    const twenty = Array.from({ length: 20 }, (_, i) => `${i + 1}x1`).join(',');
    expect(parseItems(twenty)).toHaveLength(20);
    expect(parseItems(`${twenty},21x1`)).toBeNull();
  });
});
