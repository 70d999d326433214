/**
 * The calendar module's public entry: `/api/calendar/*`, the engine's day, month, terms and ICS.
 */
export { calendarRoutes } from './routes.ts';
