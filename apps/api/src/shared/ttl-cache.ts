/**
 * A small in-process cache of values by key, for what every request reads and rarely changes: a
 * logged-in request's session and user rows (which otherwise cost two database round trips per
 * request), the holiday table, the catalogue's and the classroom's answers.
 *
 * How long an entry lives depends on the change notices (shared/cache-bus.ts):
 * - while the bus is live, `liveMs` — a notice from any node drops the entry as soon as its write
 *   commits, so the time only bounds memory and what a lost notice could cost;
 * - while it is not (the listening connection is down, or there is no bus), `fallbackMs` — then
 *   another node's change is seen within those milliseconds at most, never later. The same entry is
 *   judged by the rule in force when it is read.
 * A lifetime of 0 keeps nothing while that rule is in force (both 0: tests that change rows behind the
 * app's back). An entry may carry its own end (a session token's expiry).
 *
 * A read that started before an entry was dropped must not put the old value back: callers take a
 * {@link TtlCache.ticket} before reading and pass it to `set`, which ignores the value when anything
 * was dropped meanwhile. Bounded: the oldest entries go first past `maxEntries`.
 */
import type { CacheBus } from './cache-bus.ts';
import type { Clock } from './clock.ts';

/** How long entries live (see the module comment). */
export interface CacheLifetimes {
  /** While change notices are live. */
  liveMs: number;
  /** Otherwise. */
  fallbackMs: number;
}

/** A cache of values by key. */
export interface TtlCache<K, V> {
  get(key: K): V | undefined;
  /**
   * Remembers `value` until its lifetime (or `untilMs`, if earlier) ends; ignored when `ticket` is
   * given and an entry was dropped since it was taken.
   */
  set(key: K, value: V, options?: { ticket?: number; untilMs?: number }): void;
  /** A mark to pass to `set` for a value read from now on. */
  ticket(): number;
  delete(key: K): void;
  /** Drops every entry whose value matches (e.g. all sessions of one user). */
  deleteWhere(match: (value: V, key: K) => boolean): void;
  clear(): void;
}

/** A {@link TtlCache} on `clock`, judging lifetimes by `bus` (none: always the fallback). */
export function ttlCache<K, V>(
  clock: Clock,
  lifetimes: number | CacheLifetimes,
  options: { bus?: CacheBus; maxEntries?: number } = {},
): TtlCache<K, V> {
  const { liveMs, fallbackMs } =
    typeof lifetimes === 'number' ? { liveMs: lifetimes, fallbackMs: lifetimes } : lifetimes;
  const maxEntries = options.maxEntries ?? 10_000;
  const bus = options.bus;
  const entries = new Map<K, { value: V; at: number; until: number }>();
  // Moves on with every drop: a read that began before it may hold what was dropped.
  let drops = 0;
  const lifetime = () => (bus?.isLive() ? liveMs : fallbackMs);
  return {
    get(key) {
      const ms = lifetime();
      if (ms <= 0) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      const now = clock.now();
      if (entry.until <= now || entry.at + ms <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, setOptions = {}) {
      if (lifetime() <= 0) return;
      if (setOptions.ticket !== undefined && setOptions.ticket !== drops) return;
      entries.delete(key);
      entries.set(key, { value, at: clock.now(), until: setOptions.untilMs ?? Number.POSITIVE_INFINITY });
      // A Map iterates in insertion order: the first key is the oldest.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    ticket: () => drops,
    delete(key) {
      drops++;
      entries.delete(key);
    },
    deleteWhere(match) {
      drops++;
      for (const [key, entry] of entries) if (match(entry.value, key)) entries.delete(key);
    },
    clear() {
      drops++;
      entries.clear();
    },
  };
}
