/**
 * Live user rows by id (shared/ttl-cache.ts explains the lifetimes), so that a logged-in request does
 * not read its user row every time. Every write to `users` in this module drops the row it changed at
 * once; a change notice drops it on every node (a trigger announces every update or deletion of a
 * users row, whoever makes it: a ban, a VIP grant from the console or `npm run admin`, a profile edit).
 * Per database, so test apps never share entries.
 */
import type { Db } from '../../db/client.ts';
import { type CacheBus, rowOf } from '../../shared/cache-bus.ts';
import type { Clock } from '../../shared/clock.ts';
import { type CacheLifetimes, type TtlCache, ttlCache } from '../../shared/ttl-cache.ts';
import type { users } from './schema.ts';

type User = typeof users.$inferSelect;

const cached = new WeakMap<Db, TtlCache<number, User>>();

/**
 * Keeps live user rows of `db` for their `lifetimes` (fallback 0 = off); buildApp calls it once with
 * AUTH_CACHE_SECONDS and CACHE_SECONDS. Answers the unsubscribe from `bus`.
 */
export function configureUserCache(
  db: Db,
  clock: Clock,
  lifetimes: CacheLifetimes,
  bus: CacheBus,
): () => void {
  const cache = ttlCache<number, User>(clock, lifetimes, { bus });
  cached.set(db, cache);
  const unsubscribe = bus.onChange((topic) => {
    const id = rowOf(topic, 'user');
    if (id !== undefined) cache.delete(Number(id));
  });
  const unreset = bus.onReset(() => cache.clear());
  return () => {
    unsubscribe();
    unreset();
  };
}

/** The cached live row of user `id`, if any. */
export function cachedUser(db: Db, id: number): User | undefined {
  return cached.get(db)?.get(id);
}

/** A mark to pass to {@link rememberUser} for a row read from now on. */
export function userTicket(db: Db): number | undefined {
  return cached.get(db)?.ticket();
}

/** Remembers the live row `user`, unless a row was dropped since `ticket` was taken. */
export function rememberUser(db: Db, user: User, ticket?: number): void {
  cached.get(db)?.set(user.id, user, { ticket });
}

/** Forgets user `id` after a write to its row. */
export function forgetUser(db: Db, id: number): void {
  cached.get(db)?.delete(id);
}
