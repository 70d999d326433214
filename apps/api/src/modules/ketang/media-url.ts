/**
 * Signed, expiring lesson-video URLs bound to the session that asked for them. A `<video>` cannot send
 * the `token` header, so the permission travels two ways the browser sends by itself:
 *
 * - the URL `/api/ketang/media/<file>?expires=<epoch s>&user=<id>&bind=<binding>&sig=<HMAC>`, where the
 *   HMAC covers the path, the expiry, the user it was issued to and `bind`, a keyed hash of the session
 *   id (the URL never carries the id itself);
 * - the cookie {@link MEDIA_COOKIE} that `play` sets beside it — HttpOnly, SameSite=Lax, scoped to
 *   {@link MEDIA_PATH}, lasting as long as the URL — holding the session id and its own HMAC.
 *
 * A request needs both, and they must name the same session: a URL copied to another browser, or sent
 * with another session's cookie, is refused (403), as is a changed or expired URL. The route then
 * checks that the session is still live (a logout ends it). Keys are derived (HKDF) from the JWT secret
 * for this use only. The files live under `private/ketang/`, which the public file route never serves.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { assertStorageKey } from '../../shared/storage.ts';
import { PRIVATE_FILES_PREFIX } from '../media/index.ts';

/** Where lesson videos are stored: `private/ketang/<file>`. */
export const LESSON_MEDIA_PREFIX = `${PRIVATE_FILES_PREFIX}ketang/`;

/** Where the lesson videos operators upload are stored (the seeded ones are under `videos/`). */
export const LESSON_VIDEO_FOLDER = `${LESSON_MEDIA_PREFIX}lessons/`;

/** The route that serves them (mounted under /api); also the cookie's path. */
export const MEDIA_PATH = '/api/ketang/media/';

/** The cookie that binds media URLs to the session that asked for them. */
export const MEDIA_COOKIE = 'xl_media';

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
  bind?: string;
  sig?: string;
}

/** What a good media request may read, and for whom. */
export interface MediaGrant {
  key: string;
  /** The session the URL and the cookie name; the route checks it is still live. */
  sessionId: string;
  /** The user the URL was issued to; null for a visitor. */
  userId: number | null;
  /** When the URL ends (epoch s). */
  expiresAt: number;
}

/** Signs and checks media URLs and their cookie with keys derived from one secret. */
export interface MediaSigner {
  /** The URL of the stored file `key` for `sessionId` (of `userId`) until `expiresAt` (epoch s). */
  urlOf(key: string, binding: { sessionId: string; userId: number | null }, expiresAt: number): string;
  /** The `Set-Cookie` value binding this browser to `sessionId` until `expiresAt` (epoch s). */
  cookieOf(sessionId: string, expiresAt: number, nowMs: number, secure: boolean): string;
  /**
   * What a request for `file` (the path after {@link MEDIA_PATH}) with `query` and the `Cookie` header
   * `cookieHeader` may read at `nowMs`, or null when the signature does not match, the URL has
   * expired, or the cookie is missing, forged or of another session.
   */
  check(file: string, query: MediaQuery, cookieHeader: string | undefined, nowMs: number): MediaGrant | null;
}

const DIGITS = /^\d{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const BINDING = /^[A-Za-z0-9_-]{22}$/;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Timing-safe equality of a base64url string a client sent with the bytes we computed. */
function sameMac(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, 'base64url');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

/** The signer for a JWT secret. */
export function mediaSigner(jwtSecret: string): MediaSigner {
  const key = (label: string) => Buffer.from(hkdfSync('sha256', jwtSecret, '', label, 32));
  const urlKey = key('xuanli lesson media url v2');
  const bindKey = key('xuanli lesson media binding v1');
  const cookieKey = key('xuanli lesson media cookie v1');
  const mac = (k: Buffer, text: string) => createHmac('sha256', k).update(text).digest();
  const urlMac = (file: string, expires: string, user: string, bind: string) =>
    mac(urlKey, `${MEDIA_PATH}${file}\n${expires}\n${user}\n${bind}`);
  // 128 bits: names the session in the URL without revealing its id.
  const bindingOf = (sessionId: string) => mac(bindKey, sessionId).subarray(0, 16);
  return {
    urlOf(storageKey, { sessionId, userId }, expiresAt) {
      if (!isLessonMediaKey(storageKey)) throw new Error(`not a lesson media key: ${storageKey}`);
      const file = storageKey.slice(LESSON_MEDIA_PREFIX.length);
      const expires = String(expiresAt);
      const user = String(userId ?? 0);
      const bind = bindingOf(sessionId).toString('base64url');
      const sig = urlMac(file, expires, user, bind).toString('base64url');
      return `${MEDIA_PATH}${file}?expires=${expires}&user=${user}&bind=${bind}&sig=${sig}`;
    },
    cookieOf(sessionId, expiresAt, nowMs, secure) {
      return stringifySetCookie({
        name: MEDIA_COOKIE,
        value: `${sessionId}.${mac(cookieKey, sessionId).toString('base64url')}`,
        path: MEDIA_PATH,
        maxAge: Math.max(0, expiresAt - Math.floor(nowMs / 1000)),
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
    },
    check(file, query, cookieHeader, nowMs) {
      const { expires, user, bind, sig } = query;
      if (!expires || !user || !bind || !sig) return null;
      if (!DIGITS.test(expires) || !DIGITS.test(user) || !BINDING.test(bind) || !SIGNATURE.test(sig))
        return null;
      if (!sameMac(sig, urlMac(file, expires, user, bind))) return null;
      if (Number(expires) * 1000 <= nowMs) return null;
      const [sessionId, cookieMac] = (parseCookie(cookieHeader ?? '')[MEDIA_COOKIE] ?? '').split('.');
      if (!sessionId || !cookieMac || !SESSION_ID.test(sessionId) || !SIGNATURE.test(cookieMac)) return null;
      if (!sameMac(cookieMac, mac(cookieKey, sessionId))) return null;
      if (!sameMac(bind, bindingOf(sessionId))) return null;
      const key = `${LESSON_MEDIA_PREFIX}${file}`;
      if (!isLessonMediaKey(key)) return null;
      return { key, sessionId, userId: user === '0' ? null : Number(user), expiresAt: Number(expires) };
    },
  };
}
