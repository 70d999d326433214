/**
 * Signed, expiring URLs of lesson videos. A `<video>` cannot send the `token` header, so the URL itself
 * carries the permission: `/api/ketang/media/<file>?expires=<epoch s>&user=<id>&sig=<HMAC>`, where the
 * HMAC-SHA256 covers the path, the expiry and the user it was issued to, under a key derived (HKDF)
 * from the JWT secret for this use only. Changing any part, or using it after `expires`, is refused
 * with 403. The files live under `private/ketang/`, which the public file route never serves.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { assertStorageKey } from '../../shared/storage.ts';
import { PRIVATE_FILES_PREFIX } from '../media/index.ts';

/** Where lesson videos are stored: `private/ketang/<file>`. */
export const LESSON_MEDIA_PREFIX = `${PRIVATE_FILES_PREFIX}ketang/`;

/** Where the lesson videos operators upload are stored (the seeded ones are under `videos/`). */
export const LESSON_VIDEO_FOLDER = `${LESSON_MEDIA_PREFIX}lessons/`;

/** The route that serves them (mounted under /api). */
export const MEDIA_PATH = '/api/ketang/media/';

/** Whether `key` names a stored lesson video (a plain storage key under {@link LESSON_MEDIA_PREFIX}). */
export function isLessonMediaKey(key: string): boolean {
  if (!key.startsWith(LESSON_MEDIA_PREFIX)) return false;
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The query of a signed media URL, as received (any field may be missing or forged). */
export interface MediaQuery {
  expires?: string;
  user?: string;
  sig?: string;
}

/** Signs and checks media URLs with one derived key. */
export interface MediaSigner {
  /** The URL of the stored file `key` (under {@link LESSON_MEDIA_PREFIX}) for `userId` until `expiresAt` (epoch s). */
  urlOf(key: string, userId: number | null, expiresAt: number): string;
  /**
   * The storage key a request for `file` (the path after {@link MEDIA_PATH}) with `query` may read at
   * `nowMs`, or null when the signature does not match or has expired.
   */
  check(file: string, query: MediaQuery, nowMs: number): string | null;
}

const DIGITS = /^\d{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The signer for a JWT secret. */
export function mediaSigner(jwtSecret: string): MediaSigner {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'xuanli lesson media url v1', 32));
  const mac = (file: string, expires: string, user: string) =>
    createHmac('sha256', key).update(`${MEDIA_PATH}${file}\n${expires}\n${user}`).digest();
  return {
    urlOf(storageKey, userId, expiresAt) {
      if (!isLessonMediaKey(storageKey)) throw new Error(`not a lesson media key: ${storageKey}`);
      const file = storageKey.slice(LESSON_MEDIA_PREFIX.length);
      const expires = String(expiresAt);
      const user = String(userId ?? 0);
      const sig = mac(file, expires, user).toString('base64url');
      return `${MEDIA_PATH}${file}?expires=${expires}&user=${user}&sig=${sig}`;
    },
    check(file, query, nowMs) {
      const { expires, user, sig } = query;
      if (!expires || !user || !sig || !DIGITS.test(expires) || !DIGITS.test(user) || !SIGNATURE.test(sig))
        return null;
      const expected = mac(file, expires, user);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Number(expires) * 1000 <= nowMs) return null;
      const key = `${LESSON_MEDIA_PREFIX}${file}`;
      return isLessonMediaKey(key) ? key : null;
    },
  };
}
