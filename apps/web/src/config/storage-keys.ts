/**
 * Local-storage keys read by more than one layer (PRODUCT.md#screens). Kept apart from `src/lib/api.ts` so
 * that the app shell can read them without downloading the API client.
 */

/** The session token record `{jwt, iat, user?}` (PRODUCT.md#screens `jw-token`). */
export const TOKEN_STORAGE_KEY_NAME = 'jw-token';

/**
 * The holiday days entered since this build, as the API last answered them (`{version, years}`):
 * src/lib/holidays.ts keeps them for the calendar, the 择日 page hands them to its offline engine.
 */
export const HOLIDAYS_STORAGE_KEY_NAME = 'xuanli-holidays';
