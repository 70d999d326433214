import { describe, expect, it } from 'vitest';
import { chartLabel, parseSex } from './sex.ts';

describe('sex', () => {
  it('accepts 男/女 only', () => {
    expect(parseSex('男')).toBe('男');
    expect(chartLabel(parseSex('女'))).toBe('坤造');
    for (const v of ['male', 1, '', undefined, '男 ']) expect(() => parseSex(v)).toThrow('性别参数错误！');
  });
});
