import { describe, expect, it } from 'vitest';
import { fnv1a } from './hash';

describe('fnv1a', () => {
  it('matches the FNV-1a 32-bit reference vectors', () => {
    // Vectors from the FNV reference test suite (isthe.com/chongo/tech/comp/fnv).
    expect(fnv1a('')).toBe('811c9dc5');
    expect(fnv1a('a')).toBe('e40c292c');
    expect(fnv1a('foobar')).toBe('bf9cf968');
  });
});
