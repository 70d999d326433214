/**
 * Ids of the shop's rows are PostgreSQL `integer`s. The wire's ids are bounded to that range by their
 * schema (contracts common.ts `RowId`); ids that come another way (the command line, a line of a stored
 * cart) are answered as "no such row" here, before they reach a query where PostgreSQL would refuse
 * them as out of range.
 */
import { ROW_ID_MAX } from '@xuanli/contracts/common-labels';

/** Whether `id` can be the id of a row at all. */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= ROW_ID_MAX;
}
