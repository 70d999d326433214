/**
 * The holiday calls of the console (roles admin and editor; packages/contracts/src/holidays.ts): the
 * entered days of a year beside the engine's built-in plan, and saving or deleting one day. The
 * public calendar, the `xuanli` CLI and the app's calendar read the same table at once.
 */
import type { AdminHolidayChange, AdminHolidayList, HolidaySaveBody } from '@xuanli/contracts/holidays';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/holidays?year=`: the year (listed even without entered days). */
export function listHolidays(year: number): Promise<AdminHolidayList> {
  return api.call(CONSOLE_ROUTES.calendar.getHolidays, { query: { year } });
}

/** `POST /api/admin/holidays`: enters a day or replaces the entry of its date. */
export function saveHoliday(body: HolidaySaveBody): Promise<AdminHolidayChange> {
  return api.call(CONSOLE_ROUTES.calendar.postHolidays, { body });
}

/** `DELETE /api/admin/holidays?date=`: removes an entered day (the built-in entry applies again). */
export function deleteHoliday(date: string): Promise<AdminHolidayChange> {
  return api.call(CONSOLE_ROUTES.calendar.deleteHolidays, { query: { date } });
}
