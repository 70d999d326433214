/**
 * `/api/calendar/*`: requests, and answers that are the engine's own JSON (packages/almanac README).
 */
import { type Static, Type } from 'typebox';

/** At most this many years in one iCalendar file. */
export const MAX_ICS_YEARS = 20;

// The day and month JSON are the engine's contract, documented in the engine's README and passed
// through whole, so the answer schema admits any object instead of re-declaring (and silently
// stripping) fields.
export const EngineObjectSchema = Type.Object({}, { additionalProperties: true });

const YearSchema = Type.Integer({ minimum: 1, maximum: 9999 });

/** `GET /api/calendar/day`. */
export const DayQuerySchema = Type.Object({
  date: Type.Optional(Type.String({ maxLength: 10, description: "'YYYY-MM-DD'; default today in Beijing" })),
});

/** `GET /api/calendar/month`. */
export const MonthQuerySchema = Type.Object({
  ym: Type.Optional(Type.String({ maxLength: 7, description: "'YYYY-MM'; default this month" })),
  weekStart: Type.Integer({
    minimum: 0,
    maximum: 1,
    default: 1,
    description: '1 = Monday first, 0 = Sunday',
  }),
});

/** `GET /api/calendar/terms`. */
export const TermsQuerySchema = Type.Object({ year: YearSchema });

/** The 24 solar terms of a year. */
export const TermsSchema = Type.Object({
  year: Type.Integer(),
  terms: Type.Array(
    Type.Object({
      name: Type.String(),
      time: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' Beijing" }),
    }),
  ),
});

/** A year's terms. */
export type Terms = Static<typeof TermsSchema>;

/** `GET /api/calendar/ics`. */
export const IcsQuerySchema = Type.Object({ from: YearSchema, to: YearSchema });
