/**
 * Every route of the wire, by side and domain: `app` for the web app's routes (and the providers'
 * callbacks and files it links to), `console` for the operators' console below `/api/admin/`. The API's
 * route-table test holds every registered route to an entry here and every entry to a route; the test
 * fakes of the web and the console answer from it. The clients take the run-time half, paths.ts.
 */
import type { RouteSchemas } from '../route.ts';
import { ADMIN_CONSOLE_ROUTES } from './admin.ts';
import { BAZI_ROUTES } from './bazi.ts';
import { CALENDAR_CONSOLE_ROUTES, CALENDAR_ROUTES } from './calendar.ts';
import { CONTENT_CONSOLE_ROUTES, CONTENT_ROUTES } from './content.ts';
import { KETANG_CONSOLE_ROUTES, KETANG_ROUTES } from './ketang.ts';
import { MEMBER_CONSOLE_ROUTES, MEMBER_ROUTES } from './member.ts';
import { PAY_CONSOLE_ROUTES, PAY_ROUTES } from './pay.ts';
import { SESSION_ROUTES } from './sessions.ts';
import { SHOP_CONSOLE_ROUTES, SHOP_ROUTES } from './shop.ts';
import { WECHAT_ROUTES } from './wechat.ts';

/** The app's routes by domain. */
export const APP_ROUTE_TABLES = {
  sessions: SESSION_ROUTES,
  member: MEMBER_ROUTES,
  wechat: WECHAT_ROUTES,
  content: CONTENT_ROUTES,
  calendar: CALENDAR_ROUTES,
  bazi: BAZI_ROUTES,
  shop: SHOP_ROUTES,
  pay: PAY_ROUTES,
  ketang: KETANG_ROUTES,
};

/** The console's routes by domain. */
export const CONSOLE_ROUTE_TABLES = {
  admin: ADMIN_CONSOLE_ROUTES,
  member: MEMBER_CONSOLE_ROUTES,
  content: CONTENT_CONSOLE_ROUTES,
  calendar: CALENDAR_CONSOLE_ROUTES,
  shop: SHOP_CONSOLE_ROUTES,
  pay: PAY_CONSOLE_ROUTES,
  ketang: KETANG_CONSOLE_ROUTES,
};

/** Both sides' tables. */
export const WIRE_ROUTES = { app: APP_ROUTE_TABLES, console: CONSOLE_ROUTE_TABLES };

/** Every route of the wire in one list, with the side, domain and name it is declared under. */
export function allRoutes(): { side: string; domain: string; name: string; route: RouteSchemas }[] {
  return Object.entries(WIRE_ROUTES).flatMap(([side, tables]) =>
    Object.entries(tables).flatMap(([domain, table]) =>
      Object.entries(table as Record<string, RouteSchemas>).map(([name, route]) => ({
        side,
        domain,
        name,
        route,
      })),
    ),
  );
}
