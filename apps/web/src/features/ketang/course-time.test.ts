/** How lesson and course lengths read. */
import { describe, expect, it } from 'vitest';
import { clockTime, courseLength, courseSize } from './course-time';

describe('clockTime', () => {
  it('writes minutes and padded seconds, hours past an hour', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(485)).toBe('8:05');
    expect(clockTime(3729)).toBe('1:02:09');
    expect(clockTime(42.9)).toBe('0:42');
    expect(clockTime(Number.NaN)).toBe('0:00');
    expect(clockTime(-3)).toBe('0:00');
    expect(clockTime(-3)).toBe('0:00');
    expect(clockTime(59.9)).toBe('0:59');
  });
});

describe('courseLength', () => {
  it('says seconds, rounded minutes, and hours with minutes', () => {
    expect(courseLength(48)).toBe('48 秒');
    expect(courseLength(2860)).toBe('48 分钟');
    expect(courseLength(7200)).toBe('2 小时');
    expect(courseLength(4800)).toBe('1 小时 20 分钟');
    expect(courseLength(3590)).toBe('1 小时');
  });

  it('puts lessons and length together', () => {
    expect(courseSize(6, 2880)).toBe('6 课时 · 48 分钟');
  });
});
