/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) as every authenticator app computes
 * them: HMAC-SHA1, 6 digits, 30-second steps counted from the Unix epoch. A code is accepted for its
 * own step and one step either side (a phone clock a little off, a code typed as it turned over);
 * which step matched is returned so the caller can refuse it the second time.
 *
 * The arithmetic (base32, HMAC, dynamic truncation) is the kept library `otpauth`; this file holds
 * only our policy: the window, spent steps, and the URL our enrolment answer has always carried.
 */
import { timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@xuanli/contracts/admin-labels';
import { HOTP, Secret } from 'otpauth';

/** Bytes of a new secret: 160 bits, the HMAC-SHA1 key length RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20;

/** Steps either side of now whose code is still accepted. */
export const TOTP_WINDOW_STEPS = 1;

/** RFC 4648 base32 without padding (what otpauth:// URLs and authenticator apps use). */
export function base32Encode(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

/**
 * A base32 secret read case-insensitively with any whitespace and padding ignored (the library alone
 * accepts only plain spaces and trailing padding; secrets pasted by hand carry more).
 */
function readSecret(text: string): Secret {
  return Secret.fromBase32(text.replace(/[\s=]/g, ''));
}

/** Decodes base32 (case-insensitive, spaces and padding ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  return Buffer.from(readSecret(text).bytes);
}

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The 30-second step `ms` falls in. */
export function totpStep(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of `secret` (base32) for step `step`: HOTP with the step as its counter. */
export function totpCode(secret: string, step: number): string {
  return HOTP.generate({
    secret: readSecret(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    counter: step,
  });
}

/**
 * The step whose code `code` is, among now's step and {@link TOTP_WINDOW_STEPS} either side, skipping
 * steps at or before `usedStep` (already spent); null when none matches. Every candidate is computed
 * and compared in constant time, so the answer's timing says nothing about which step matched (the
 * library's own `validate` stops at the first match and knows nothing of spent steps).
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
 * Built here rather than by the library's `toString()` because enrolments already handed out carry
 * the secret first and spaces as %20; the library orders the parameters differently.
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
