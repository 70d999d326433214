/**
 * Live user rows by id for a few seconds (shared/ttl-cache.ts explains the bound), so that a logged-in
 * request does not read its user row every time. Every write to `users` in this module drops the
 * row it changed; per database, so test apps never share entries.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { type TtlCache, ttlCache } from '../../shared/ttl-cache.ts';
import type { users } from './schema.ts';

type User = typeof users.$inferSelect;

const cached = new WeakMap<Db, TtlCache<number, User>>();

/** Keeps live user rows of `db` for `ttlMs` (0 = off); buildApp calls it once with `AUTH_CACHE_SECONDS`. */
export function configureUserCache(db: Db, clock: Clock, ttlMs: number): void {
  cached.set(db, ttlCache(clock, ttlMs));
}

/** The cached live row of user `id`, if any. */
export function cachedUser(db: Db, id: number): User | undefined {
  return cached.get(db)?.get(id);
}

/** Remembers the live row `user`. */
export function rememberUser(db: Db, user: User): void {
  cached.get(db)?.set(user.id, user);
}

/** Forgets user `id` after a write to its row. */
export function forgetUser(db: Db, id: number): void {
  cached.get(db)?.delete(id);
}
