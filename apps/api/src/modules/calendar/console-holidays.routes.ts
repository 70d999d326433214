/**
 * The holidays area of the console (roles admin and editor): the entered holiday table beside the
 * engine's built-in plans, and entering, changing or removing one day of a State Council notice. The
 * calendar module owns the table (its service runs inside this route's transaction); the route adds
 * the audit row of the change to the same transaction.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { CALENDAR_CONSOLE_ROUTES } from '@xuanli/contracts/routes/calendar';
import { changeAudited } from '../../shared/audit.ts';
import { consoleAreaOf, type DbConsoleOptions } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { integerIn } from '../../shared/wire-numbers.ts';
import { deleteHolidayDay, listHolidayYears, saveHolidayDay } from './holidays.ts';

/** `admin/holidays`. */
export const holidayConsoleRoutes: FastifyPluginAsyncTypebox<DbConsoleOptions> = async (app, access) => {
  const { deps, auditorOf } = access;
  const editors = consoleAreaOf(access, ADMIN_AREA_ROLES.holidays);

  addRoute(
    app,
    CALENDAR_CONSOLE_ROUTES.getHolidays,
    {
      ...editors,
      summary: 'The entered holiday days by year, beside the built-in plan of each year, and the version',
    },
    async (request) => {
      const { year } = request.query;
      return ok(
        await listHolidayYears(deps.db, year === undefined ? undefined : integerIn('year', year, 1900, 2100)),
      );
    },
  );

  addRoute(
    app,
    CALENDAR_CONSOLE_ROUTES.postHolidays,
    {
      ...editors,
      summary: 'Enter or change one day of a notice: a day off or a make-up workday (a Saturday or Sunday)',
      description:
        'The API, the xuanli CLI and the web calendar show it at once (the table version rises). Audit row holiday.save.',
    },
    async (request) => {
      const auditor = auditorOf(request);
      const change = await changeAudited(
        deps,
        auditor,
        'holiday.save',
        (tx, at) => saveHolidayDay(tx, { ...request.body, updatedBy: auditor.actor, at }),
        (saved) => `holiday:${saved.after?.date ?? request.body.date}`,
      );
      return ok(change);
    },
  );

  addRoute(
    app,
    CALENDAR_CONSOLE_ROUTES.deleteHolidays,
    {
      ...editors,
      summary: 'Remove an entered day; the built-in entry of the date, if any, applies again',
      description: 'NotFound when no day of that date was entered. Audit row holiday.delete.',
    },
    async (request) => {
      // The removal answers after: null, so the audit row records no "after" either.
      const change = await changeAudited(
        deps,
        auditorOf(request),
        'holiday.delete',
        (tx) => deleteHolidayDay(tx, request.query.date),
        () => `holiday:${request.query.date}`,
      );
      return ok(change);
    },
  );
};
