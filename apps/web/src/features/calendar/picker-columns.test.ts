import { describe, expect, it } from 'vitest';
import {
  lunarColumns,
  lunarMonthItems,
  normalizeWheel,
  solarColumns,
  solarFromWheel,
  wheelFromSolar,
} from './picker-columns';

describe('lunar wheels', () => {
  it('list 闰二月 right after 二月 in 2023', () => {
    const labels = lunarMonthItems(2023).map((item) => item.label);
    expect(labels.slice(0, 4)).toEqual(['正月', '二月', '闰二月', '三月']);
    expect(labels).toHaveLength(13);
  });

  it('list twelve months in a year without a leap month', () => {
    expect(lunarMonthItems(2024)).toHaveLength(12);
  });

  it('size the day wheel to the month', () => {
    const days = (value: [string, string, string]) => lunarColumns(value)[2];
    const lengths = new Set([29, 30]);
    expect(lengths.has(days(['2023', '2L', '1']).length)).toBe(true);
    expect(days(['2023', '2L', '1'])[0].label).toBe('初一');
  });

  it('turn 闰二月初一 of 2023 into 2023-03-22', () => {
    expect(solarFromWheel('lunar', ['2023', '2L', '1'])).toEqual({ year: 2023, month: 3, day: 22 });
  });

  it('show 2024-02-10 as 正月初一 of 2024', () => {
    expect(wheelFromSolar('lunar', { year: 2024, month: 2, day: 10 })).toEqual(['2024', '1', '1']);
  });

  it('drop a leap month the newly chosen year does not have', () => {
    expect(normalizeWheel('lunar', ['2024', '2L', '1'])).toEqual(['2024', '2', '1']);
  });
});

describe('solar wheels', () => {
  it('size February by the leap-year rule', () => {
    expect(solarColumns(['2024', '2', '1'])[2]).toHaveLength(29);
    expect(solarColumns(['2023', '2', '1'])[2]).toHaveLength(28);
  });

  it('clamp the day when the month gets shorter', () => {
    expect(normalizeWheel('solar', ['2023', '2', '31'])).toEqual(['2023', '2', '28']);
  });
});
