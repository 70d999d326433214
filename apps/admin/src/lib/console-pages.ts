/**
 * The console's pages and who may open them. Each page belongs to an area of
 * packages/contracts/src/admin-labels.ts `ADMIN_AREA_ROLES` — the same table the server's guard reads —
 * so the menu offers an operator exactly the pages whose API would answer them; 我的账号 is everyone's.
 * An area may have several pages (content: 文章与标签, 命书解读, 大师与客服).
 */
import {
  ADMIN_AREA_LABELS,
  type AdminArea,
  type AdminRole,
  roleMayUse,
} from '@xuanli/contracts/admin-labels';

/** A page of the console: its route, menu label and area (null = every operator). */
export interface ConsolePage {
  key:
    | 'dashboard'
    | 'orders'
    | 'catalogue'
    | 'users'
    | 'holidays'
    | 'audit'
    | 'operators'
    | 'me'
    | 'content'
    | 'readings'
    | 'masters'
    | 'courses';
  path: string;
  name: string;
  area: AdminArea | null;
}

/** Every page, in menu order. */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { key: 'dashboard', path: '/dashboard', name: ADMIN_AREA_LABELS.dashboard, area: 'dashboard' },
  { key: 'users', path: '/users', name: ADMIN_AREA_LABELS.users, area: 'users' },
  { key: 'orders', path: '/orders', name: ADMIN_AREA_LABELS.orders, area: 'orders' },
  { key: 'catalogue', path: '/catalogue', name: ADMIN_AREA_LABELS.catalogue, area: 'catalogue' },
  { key: 'content', path: '/content', name: ADMIN_AREA_LABELS.content, area: 'content' },
  { key: 'readings', path: '/readings', name: '命书解读', area: 'content' },
  { key: 'masters', path: '/masters', name: '大师与客服', area: 'content' },
  { key: 'courses', path: '/courses', name: ADMIN_AREA_LABELS.courses, area: 'courses' },
  { key: 'holidays', path: '/holidays', name: ADMIN_AREA_LABELS.holidays, area: 'holidays' },
  { key: 'audit', path: '/audit', name: ADMIN_AREA_LABELS.audit, area: 'audit' },
  { key: 'operators', path: '/operators', name: ADMIN_AREA_LABELS.operators, area: 'operators' },
  { key: 'me', path: '/me', name: '我的账号', area: null },
];

/** The pages `role` may open, in menu order. */
export function pagesFor(role: AdminRole): ConsolePage[] {
  return CONSOLE_PAGES.filter((page) => page.area === null || roleMayUse(role, page.area));
}

/** Where `role` lands after logging in: its first page. */
export function homePathFor(role: AdminRole): string {
  return pagesFor(role)[0].path;
}
