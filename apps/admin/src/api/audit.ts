/** `GET /api/admin/audit` (role admin; packages/contracts/src/admin.ts): the audit log, newest first. */
import type { AuditList, AuditQuery } from '@xuanli/contracts/admin';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** A page of audit rows matching `query`. */
export function listAudit(query: AuditQuery): Promise<AuditList> {
  return api.call(CONSOLE_ROUTES.admin.getAudit, { query });
}
