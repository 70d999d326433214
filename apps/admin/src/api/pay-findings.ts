/**
 * The reconciliation calls of the console (对账异常 under 订单; roles admin and support;
 * packages/contracts/src/admin-pay.ts).
 */
import type {
  AdminPayFinding,
  AdminPayFindingList,
  AdminPayFindingQuery,
  AdminPayFindingResolveBody,
} from '@xuanli/contracts/admin-pay';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/pay-findings`: a page of what asking the payment providers found, newest first. */
export function listPayFindings(query: AdminPayFindingQuery): Promise<AdminPayFindingList> {
  return api.call(CONSOLE_ROUTES.pay.getPayFindings, { query });
}

/** `POST /api/admin/pay-findings/{id}/resolve`: marks a finding handled, with what was done. */
export function resolvePayFinding(id: number, body: AdminPayFindingResolveBody): Promise<AdminPayFinding> {
  return api.call(CONSOLE_ROUTES.pay.postPayFindingsByIdResolve, { params: { id }, body });
}
