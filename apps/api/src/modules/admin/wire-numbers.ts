/**
 * Numbers from the wire that the schemas cannot fully vouch for: the query-string coercion turns
 * 'Infinity' or '1e400' (and JSON turns 1e400) into Infinity, which then slips past `maximum`. Ids
 * past an `integer` column's range name no row; other out-of-range numbers are a ValidationError —
 * never a database error.
 */
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX } from '@xuanli/contracts/admin-labels';
import { AppError } from '../../shared/errors.ts';

/** The largest value an `integer` column holds. */
const ROW_ID_MAX = 2_147_483_647;

/** The deepest page a list may be asked for. */
const PAGE_MAX = 100_000;

/** Whether `id` can be the id of a row at all. */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= ROW_ID_MAX;
}

/** `value` when it is an integer in [min, max]; a ValidationError naming `name` otherwise. */
export function integerIn(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new AppError('ValidationError', `${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

/** The page and size of a list query (defaults 1 and 20), checked. */
export function pageOf(query: { page?: number; size?: number }): { page: number; size: number } {
  return {
    page: integerIn('page', query.page ?? 1, 1, PAGE_MAX),
    size: integerIn('size', query.size ?? ADMIN_PAGE_SIZE, 1, ADMIN_PAGE_SIZE_MAX),
  };
}
