/**
 * The calendar module's public entry: `/api/calendar/*` (the engine's day, month, terms and ICS, and
 * the entered holiday table), the console's holidays area (each change written with its audit row
 * in one transaction), and the cached table for other readers (the calendar rendered into
 * index.html).
 */

export { holidayConsoleRoutes } from './console-holidays.routes.ts';
export { createHolidayCache, type HolidayCache } from './holiday-cache.ts';
export {
  deleteHolidayDay,
  type HolidayChange,
  type HolidaySaveInput,
  holidayTableAnswer,
  listHolidayYears,
  saveHolidayDay,
} from './holidays.ts';
export { calendarRoutes } from './routes.ts';
