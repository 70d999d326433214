/**
 * Local-storage keys read by more than one layer (SPEC §3). Kept apart from `src/lib/api.ts` so that
 * the app shell can read them without downloading the API client.
 */

/** The session token record `{jwt, iat, user?}` (SPEC §3 `jw-token`). */
export const TOKEN_STORAGE_KEY_NAME = 'jw-token';
