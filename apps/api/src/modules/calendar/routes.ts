/**
 * `/api/calendar/*`: the engine's JSON for clients that do not bundle the engine. Answers are pure
 * functions of the query (and of the Beijing date for "today"), so they are cacheable.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DayQuerySchema,
  EngineObjectSchema,
  IcsQuerySchema,
  MAX_ICS_YEARS,
  MonthQuerySchema,
  TermsQuerySchema,
  TermsSchema,
} from '@xuanli/contracts/calendar';
import { errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import { Type } from 'typebox';
import type { Clock } from '../../shared/clock.ts';
import { ok } from '../../shared/envelope.ts';
import { calendarDay, calendarIcs, calendarMonth, calendarTerms } from './service.ts';

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
        querystring: DayQuerySchema,
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
        querystring: MonthQuerySchema,
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
        querystring: TermsQuerySchema,
        response: { 200: okEnvelopeSchema(TermsSchema), ...errorResponses },
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
        querystring: IcsQuerySchema,
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
