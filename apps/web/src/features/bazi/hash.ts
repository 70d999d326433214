/**
 * FNV-1a, 32 bit, over the UTF-16 code units of a string, as 8 hex digits. Used for the PRODUCT.md#hehun
 * `jx-fen-` cache key ("keyed by a hash of the request body"): short, stable across browsers, and
 * with no crypto API needed (WeChat's older WebViews lack `crypto.subtle` on plain http).
 * Constants from the FNV reference (Fowler, Noll, Vo; http://www.isthe.com/chongo/tech/comp/fnv/).
 */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    // Multiply by the FNV prime 16777619 (2^24 + 403) with 32-bit wrap-around.
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
