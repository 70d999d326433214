import { describe, expect, it } from 'vitest';
import { factsOf, sizeText } from './courseware-facts';

describe('courseware facts', () => {
  it('says a size in B, KB or MB as a phone’s file manager does (1 KB = 1024 bytes)', () => {
    expect(sizeText(860)).toBe('860 B');
    expect(sizeText(1024)).toBe('1 KB');
    expect(sizeText(88_064)).toBe('86 KB');
    // Just under 1 MB rounds up to it rather than reading 1024 KB.
    expect(sizeText(1024 * 1024 - 100)).toBe('1.0 MB');
    expect(sizeText(1_572_864)).toBe('1.5 MB');
    expect(sizeText(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('puts the pages first when they are known', () => {
    expect(factsOf({ pages: 2, bytes: 88_064 })).toBe('2 页 · 86 KB');
    expect(factsOf({ pages: 0, bytes: 88_064 })).toBe('86 KB');
  });
});
