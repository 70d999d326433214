/**
 * A small in-process cache whose entries live for a few seconds, for the two reads every logged-in
 * request makes — its session row and its user row — which otherwise cost two database round trips
 * per request (most of a member route's time on PGlite).
 *
 * Why a cache is safe here: writes through this process drop the entries they change at once
 * (logout, deletion, a VIP grant, a profile edit), and the entries of another API process behind the
 * same load balancer are at most `ttlMs` old — a revoked token may be honoured there for that long,
 * never longer. `ttlMs` 0 turns caching off. Bounded: the oldest entries go first past `maxEntries`.
 */
import type { Clock } from './clock.ts';

/** A cache of values by key, each kept for the cache's time to live. */
export interface TtlCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  /** Drops every entry whose value matches (e.g. all sessions of one user). */
  deleteWhere(match: (value: V, key: K) => boolean): void;
}

/** A {@link TtlCache} on `clock` keeping entries `ttlMs`, at most `maxEntries` of them. */
export function ttlCache<K, V>(clock: Clock, ttlMs: number, maxEntries = 10_000): TtlCache<K, V> {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= clock.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { value, until: clock.now() + ttlMs });
      // A Map iterates in insertion order: the first key is the oldest.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(match) {
      for (const [key, entry] of entries) if (match(entry.value, key)) entries.delete(key);
    },
  };
}
