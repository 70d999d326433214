/**
 * Local-storage keys that hold something of the signed-in account and go when the account leaves the
 * phone (logout, the server ending the session, deletion): the 定制 form's field caches (a name and a
 * birth moment are personal data) and the answers kept for offline reading, some of them the
 * account's own. Apart from `./storage-keys.ts`, which the calendar route loads: nothing here ships with it.
 */

/**
 * The 定制 form's field caches (kept on the phone, PRODUCT.md#screens), so what a reader typed survives closing
 * the form.
 */
export const VIP_FORM_CACHE_KEYS = {
  name: 'vip-form-name',
  sex: 'vip-form-sex',
  born: 'vip-form-born',
} as const;

/** The server answers kept for offline reading (src/lib/query-persist.ts). */
export const QUERY_CACHE_STORAGE_KEY = 'xl-query-cache';

/**
 * The saved profiles (命例) on this phone: the list the 排盘 page shows, the account it belongs to once
 * it was synced with one (absent while it is a visitor's, which stays until the visitor logs in), the
 * profiles deleted here that the server has not been told of yet, and a visitor's profiles set aside at
 * login until the reader chooses to store them in the account (back on the phone at logout). They go
 * at logout only when the list is an account's (src/stores/profiles.ts `forgetAccountProfiles`), so they are not in
 * {@link ACCOUNT_STORAGE_KEYS}.
 */
export const CASE_BOOK_STORAGE_KEYS = {
  list: 'bazi-profiles',
  owner: 'bazi-profiles-owner',
  deleted: 'bazi-profiles-deleted',
  offered: 'bazi-profiles-offered',
} as const;

/** Every key the account's departure clears. */
export const ACCOUNT_STORAGE_KEYS: readonly string[] = [
  ...Object.values(VIP_FORM_CACHE_KEYS),
  QUERY_CACHE_STORAGE_KEY,
];
