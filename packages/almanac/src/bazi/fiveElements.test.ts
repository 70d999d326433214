import { describe, expect, it } from 'vitest';
import { parseSexagenary } from '../ganzhi.ts';
import { countElements, elementRatios, ratios } from './fiveElements.ts';

describe('fiveElements', () => {
  const p = ['乙酉', '戊子', '辛巳', '壬辰'].map(parseSexagenary);
  it('counts the eight characters and the hidden stems', () => {
    const c = countElements(p);
    expect(c.bzwx).toEqual({ 金: 2, 木: 1, 水: 2, 火: 1, 土: 2 });
    expect(c.cgwx).toEqual({ 金: 2, 木: 1, 水: 2, 火: 1, 土: 2 });
    expect(c.total).toEqual({ 金: 4, 木: 2, 水: 4, 火: 2, 土: 4 });
  });
  it('gives ratios to 2 decimals', () => {
    const r = elementRatios(countElements(p));
    expect(r.total).toEqual({ 金: 0.25, 木: 0.13, 水: 0.25, 火: 0.13, 土: 0.25 });
    expect(ratios({ 金: 0, 木: 0, 水: 0, 火: 0, 土: 0 })).toEqual({ 金: 0, 木: 0, 水: 0, 火: 0, 土: 0 });
  });
});
