import { describe, expect, it } from 'vitest';
import { parseSexagenary } from '../ganzhi.ts';
import { baziChart } from './chart.ts';
import { taixi, taiyuan } from './palaces.ts';

const chart = (born: string) => baziChart({ born, sex: '男', timeZone: 'UTC+8' }).mingxiang;

describe('palaces (worked examples from lunar-javascript __tests__/EightChar.test.js)', () => {
  it('2005-12-23 08:37: 胎元 己卯, 命宫 己丑', () => {
    const m = chart('公 2005-12-23 08:37');
    expect(m.taiyuan.ganzhi).toBe('己卯');
    expect(m.minggong.ganzhi).toBe('己丑');
  });
  it('1998-06-11 04:28: 命宫 辛酉', () => expect(chart('公 1998-06-11 04:28').minggong.ganzhi).toBe('辛酉'));
  it('1995-12-18 10:28: 胎元 己卯, 命宫 戊子, 身宫 壬午', () => {
    const m = chart('公 1995-12-18 10:28');
    expect([m.taiyuan.ganzhi, m.minggong.ganzhi, m.shengong.ganzhi]).toEqual(['己卯', '戊子', '壬午']);
  });
  it('胎元 = month + 1 stem, + 3 branches; 胎息 = 五合 stem, 六合 branch; with 纳音', () => {
    expect(taiyuan(parseSexagenary('戊子'))).toEqual({ ganzhi: '己卯', nayin: '城头土' });
    expect(taixi(parseSexagenary('甲子')).ganzhi).toBe('己丑');
  });
});
