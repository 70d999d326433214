/**
 * Holidays as versioned data: the days off (放假) and make-up workdays (调休上班) that operators enter
 * from a State Council notice, on top of the plans built into the engine (packages/almanac
 * `data/holidays.ts`). An entered day replaces the built-in entry of its date; a year with entered days
 * counts as a year with holiday data (休/班, pay multipliers).
 *
 * - Public `GET /api/calendar/holidays?since=<version>` answers every entered year with the table's
 *   `version`; when `since` equals the current version the answer is `{version, years: []}` (nothing
 *   new), and an `If-None-Match` with the answer's ETag gets a 304. Clients keep the table with its
 *   version and pass it to the engine; offline they keep using it (and the built-in plans).
 * - Console `GET /api/admin/holidays?year=`, `POST /api/admin/holidays {date, name, offDay, notice}`
 *   and `DELETE /api/admin/holidays?date=` (roles admin and editor; every write is audited).
 */
import { type Static, Type } from 'typebox';
import { DATE_PATTERN, INT4_MAX } from './common.ts';

/** Longest holiday name, e.g. '国庆节、中秋节'. */
export const HOLIDAY_NAME_MAX = 20;

/** Longest notice title, e.g. '国务院办公厅关于2027年部分节假日安排的通知'. */
export const HOLIDAY_NOTICE_MAX = 200;

/** 'YYYY-MM-DD' of an entered day. */
export const HOLIDAY_DATE_PATTERN = DATE_PATTERN;

const DateField = Type.String({
  pattern: HOLIDAY_DATE_PATTERN,
  description: "The day, 'YYYY-MM-DD' (a real date, 1900–2100)",
  examples: ['2027-10-01'],
});

const NameField = Type.String({
  minLength: 1,
  maxLength: HOLIDAY_NAME_MAX,
  description: 'The holiday as the notice names it; a make-up workday carries the holiday it belongs to',
  examples: ['国庆节'],
});

const OffDayField = Type.Boolean({
  description: 'true = a day off of the break (休), false = a make-up workday (调休上班, 班)',
});

const NoticeField = Type.String({
  minLength: 1,
  maxLength: HOLIDAY_NOTICE_MAX,
  description: 'Title of the State Council notice the day comes from',
  examples: ['国务院办公厅关于2027年部分节假日安排的通知'],
});

const VersionField = Type.Integer({
  minimum: 0,
  maximum: INT4_MAX,
  description: 'Version of the entered table; changes with every save and delete (0 = nothing ever entered)',
});

/** One entered day as clients need it. */
export const HolidayDaySchema = Type.Object({ date: DateField, name: NameField, offDay: OffDayField });

/** An entered day. */
export type HolidayDay = Static<typeof HolidayDaySchema>;

/** One Gregorian year with entered days (the year of each day's date). */
export const HolidayYearSchema = Type.Object({
  year: Type.Integer({ description: 'Gregorian year of the days' }),
  notices: Type.Array(Type.String(), {
    description: 'The notices the days come from, each once, in the order of the first day citing it',
  }),
  updatedAt: Type.String({ format: 'date-time', description: 'Last change to a day of the year' }),
  days: Type.Array(HolidayDaySchema, { description: 'Entered days, by date' }),
});

/** A year of entered days. */
export type HolidayYear = Static<typeof HolidayYearSchema>;

/** `GET /api/calendar/holidays`. */
export const HolidayTableQuerySchema = Type.Object({
  since: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: INT4_MAX,
      description: 'The version the client holds; when it is current the answer has no years',
    }),
  ),
});

/** `resData` of `GET /api/calendar/holidays`. */
export const HolidayTableSchema = Type.Object(
  {
    version: VersionField,
    years: Type.Array(HolidayYearSchema, {
      description: 'Every year with entered days, oldest first; empty when `since` is the current version',
    }),
  },
  { description: 'The entered holiday table; the built-in plans stay in the engine' },
);

/** The entered holiday table. */
export type HolidayTable = Static<typeof HolidayTableSchema>;

/** Body of `POST /api/admin/holidays`: enter or change one day (an existing entry of the date is replaced). */
export const HolidaySaveBodySchema = Type.Object({
  date: DateField,
  name: NameField,
  offDay: OffDayField,
  notice: NoticeField,
});

/** A day to save. */
export type HolidaySaveBody = Static<typeof HolidaySaveBodySchema>;

/** Query of `DELETE /api/admin/holidays`: the entered day to remove (the built-in entry of the date applies again). */
export const HolidayDeleteQuerySchema = Type.Object({ date: DateField });

/** Query of `GET /api/admin/holidays`. */
export const AdminHolidayQuerySchema = Type.Object({
  year: Type.Optional(
    Type.Integer({
      minimum: 1900,
      maximum: 2100,
      description:
        'One year, listed even without entered days (with its built-in plan); default every entered year',
    }),
  ),
});

/** An entered day as the console shows it: with its notice and who changed it last. */
export const AdminHolidayDaySchema = Type.Object({
  date: DateField,
  name: NameField,
  offDay: OffDayField,
  notice: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
  updatedBy: Type.String({ description: 'Username of the operator who saved the day last' }),
});

/** An entered day with its history. */
export type AdminHolidayDay = Static<typeof AdminHolidayDaySchema>;

/** A year in the console: its entered days beside the engine's built-in plan of the same year. */
export const AdminHolidayYearSchema = Type.Object({
  year: Type.Integer(),
  days: Type.Array(AdminHolidayDaySchema, { description: 'Entered days, by date' }),
  builtIn: Type.Array(HolidayDaySchema, {
    description: 'The built-in plan of the year, by date (empty for a year the engine has no plan for)',
  }),
});

/** A year in the console. */
export type AdminHolidayYear = Static<typeof AdminHolidayYearSchema>;

/** `resData` of `GET /api/admin/holidays`. */
export const AdminHolidayListSchema = Type.Object({
  version: VersionField,
  builtInYears: Type.Object(
    { from: Type.Integer(), to: Type.Integer() },
    { description: 'The years the engine has built-in plans for' },
  ),
  years: Type.Array(AdminHolidayYearSchema, { description: 'Oldest first' }),
});

/** The console's holiday list. */
export type AdminHolidayList = Static<typeof AdminHolidayListSchema>;

/**
 * `resData` of `POST` and `DELETE /api/admin/holidays`: the day before and after the change (null where
 * there was or is no entered day) and the table's new version — the same pair the audit row keeps.
 */
export const AdminHolidayChangeSchema = Type.Object({
  version: VersionField,
  before: Type.Union([AdminHolidayDaySchema, Type.Null()]),
  after: Type.Union([AdminHolidayDaySchema, Type.Null()]),
});

/** A saved or deleted day. */
export type AdminHolidayChange = Static<typeof AdminHolidayChangeSchema>;
