/**
 * The console login's settings, declared and validated here and gathered by config.ts at start-up.
 */
import { Type } from 'typebox';
import { integerSetting, readNamedSettings } from '../../shared/settings.ts';

/** How failed console logins are slowed down (see `Config.adminLoginSlowdown`). */
export interface AdminLoginSlowdown {
  /** ADMIN_LOGIN_SLOWDOWN_AFTER: failed attempts answered at once (default 10). */
  freeAttempts: number;
  /** ADMIN_LOGIN_MAX_DELAY_MS: the longest wait after more (default 5000 ms). */
  maxDelayMs: number;
}

/** The console login's variables: their ranges and defaults. */
export const ADMIN_LOGIN_SETTINGS = Type.Object({
  ADMIN_LOGIN_SLOWDOWN_AFTER: integerSetting(0, 1_000_000, 10),
  ADMIN_LOGIN_MAX_DELAY_MS: integerSetting(0, 10_000, 5000),
});

/** The console login's slowdown from the environment ({@link AdminLoginSlowdown}). */
export function parseAdminLoginSlowdown(env: NodeJS.ProcessEnv): AdminLoginSlowdown {
  return readNamedSettings(ADMIN_LOGIN_SETTINGS, env, {
    freeAttempts: 'ADMIN_LOGIN_SLOWDOWN_AFTER',
    maxDelayMs: 'ADMIN_LOGIN_MAX_DELAY_MS',
  });
}
