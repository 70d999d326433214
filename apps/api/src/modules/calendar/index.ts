/**
 * The calendar module's public entry: `/api/calendar/*` (the engine's day, month, terms and ICS, and
 * the entered holiday table), and the holiday service the console's routes call inside their
 * transactions (they write the audit row beside the change).
 */
export {
  deleteHolidayDay,
  type HolidayChange,
  type HolidaySaveInput,
  listHolidayYears,
  saveHolidayDay,
} from './holidays.ts';
export { calendarRoutes } from './routes.ts';
