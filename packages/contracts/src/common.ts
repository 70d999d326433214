/**
 * The wire's shared primitives, declared once: a row id, the page query of every list and the page it
 * answers, money in 分, a day, an instant and a phone number. Every request schema takes its ids,
 * paging, amounts, dates and phones from here, so a limit is decided in one place and the API refuses
 * the same values on every route.
 *
 * Numbers in a path or query string arrive as text and are turned into numbers by the validator;
 * 'Infinity', '1e309' or a 310-digit number become Infinity there, which JSON Schema's `maximum` does
 * not catch. The API refuses every non-finite number after validation (apps/api plugins/
 * finite-numbers.ts); the bounds below keep the finite ones inside the `integer` columns they meet.
 */
import { type TSchema, Type } from 'typebox';
import {
  DATE_PATTERN,
  FEN_MAX,
  PAGE_MAX,
  PAGE_SIZE,
  PAGE_SIZE_MAX,
  PHONE_PATTERN,
  ROW_ID_MAX,
} from './common-labels.ts';

export * from './common-labels.ts';

/**
 * The id of a row: a positive PostgreSQL `integer`. In a path or query it is written in digits (the
 * validator reads them as a number); in a JSON body it is a number.
 */
export function RowId(description?: string) {
  return Type.Integer({ minimum: 1, maximum: ROW_ID_MAX, description });
}

/**
 * The page query of every list: `page` from 1 (default 1, at most {@link PAGE_MAX}) and `size`
 * (default `defaultSize`, at most {@link PAGE_SIZE_MAX}). Spread it into the list's query object.
 */
export function pageQuery(defaultSize: number = PAGE_SIZE) {
  return {
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1, description: 'Page, from 1' }),
    ),
    size: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: PAGE_SIZE_MAX,
        default: defaultSize,
        description: `Rows per page (1–${PAGE_SIZE_MAX}, default ${defaultSize})`,
      }),
    ),
  };
}

/** The fields of the page query. */
export type PageQuery = { page?: number; size?: number };

/** The fields of a page of `item`s: the page's `list` and the `total` of all matches. */
export function pageOf<T extends TSchema>(item: T) {
  return { list: Type.Array(item), total: Type.Integer({ minimum: 0 }) };
}

/**
 * Money in 分 (1/100 元): an integer from `minimum` (default 0) to `maximum` (default
 * {@link FEN_MAX}, the `integer` column's end); amounts are computed by the server, never trusted.
 */
export function Fen(description: string, bounds: { minimum?: number; maximum?: number } = {}) {
  return Type.Integer({
    minimum: bounds.minimum ?? 0,
    maximum: bounds.maximum ?? FEN_MAX,
    description: `${description}, in 分 (1/100 元)`,
  });
}

/** A day, 'YYYY-MM-DD'. */
export function DateField(description: string) {
  return Type.String({ pattern: DATE_PATTERN, maxLength: 10, description });
}

/** An instant, ISO 8601 with its offset (answers are in UTC, e.g. '2026-01-15T04:00:00.000Z'). */
export function DateTime(description?: string) {
  return Type.String({ format: 'date-time', description });
}

/** An instant or null. */
export function NullableDateTime(description: string) {
  return Type.Union([DateTime(description), Type.Null()]);
}

/** A mainland mobile number, 11 digits. */
export function Phone(description = 'Mainland mobile number') {
  return Type.String({ pattern: PHONE_PATTERN, description });
}
