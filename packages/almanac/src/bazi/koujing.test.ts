import { describe, expect, it } from 'vitest';
import { baziChart } from './chart.ts';

describe('koujing', () => {
  it('names the 子时 school, the clock, true solar time and the 起运 school', () => {
    expect(baziChart({ born: '公 2000-05-10 08:00', sex: '男' }).koujing).toBe(
      '晚子时不换日(0点换日) · 北京时间 · 未用真太阳时 · 起运:三天一年·精确到分 · 年柱立春·月柱交节时刻',
    );
    const k = baziChart({
      born: '公 1990-05-10 08:00',
      sex: '女',
      zi: 'early',
      longitude: 116.4,
      yunSchool: 1,
    }).koujing;
    expect(k).toMatch(
      /^子时换日\(23点换日\) · 北京时间\(夏令时已减1小时\) · 真太阳时\(东经116.4°, 经度-14.4分, 均时差\+3.\d分\) · 起运:三天一年·按日与时辰/,
    );
    expect(
      baziChart({ born: '公 2000-05-10 08:00', sex: '男', longitude: -74, timeZone: 'America/New_York' })
        .koujing,
    ).toContain('西经74°');
  });
});
