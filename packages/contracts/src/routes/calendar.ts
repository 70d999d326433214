/**
 * The calendar routes: the almanac's days, months, terms, 择日 and 拼假, the iCalendar feeds, the user's reminders and saved days, and the console's holiday table.
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */

import {
  DayQuerySchema,
  EngineObjectSchema,
  IcsQuerySchema,
  MonthQuerySchema,
  PinjiaAnswerSchema,
  PinjiaQuerySchema,
  TermsQuerySchema,
  TermsSchema,
  ZeriAnswerSchema,
  ZeriQuerySchema,
} from '../calendar.ts';
import { CalendarFeedParamsSchema, CalendarTextSchema } from '../files.ts';
import {
  AdminHolidayChangeSchema,
  AdminHolidayListSchema,
  AdminHolidayQuerySchema,
  HolidayDeleteQuerySchema,
  HolidaySaveBodySchema,
  HolidayTableQuerySchema,
  HolidayTableSchema,
} from '../holidays.ts';
import {
  CalendarEventBodySchema,
  CalendarEventListSchema,
  CalendarEventSchema,
  ReminderDeletedSchema,
  ReminderIdParamsSchema,
  SavedDayBodySchema,
  SavedDayListSchema,
  SavedDaySchema,
  SubscriptionBodySchema,
  SubscriptionCreatedSchema,
  SubscriptionStateSchema,
} from '../reminders.ts';
import { defineRoutes } from '../route.ts';

/** The app's calendar routes. */
export const CALENDAR_ROUTES = defineRoutes({
  getCalendarHolidays: {
    method: 'GET',
    path: '/api/calendar/holidays',
    query: HolidayTableQuerySchema,
    answer: HolidayTableSchema,
  },
  getCalendarDay: {
    method: 'GET',
    path: '/api/calendar/day',
    query: DayQuerySchema,
    answer: EngineObjectSchema,
  },
  getCalendarMonth: {
    method: 'GET',
    path: '/api/calendar/month',
    query: MonthQuerySchema,
    answer: EngineObjectSchema,
  },
  getCalendarTerms: {
    method: 'GET',
    path: '/api/calendar/terms',
    query: TermsQuerySchema,
    answer: TermsSchema,
  },
  getCalendarZeri: {
    method: 'GET',
    path: '/api/calendar/zeri',
    query: ZeriQuerySchema,
    answer: ZeriAnswerSchema,
  },
  getCalendarPinjia: {
    method: 'GET',
    path: '/api/calendar/pinjia',
    query: PinjiaQuerySchema,
    answer: PinjiaAnswerSchema,
  },
  getCalendarIcs: {
    method: 'GET',
    path: '/api/calendar/ics',
    query: IcsQuerySchema,
    reply: CalendarTextSchema,
  },
  getEvents: { method: 'GET', path: '/api/crm/calendar/events', answer: CalendarEventListSchema },
  postEvents: {
    method: 'POST',
    path: '/api/crm/calendar/events',
    body: CalendarEventBodySchema,
    answer: CalendarEventSchema,
  },
  deleteEventsById: {
    method: 'DELETE',
    path: '/api/crm/calendar/events/:id',
    params: ReminderIdParamsSchema,
    answer: ReminderDeletedSchema,
  },
  getSavedDays: { method: 'GET', path: '/api/crm/calendar/saved-days', answer: SavedDayListSchema },
  postSavedDays: {
    method: 'POST',
    path: '/api/crm/calendar/saved-days',
    body: SavedDayBodySchema,
    answer: SavedDaySchema,
  },
  deleteSavedDaysById: {
    method: 'DELETE',
    path: '/api/crm/calendar/saved-days/:id',
    params: ReminderIdParamsSchema,
    answer: ReminderDeletedSchema,
  },
  getSubscription: { method: 'GET', path: '/api/crm/calendar/subscription', answer: SubscriptionStateSchema },
  postSubscription: {
    method: 'POST',
    path: '/api/crm/calendar/subscription',
    body: SubscriptionBodySchema,
    answer: SubscriptionCreatedSchema,
  },
  putSubscription: {
    method: 'PUT',
    path: '/api/crm/calendar/subscription',
    body: SubscriptionBodySchema,
    answer: SubscriptionStateSchema,
  },
  deleteSubscription: {
    method: 'DELETE',
    path: '/api/crm/calendar/subscription',
    answer: SubscriptionStateSchema,
  },
  getCalendarFeedByFile: {
    method: 'GET',
    path: '/api/calendar/feed/:file',
    params: CalendarFeedParamsSchema,
    reply: CalendarTextSchema,
  },
});

/** The console's calendar routes, below `/api/admin/`. */
export const CALENDAR_CONSOLE_ROUTES = defineRoutes({
  getHolidays: {
    method: 'GET',
    path: '/api/admin/holidays',
    query: AdminHolidayQuerySchema,
    answer: AdminHolidayListSchema,
  },
  postHolidays: {
    method: 'POST',
    path: '/api/admin/holidays',
    body: HolidaySaveBodySchema,
    answer: AdminHolidayChangeSchema,
  },
  deleteHolidays: {
    method: 'DELETE',
    path: '/api/admin/holidays',
    query: HolidayDeleteQuerySchema,
    answer: AdminHolidayChangeSchema,
  },
});
