/**
 * A page of an area (admin-labels.ts `ADMIN_AREA_ROLES`): rendered for the roles that may use the
 * area, a 403 page for the others. The server refuses them anyway (every /api/admin route checks the
 * role); this saves the operator a page of failed requests when following an old link.
 */
import {
  ADMIN_AREA_LABELS,
  ADMIN_ROLE_LABELS,
  type AdminArea,
  roleMayUse,
} from '@xuanli/contracts/admin-labels';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useOperatorSession } from '@/lib/session';

/** `children` when the logged-in operator's role may use `area`, else a 403 page. */
export function AreaPage({ area, children }: { area: AdminArea; children: ReactNode }) {
  const session = useOperatorSession();
  if (!session) return null;
  const { role } = session.operator;
  if (roleMayUse(role, area)) return children;
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle={`「${ADMIN_AREA_LABELS[area]}」不对${ADMIN_ROLE_LABELS[role]}开放，如需使用请联系管理员。`}
    />
  );
}
