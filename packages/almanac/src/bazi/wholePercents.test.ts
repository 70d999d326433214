import { describe, expect, it } from 'vitest';
import { wholePercents } from './wholePercents.ts';

/** A small seeded generator, so a failure names inputs that can be run again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('wholePercents', () => {
  it('adds up to 100 by giving the leftover points to the largest remainders', () => {
    expect(wholePercents([3, 1, 1, 2, 1])).toEqual([38, 13, 12, 25, 12]);
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([8, 0, 0, 0, 0])).toEqual([100, 0, 0, 0, 0]);
    expect(wholePercents([0, 0])).toEqual([0, 0]);
    // A tie goes to the larger share: 1/8 + 3/8 → the 37.5 becomes 38, as Math.round would say.
    expect(wholePercents([1, 2, 1, 3, 1])).toEqual([13, 25, 12, 38, 12]);
  });

  it('sums to exactly 100 and stays within one point of the exact share, for many random inputs', () => {
    const next = random(20240210);
    const wrong: string[] = [];
    for (let run = 0; run < 5000; run++) {
      const n = 1 + Math.floor(next() * 8);
      // Small integer counts like a chart's, and now and then fractional ratios like wxbili.
      const counts = Array.from({ length: n }, () =>
        run % 3 === 0 ? Math.round(next() * 10000) / 100 : Math.floor(next() * 9),
      );
      const total = counts.reduce((a, b) => a + b, 0);
      const out = wholePercents(counts);
      const sum = out.reduce((a, b) => a + b, 0);
      const ok =
        out.length === n &&
        out.every((p) => Number.isInteger(p)) &&
        (total === 0
          ? sum === 0
          : sum === 100 && out.every((p, i) => Math.abs(p - (counts[i] * 100) / total) < 1));
      if (!ok) wrong.push(`${counts.join(',')} → ${out.join(',')}`);
    }
    expect(wrong).toEqual([]);
  });
});
