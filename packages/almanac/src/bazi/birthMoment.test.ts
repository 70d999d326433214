import { describe, expect, it } from 'vitest';
import { dayNumber } from '../solarDate.ts';
import { birthMoment, checkLongitude } from './birthMoment.ts';

describe('birthMoment', () => {
  it('solar and lunar texts give the same instant; DST removed; Beijing seconds', () => {
    const a = birthMoment('公 2023-04-05 08:00');
    const b = birthMoment('农 2023-02(闰)-15 08:00');
    expect(b.utc).toBe(a.utc);
    expect(b.lunar).toEqual({ year: 2023, month: 2, day: 15, leap: true });
    expect(a.beijing).toBe(dayNumber(2023, 4, 5) * 86400 + 8 * 3600);
    const d = birthMoment('公 1990-05-10 08:00');
    expect(d.clock - d.standard).toBe(3600);
    expect(d.local).toBe(d.standard);
  });
  it('other zones and true solar time', () => {
    const ny = birthMoment('公 2024-07-01 12:00', { timeZone: 'America/New_York', longitude: -74 });
    expect(ny.utc).toBe(dayNumber(2024, 7, 1) * 86400 + 16 * 3600);
    expect(ny.standard).toBe(ny.clock - 3600);
    expect(Math.abs(ny.local - (ny.utc - 74 * 240) - ny.trueSolar!.eotSeconds)).toBeLessThan(1);
  });
  it('checks range and options', () => {
    expect(() => birthMoment('公 1899-05-10')).toThrow('date out of supported range');
    expect(() => birthMoment('公 2101-05-10')).toThrow('date out of supported range');
    expect(() => birthMoment('农 2024-02(闰)-01')).toThrow('wrong lunar month');
    expect(() => checkLongitude(181)).toThrow('longitude');
    expect(() => checkLongitude(Number.NaN)).toThrow();
    expect(checkLongitude(undefined)).toBeUndefined();
  });
});
