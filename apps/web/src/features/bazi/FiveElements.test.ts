import { describe, expect, it } from 'vitest';
import { wholePercents } from './FiveElements';

describe('wholePercents', () => {
  it('adds up to 100 by giving the leftover points to the largest remainders', () => {
    expect(wholePercents([3, 1, 1, 2, 1])).toEqual([38, 13, 12, 25, 12]);
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([8, 0, 0, 0, 0])).toEqual([100, 0, 0, 0, 0]);
    expect(wholePercents([0, 0])).toEqual([0, 0]);
  });
});
