import { monthView } from '@xuanli/almanac/monthView';
import { describe, expect, it } from 'vitest';
import { cellLabel, narrowLabel } from './MonthGrid';

describe('cell labels', () => {
  it('shortens the names too long for any cell, as people say them', () => {
    expect(cellLabel('万圣节前夜')).toBe('万圣夜');
    expect(cellLabel('消费者权益日')).toBe('3·15');
    expect(cellLabel('初一')).toBe('初一');
  });

  it('gives 长辈模式 on a narrow phone two characters, or the lunar day', () => {
    expect(narrowLabel('国庆节', '初三')).toBe('国庆');
    expect(narrowLabel('平安夜', '初五')).toBe('平安');
    expect(narrowLabel('万圣夜', '廿二')).toBe('万圣');
    expect(narrowLabel('闰六月', '初一')).toBe('闰六');
    expect(narrowLabel('3·15', '廿七')).toBe('315');
    expect(narrowLabel('龙抬头', '初二')).toBe('初二');
    for (const short of ['春节', '立春', '十月', '初一']) expect(narrowLabel(short, '初一')).toBeNull();
  });

  it('leaves no label of 2020–2030 longer than two characters (three digits) on a narrow phone', () => {
    const long: string[] = [];
    for (let year = 2020; year <= 2030; year++) {
      for (let month = 1; month <= 12; month++) {
        for (const cell of monthView(year, month).cells) {
          const label = cellLabel(cell.label);
          const shown = narrowLabel(label, cell.lunarDay) ?? label;
          const fits = /^\d+$/.test(shown) ? shown.length <= 3 : [...shown].length <= 2;
          if (!fits && !long.includes(shown)) long.push(`${cell.date} ${shown}`);
        }
      }
    }
    expect(long).toEqual([]);
  });
});
