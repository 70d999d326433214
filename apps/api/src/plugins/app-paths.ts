/**
 * The original app writes the `app/*` calls in mixed case (PRODUCT.md#paths) (`app/bln.suan/jxfen` beside
 * `app/bln.Suan/bzdata`), and old clients send either. Fastify's router is case sensitive for the whole
 * server (find-my-way's `caseSensitive` cannot be set per plugin), and turning it off globally would change
 * every other route's contract. So only the `/api/app/` namespace is made case-insensitive: its path (not its
 * query string) is lower-cased before routing, and its routes are registered in lower case. Consequence for
 * future `/api/app/` routes: no case-significant path parameters there.
 */

/** Prefix of the case-insensitive namespace; routes under it must be registered in lower case. */
export const APP_PREFIX = '/api/app/';

/**
 * The url to route: for `/api/app/…` in any letter case, the same url with its path lower-cased;
 * any other url unchanged. Used as Fastify's `rewriteUrl`, so it runs once per request — the
 * common case costs one 9-character comparison.
 */
export function caseFoldAppPath(url: string): string {
  if (url.length < APP_PREFIX.length || url.slice(0, APP_PREFIX.length).toLowerCase() !== APP_PREFIX) {
    return url;
  }
  const query = url.indexOf('?');
  return query < 0 ? url.toLowerCase() : url.slice(0, query).toLowerCase() + url.slice(query);
}
