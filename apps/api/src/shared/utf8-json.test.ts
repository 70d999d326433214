import { describe, expect, it } from 'vitest';
import { jsonUtf8 } from './utf8-json.ts';

/** What Fastify would have sent: the JSON string, UTF-8 encoded by Node. */
const reference = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

describe('jsonUtf8', () => {
  it.each([
    ['ASCII only', { a: 1, b: [true, null, 'x'], c: { d: -0.5 } }],
    ['Chinese', { name: '示例', sizhu: { year: '庚午' }, koujing: '晚子时不换日 · 北京时间' }],
    ['astral characters', { name: '😀𠀀', tail: 'a😀' }],
    [
      'lone surrogates (escaped by JSON.stringify)',
      { hi: '\ud83d', lo: 'x\ude00y', swapped: '\ude00\ud83d' },
    ],
    ['controls, quotes and backslashes', { s: '\u0000\u0001\n\t"\\\u007f\u2028\u2029' }],
    ['Latin-1 beyond ASCII', { s: 'café ÿ ©' }],
    ['empty structures', { a: [], o: {}, s: '' }],
    ['top-level string', '引号"与\\反斜'],
    ['undefined and functions dropped like JSON.stringify', { a: undefined, f: () => 1, l: [undefined] }],
  ])('gives the bytes of Buffer.from(JSON.stringify(v)): %s', (_label, value) => {
    const bytes = jsonUtf8(value);
    expect(bytes.equals(reference(value))).toBe(true);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('handles output larger than its kept scratch space, and smaller output after it', () => {
    const big = { rows: Array.from({ length: 40_000 }, (_, i) => ({ i, gz: '甲子乙丑丙寅' })) };
    expect(jsonUtf8(big).equals(reference(big))).toBe(true);
    const small = { s: '丁卯' };
    expect(jsonUtf8(small).equals(reference(small))).toBe(true);
  });

  it('returns a fresh buffer each call (the scratch space is not shared with callers)', () => {
    const a = jsonUtf8({ s: '戊辰' });
    const b = jsonUtf8({ s: '己巳' });
    expect(a.toString()).toBe('{"s":"戊辰"}');
    expect(b.toString()).toBe('{"s":"己巳"}');
  });

  it('throws where JSON.stringify throws or has no output', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => jsonUtf8(cyclic)).toThrow(TypeError);
    expect(() => jsonUtf8(1n)).toThrow(TypeError);
    expect(() => jsonUtf8(undefined)).toThrow(TypeError);
  });
});
