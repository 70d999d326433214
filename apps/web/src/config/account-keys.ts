/**
 * Local-storage keys that hold something of the signed-in account and go when the account leaves the
 * phone (logout, the server ending the session, deletion): the 定制 form's field caches (a name and a
 * birth moment are personal data) and the answers kept for offline reading, some of them the
 * account's own. Apart from `./storage-keys.ts`, which the calendar route loads: nothing here ships with it.
 */

/** The 定制 form's field caches (SPEC §4 cache keys), so what a reader typed survives closing the form. */
export const VIP_FORM_CACHE_KEYS = {
  name: 'vip-form-name',
  sex: 'vip-form-sex',
  born: 'vip-form-born',
} as const;

/** The server answers kept for offline reading (src/lib/query-persist.ts). */
export const QUERY_CACHE_STORAGE_KEY = 'xl-query-cache';

/** Every key the account's departure clears. */
export const ACCOUNT_STORAGE_KEYS: readonly string[] = [
  ...Object.values(VIP_FORM_CACHE_KEYS),
  QUERY_CACHE_STORAGE_KEY,
];
