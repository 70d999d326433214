/**
 * 清除缓存 (系统设置): what the app keeps only to save a request — the `jx-fen-*` answers (PRODUCT.md#screens), the
 * customer-service card `kefu-info` and the master record `dashi` — plus TanStack Query's in-memory
 * answers. Never the login (`jw-token`), the device id, saved 八字 profiles, the theme or other settings:
 * those are the reader's, not a cache.
 */

/** Local-storage keys that are pure caches. */
export const CACHE_KEYS: readonly string[] = ['kefu-info', 'dashi'];

/**
 * Prefixes of local-storage keys that are pure caches (PRODUCT.md#screens `jx-fen-` + a hash of the body).
 */
export const CACHE_PREFIXES: readonly string[] = ['jx-fen-'];

/** Whether a local-storage key holds cached data. */
export function isCacheKey(key: string): boolean {
  return CACHE_KEYS.includes(key) || CACHE_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** What the cache holds: how many entries and about how many bytes (UTF-8 of key and value). */
export interface CacheSize {
  count: number;
  bytes: number;
}

function cacheKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && isCacheKey(key)) keys.push(key);
  }
  return keys;
}

const encoder = new TextEncoder();

/** Measures the cached entries of `storage`. */
export function measureCache(storage: Storage = window.localStorage): CacheSize {
  let bytes = 0;
  const keys = cacheKeys(storage);
  for (const key of keys) bytes += encoder.encode(key + (storage.getItem(key) ?? '')).length;
  return { count: keys.length, bytes };
}

/** Removes the cached entries of `storage` and says what they were. */
export function clearCachedStorage(storage: Storage = window.localStorage): CacheSize {
  const size = measureCache(storage);
  for (const key of cacheKeys(storage)) storage.removeItem(key);
  return size;
}

/** A size for people: `820 B`, `3.4 KB`, `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
