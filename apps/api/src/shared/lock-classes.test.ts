import { describe, expect, it } from 'vitest';
import { LOCK_CLASSES } from './lock-classes.ts';

describe('advisory lock classes', () => {
  it('gives every kind of lock a class of its own, within a 32-bit key', () => {
    const classes = Object.values(LOCK_CLASSES);
    expect(new Set(classes).size).toBe(classes.length);
    for (const value of classes) expect(Number.isInteger(value) && value > 0 && value < 2 ** 31).toBe(true);
  });
});
