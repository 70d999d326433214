/**
 * `/api/calendar/*`: the engine's JSON for clients that do not bundle the engine. Answers are pure
 * functions of the query (and of the Beijing date for "today"), so they are cacheable.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import { errorResponses, ok, okEnvelopeSchema } from '../schemas.ts';
import {
  calendarDay,
  calendarIcs,
  calendarMonth,
  calendarTerms,
  MAX_ICS_YEARS,
} from '../services/calendar.ts';

// The day and month JSON are the engine's contract (docs/ENGINE-CONTRACT.md); they are documented
// there and passed through whole, so the response schema admits any object instead of re-declaring
// (and silently stripping) fields.
const EngineObjectSchema = Type.Object({}, { additionalProperties: true });

const YearSchema = Type.Integer({ minimum: 1, maximum: 9999 });

// A date is pure, so a CDN or the browser may keep it; "today" answers change at midnight.
const CACHE_PURE = 'public, max-age=86400';
const CACHE_TODAY = 'public, max-age=300';

/** Registers the calendar routes; `clock` decides what "today" is. */
export const calendarRoutes: FastifyPluginAsyncTypebox<{ clock: Clock }> = async (app, { clock }) => {
  app.get(
    '/day',
    {
      schema: {
        tags: ['calendar'],
        summary: 'The whole almanac of one day (老黄历)',
        querystring: Type.Object({
          date: Type.Optional(
            Type.String({ maxLength: 10, description: "'YYYY-MM-DD'; default today in Beijing" }),
          ),
        }),
        response: { 200: okEnvelopeSchema(EngineObjectSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', request.query.date ? CACHE_PURE : CACHE_TODAY);
      return ok(calendarDay(clock, request.query.date));
    },
  );

  app.get(
    '/month',
    {
      schema: {
        tags: ['calendar'],
        summary: 'The month grid: 35 or 42 cells with lunar labels, rest/work days and salary multipliers',
        querystring: Type.Object({
          ym: Type.Optional(Type.String({ maxLength: 7, description: "'YYYY-MM'; default this month" })),
          weekStart: Type.Integer({
            minimum: 0,
            maximum: 1,
            default: 1,
            description: '1 = Monday first, 0 = Sunday',
          }),
        }),
        response: { 200: okEnvelopeSchema(EngineObjectSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      // Cells carry a `today` flag, so even a fixed month changes daily.
      reply.header('cache-control', CACHE_TODAY);
      return ok(calendarMonth(clock, request.query.ym, request.query.weekStart === 0 ? 0 : 1));
    },
  );

  app.get(
    '/terms',
    {
      schema: {
        tags: ['calendar'],
        summary: 'The 24 solar terms of a year with exact Beijing times',
        querystring: Type.Object({ year: YearSchema }),
        response: {
          200: okEnvelopeSchema(
            Type.Object({
              year: Type.Integer(),
              terms: Type.Array(
                Type.Object({
                  name: Type.String(),
                  time: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' Beijing" }),
                }),
              ),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_PURE);
      return ok(calendarTerms(request.query.year));
    },
  );

  app.get(
    '/ics',
    {
      schema: {
        tags: ['calendar'],
        summary: `iCalendar file of festivals, terms and holidays for years from..to (at most ${MAX_ICS_YEARS})`,
        querystring: Type.Object({ from: YearSchema, to: YearSchema }),
        produces: ['text/calendar'],
        response: { 200: Type.String({ description: 'text/calendar' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const body = calendarIcs(clock, from, to);
      return reply
        .header('cache-control', CACHE_PURE)
        .header('content-disposition', `attachment; filename="xuanli-${from}-${to}.ics"`)
        .type('text/calendar; charset=utf-8')
        .send(body);
    },
  );
};
