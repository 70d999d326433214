/**
 * TOTP as authenticator apps compute it: the RFC 6238 appendix B vectors (SHA-1, truncated to 6
 * digits), base32 both ways, the ±1 step window, spent steps, and the otpauth:// URL.
 */
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchTotp,
  newTotpSecret,
  otpauthUrl,
  totpCode,
  totpStep,
} from './totp.ts';

/** RFC 6238's SHA-1 key, "12345678901234567890", in base32. */
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('gives the RFC 6238 SHA-1 test values (their last 6 digits)', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCode(RFC_SECRET, totpStep(seconds * 1000)), String(seconds)).toBe(code.slice(-6));
    }
  });

  it('reads a secret however it was stored or typed: lower case, spaces, tabs, padding', () => {
    const step = totpStep(1111111109 * 1000);
    const spaced = 'gezd gnbv\tgy3t qojq\ngezd gnbv gy3t qojq====';
    expect(totpCode(spaced, step)).toBe('081804');
    expect(matchTotp(spaced, '081804', 1111111109 * 1000, null)).toBe(step);
  });

  it('round-trips base32 (RFC 4648 vectors, no padding) and refuses other characters', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [text, encoded] of vectors) {
      expect(base32Encode(Buffer.from(text))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(text);
    }
    expect(base32Decode('mzxw 6ytb oi==').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the code of now and of one step either side, not two, and not a spent step', () => {
    const now = 1_767_240_000_000;
    const step = totpStep(now);
    const code = (offset: number) => totpCode(RFC_SECRET, step + offset);
    expect(matchTotp(RFC_SECRET, code(0), now, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, code(-1), now, null)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, code(1), now, null)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, code(-2), now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, code(2), now, null)).toBeNull();
    // Spent: the same step (or an earlier one) never counts again.
    expect(matchTotp(RFC_SECRET, code(0), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, code(-1), now, step - 1)).toBeNull();
    expect(matchTotp(RFC_SECRET, code(1), now, step)).toBe(step + 1);
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 12345']) {
      expect(matchTotp(RFC_SECRET, bad, now, null), bad).toBeNull();
    }
  });

  it('builds the otpauth:// URL authenticator apps read, with the issuer 玄历后台', () => {
    const url = new URL(otpauthUrl('wang.li', 'JBSWY3DPEHPK3PXP'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/玄历后台:wang.li');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: '玄历后台',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(otpauthUrl('wang.li', 'JBSWY3DPEHPK3PXP')).not.toContain('+');
  });
});
