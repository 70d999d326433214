/**
 * From the audit page's search form to the API's query (contracts `AuditQuerySchema`): the day range
 * is read as Beijing days, the last one included, so `to` is the start of the day after it.
 */
import type { AuditQuery } from '@xuanli/contracts/admin';
import type { Dayjs } from 'dayjs';
import { beijingDayStart, nextDay } from '@/lib/dates';

/** The search form's values as ProTable hands them over (dates formatted as 'YYYY-MM-DD'). */
export interface AuditSearch {
  operatorId?: number | string;
  action?: string;
  target?: string;
  at?: [string | Dayjs, string | Dayjs];
  current?: number;
  pageSize?: number;
}

function day(value: string | Dayjs): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.format('YYYY-MM-DD');
}

/** The query of `GET /api/admin/audit` for the form's values; empty filters are left out. */
export function auditQueryOf(search: AuditSearch): AuditQuery {
  const query: AuditQuery = { page: search.current ?? 1, size: search.pageSize };
  const operatorId = Number(search.operatorId);
  if (search.operatorId !== undefined && search.operatorId !== '' && Number.isInteger(operatorId))
    query.operatorId = operatorId;
  if (search.action) query.action = search.action;
  const target = search.target?.trim();
  if (target) query.target = target;
  if (search.at?.[0] && search.at[1]) {
    query.from = beijingDayStart(day(search.at[0]));
    query.to = beijingDayStart(nextDay(day(search.at[1])));
  }
  return query;
}
