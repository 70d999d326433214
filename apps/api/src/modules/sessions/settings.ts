/**
 * The sessions' settings, declared and validated here and gathered by config.ts at start-up: how long
 * a token lives, how long a replaced one still works, and how long a process may reuse what it
 * verified. (The signing secret is read in secret.ts: it may be made and kept in the data folder.)
 */

import { Type } from 'typebox';
import { integerSetting, readNamedSettings } from '../../shared/settings.ts';

/** What sessions are configured with. */
export interface SessionSettings {
  /**
   * TOKEN_TTL_SECONDS: lifetime of a session token (default 7 days); clients refresh after 7200 s
   * (PRODUCT.md#account), so this leaves offline slack.
   */
  tokenTtlSeconds: number;
  /**
   * TOKEN_GRACE_SECONDS: how long a token still works after a refresh replaced it (default 60 s, for
   * a client's requests already in flight).
   */
  tokenGraceSeconds: number;
  /**
   * AUTH_CACHE_SECONDS: how long a process may reuse a verified session and its user row before
   * reading them again while the change notices are down (shared/ttl-cache.ts; default 2 s): writes
   * through the process drop them at once, other processes see a revocation within this many seconds.
   * 0 reads the database on every request. While the notices are live, every node drops them as the
   * change commits.
   */
  authCacheSeconds: number;
}

/** The sessions' variables: their ranges and defaults. */
export const SESSION_SETTINGS = Type.Object({
  TOKEN_TTL_SECONDS: integerSetting(60, 365 * 24 * 3600, 7 * 24 * 3600),
  TOKEN_GRACE_SECONDS: integerSetting(0, 3600, 60),
  AUTH_CACHE_SECONDS: integerSetting(0, 60, 2),
});

/** The sessions' settings from the environment (see {@link SessionSettings}). */
export function parseSessionSettings(env: NodeJS.ProcessEnv): SessionSettings {
  return readNamedSettings(SESSION_SETTINGS, env, {
    tokenTtlSeconds: 'TOKEN_TTL_SECONDS',
    tokenGraceSeconds: 'TOKEN_GRACE_SECONDS',
    authCacheSeconds: 'AUTH_CACHE_SECONDS',
  });
}

export { type JwtSecretSource, resolveJwtSecret } from './secret.ts';
