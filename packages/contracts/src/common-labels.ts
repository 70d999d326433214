/**
 * The limits every part of the wire shares, without TypeBox: the web's and the console's pages import
 * them from here (their bundles take no schema module), and common.ts builds the shared schemas from
 * the same constants, so a page never asks for what the API would refuse.
 */

/** The largest PostgreSQL `integer` (int4): a bigger number is refused by the schema, not the database. */
export const INT4_MAX = 2_147_483_647;

/** The largest row id: ids are `integer` columns, and a bigger number names no row. */
export const ROW_ID_MAX = INT4_MAX;

/**
 * The largest sum of money the wire carries, in 分 (21,474,836.47 元): amounts are `integer` columns
 * too, and no price, order or refund comes near it.
 */
export const FEN_MAX = INT4_MAX;

/** Rows on a page of any list when the query names no size. */
export const PAGE_SIZE = 20;

/**
 * The one largest page size of every list, the app's and the console's: the console's tables offer it
 * as their largest choice, and an app list never shows more than a screenful at a time.
 */
export const PAGE_SIZE_MAX = 100;

/** The deepest page a list may be asked for (10 million rows at the largest size). */
export const PAGE_MAX = 100_000;

/** A day, 'YYYY-MM-DD' (whether it exists is the service's or the engine's question). */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** A mainland mobile number: 1, then 3–9, then nine digits. */
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';
