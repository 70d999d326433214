/** The dashboard call of the console (every operator role; packages/contracts/src/admin-shop.ts). */
import type { Dashboard } from '@xuanli/contracts/admin-shop';
import { api } from '@/lib/api';

/** `GET /api/admin/dashboard`: today's and this month's figures, VIPs and top courses. */
export function getDashboard(): Promise<Dashboard> {
  return api.get<Dashboard>('dashboard');
}
