/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) as every authenticator app computes
 * them: HMAC-SHA1, 6 digits, 30-second steps counted from the Unix epoch. A code is accepted for its
 * own step and one step either side (a phone clock a little off, a code typed as it turned over);
 * which step matched is returned so the caller can refuse it the second time.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@xuanli/contracts/admin-labels';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Bytes of a new secret: 160 bits, the HMAC-SHA1 key length RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20;

/** Steps either side of now whose code is still accepted. */
export const TOTP_WINDOW_STEPS = 1;

/** RFC 4648 base32 without padding (what otpauth:// URLs and authenticator apps use). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, spaces and padding ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(TOTP_SECRET_BYTES));
}

/** The 30-second step `ms` falls in. */
export function totpStep(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of `secret` (base32) for step `step` (RFC 4226 §5.3 dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The step whose code `code` is, among now's step and {@link TOTP_WINDOW_STEPS} either side, skipping
 * steps at or before `usedStep` (already spent); null when none matches. Every candidate is computed
 * and compared in constant time, so the answer's timing says nothing about which step matched.
 */
export function matchTotp(
  secret: string,
  code: string,
  nowMs: number,
  usedStep: number | null,
): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const given = Buffer.from(code);
  const now = totpStep(nowMs);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW_STEPS; step <= now + TOTP_WINDOW_STEPS; step++) {
    const same = timingSafeEqual(Buffer.from(totpCode(secret, step)), given);
    if (same && matched === null && (usedStep === null || step > usedStep)) matched = step;
  }
  return matched;
}

/**
 * The otpauth:// URL an authenticator app reads from a QR code (Key Uri Format): the label
 * `玄历后台:<username>`, the secret and the issuer, with the algorithm, digits and period spelled out.
 */
export function otpauthUrl(username: string, secret: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(username)}`;
  const query = new URLSearchParams({
    secret,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}
