/**
 * Ids of the shop's rows are PostgreSQL `integer`s. The wire contracts only say "an integer ≥ 1", so a
 * number past the column's range must be answered as "no such row" here, before it reaches a query
 * (where PostgreSQL would refuse it as out of range).
 */
import { Type } from 'typebox';

/** The largest value an `integer` column holds. */
export const ROW_ID_MAX = 2_147_483_647;

/** Whether `id` can be the id of a row at all. */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= ROW_ID_MAX;
}

/** A path parameter naming one row, e.g. `{ skuId: rowIdParam('The SKU') }` for `cart/items/{skuId}`. */
export function rowIdParam(description: string) {
  return Type.Integer({ minimum: 1, maximum: ROW_ID_MAX, description });
}
