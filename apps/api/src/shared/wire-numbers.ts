/**
 * Checks of numbers behind the schemas. The wire already refuses numbers that are not finite (Ajv
 * coerces '1e400' to Infinity; plugins/finite-numbers.ts) and ids past an `integer` column (contracts
 * common.ts); these keep a service right when it is called another way (the command line, another
 * module): an id past the column's range names no row, any other out-of-range number is a
 * ValidationError — never a database error.
 */
import { PAGE_MAX, PAGE_SIZE, PAGE_SIZE_MAX, ROW_ID_MAX } from '@xuanli/contracts/common-labels';
import { AppError } from './errors.ts';

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

/** `value` when it is a finite number in [min, max]; a ValidationError naming `name` otherwise. */
export function numberIn(name: string, value: number, min: number, max: number): number {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new AppError('ValidationError', `${name} must be a number from ${min} to ${max}`);
  }
  return value;
}

/** The page and size of a list query (defaults 1 and 20), checked. */
export function pageOf(query: { page?: number; size?: number }): { page: number; size: number } {
  return {
    page: integerIn('page', query.page ?? 1, 1, PAGE_MAX),
    size: integerIn('size', query.size ?? PAGE_SIZE, 1, PAGE_SIZE_MAX),
  };
}
