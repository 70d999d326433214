import { describe, expect, it } from 'vitest';
import { wuxingPercents } from './percents';

describe('wuxingPercents', () => {
  it('gives a chart its 五行 shares in 木火土金水 order', () => {
    // 1990-05-10 08:00 男: 金3 木1 水1 火2 土1 of 8 characters.
    const chart = { wxtongji: { bzwx: { 金: 3, 木: 1, 水: 1, 火: 2, 土: 1 } } } as Parameters<
      typeof wuxingPercents
    >[0];
    expect(wuxingPercents(chart)).toEqual({ 木: 13, 火: 25, 土: 12, 金: 38, 水: 12 });
  });
});
