import { describe, expect, it } from 'vitest';
import { caseSample, FULL_ENV, SEED_ENV, sampled } from './sampling.ts';

const cases = Array.from({ length: 20 }, (_, i) => i);

describe('the sample of a table-driven suite', () => {
  it('is every case in a full run', () => {
    const sample = caseSample('suite', 4, { [FULL_ENV]: '1' });
    expect(sample.full).toBe(true);
    expect(sampled(cases, sample)).toEqual(cases);
  });

  it('is every case the sampled run leaves out in the rest run, so that the two together run each once', () => {
    const env = { [SEED_ENV]: '7' };
    const first = sampled(cases, caseSample('suite', 4, env));
    const rest = sampled(cases, caseSample('suite', 4, { ...env, [FULL_ENV]: 'rest' }));
    expect(first.length).toBe(5);
    expect(rest.length).toBe(15);
    expect([...first, ...rest].toSorted((a, b) => a - b)).toEqual(cases);
  });

  it('is every k-th case from an offset the seed decides, the same on every run', () => {
    const sample = caseSample('suite', 4, { [SEED_ENV]: '7' });
    const picked = sampled(cases, sample);
    expect(sample.full).toBe(false);
    expect(picked).toHaveLength(5);
    expect(picked.every((n) => n % 4 === sample.offset)).toBe(true);
    expect(caseSample('suite', 4, { [SEED_ENV]: '7' }).offset).toBe(sample.offset);
    expect(sample.label).toContain(`${SEED_ENV}=7`);
    expect(caseSample('suite', 4, { [FULL_ENV]: '0' }).full).toBe(false);
  });

  it('moves with the seed, so that other seeds reach the other cases', () => {
    const offsets = new Set(
      Array.from(
        { length: 40 },
        (_, seed) => caseSample('suite', 4, { [SEED_ENV]: String(seed + 1) }).offset,
      ),
    );
    expect([...offsets].sort()).toEqual([0, 1, 2, 3]);
  });
});
