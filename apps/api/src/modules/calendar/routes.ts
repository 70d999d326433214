/**
 * `/api/calendar/*`: the engine's JSON for clients that do not bundle the engine, and the holiday days
 * entered since the engine was built (`/holidays`, versioned). Answers are functions of the query, the
 * Beijing date for "today" and the entered table, which an operator may change at any time — so they
 * are cached briefly, and the table itself is revalidated by its version.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_ICS_YEARS } from '@xuanli/contracts/calendar';
import { CALENDAR_ROUTES } from '@xuanli/contracts/routes/calendar';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AnswerCaching } from '../../shared/answer-cache.ts';
import type { Clock } from '../../shared/clock.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { createHolidayCache } from './holiday-cache.ts';
import { holidayTableAnswer } from './holidays.ts';
import {
  calendarDay,
  calendarIcs,
  calendarMonth,
  calendarPinjia,
  calendarTerms,
  calendarZeri,
} from './service.ts';

// Terms are pure: a CDN or the browser may keep them.
const CACHE_PURE = 'public, max-age=86400';
// Days, grids and files mark 休/班 from the entered table: kept a minute, so a day an operator saves
// shows within one everywhere.
const CACHE_HOLIDAYS = 'public, max-age=60';
// Answered from the last known table while the database does not answer: not to be kept.
const CACHE_NONE = 'no-store';
// The table itself: always revalidated, answered 304 while its version stands.
const CACHE_REVALIDATE = 'no-cache';
// At most one log line a minute about an unreachable table.
const ERROR_LOG_INTERVAL_MS = 60_000;

/** True (and the 304 sent) when the request's If-None-Match names `etag`. */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  const tags = request.headers['if-none-match'];
  if (!tags) return false;
  const matches = tags.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
  if (matches) void reply.code(304).send();
  return matches;
}

/**
 * Registers the calendar routes; `clock` decides what "today" is, `db` holds the entered holiday days
 * (modules/calendar/schema.ts).
 */
export const calendarRoutes: FastifyPluginAsyncTypebox<{
  clock: Clock;
  /** The entered holiday table is read here: the replica when there is one (db/replica.ts). */
  readDb: Db;
  caching: AnswerCaching;
}> = async (app, { clock, readDb, caching }) => {
  let lastErrorLog = Number.NEGATIVE_INFINITY;
  const holidays = createHolidayCache(readDb, clock, {
    bus: caching.bus,
    liveMs: caching.liveMs,
    onError(error) {
      const now = clock.now();
      if (now - lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
      lastErrorLog = now;
      app.log.error({ err: error }, 'holiday table unavailable; calendar answers use the last known table');
    },
  });
  app.addHook('onClose', async () => holidays.dispose());

  /** The entered table for a day, grid or file, and the cache header its answer gets. */
  async function tableFor(reply: FastifyReply) {
    const { state, fresh } = await holidays.forAnswers();
    reply.header('cache-control', fresh ? CACHE_HOLIDAYS : CACHE_NONE);
    return state?.table;
  }

  addRoute(
    app,
    CALENDAR_ROUTES.getCalendarHolidays,
    {
      tags: ['calendar'],
      summary:
        'Holiday days entered since the engine was built (versioned; no years when `since` is the current version)',
    },
    async (request, reply) => {
      const state = await holidays.current();
      const { since } = request.query;
      reply.header('cache-control', CACHE_REVALIDATE);
      // At one URL (one `since`) the answer is a function of the version alone.
      if (notModified(request, reply, `"holidays-${state.version}"`)) return reply;
      return ok(holidayTableAnswer(state, since));
    },
  );

  addRoute(
    app,
    CALENDAR_ROUTES.getCalendarDay,
    {
      tags: ['calendar'],
      summary: 'The whole almanac of one day (老黄历)',
    },
    async (request, reply) => ok(calendarDay(clock, request.query.date, await tableFor(reply))),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.getCalendarMonth,
    {
      tags: ['calendar'],
      summary: 'The month grid: 35 or 42 cells with lunar labels, rest/work days and salary multipliers',
    },
    async (request, reply) => {
      const table = await tableFor(reply);
      return ok(calendarMonth(clock, request.query.ym, request.query.weekStart === 0 ? 0 : 1, table));
    },
  );

  addRoute(
    app,
    CALENDAR_ROUTES.getCalendarTerms,
    {
      tags: ['calendar'],
      summary: 'The 24 solar terms of a year with exact Beijing times',
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_PURE);
      return ok(calendarTerms(request.query.year));
    },
  );

  // 择日 and 拼假 compute in the engine (a year for six people takes well under a millisecond) and count
  // in the general rate budget like the other compute routes; they mark 休/班 from the entered table.
  addRoute(
    app,
    CALENDAR_ROUTES.getCalendarZeri,
    {
      tags: ['calendar'],
      summary:
        '择日: the days of a range (≤ 366) for one matter, best first, kept out of the clashing days of up to 6 people',
    },
    async (request, reply) => ok(calendarZeri(request.query, await tableFor(reply))),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.getCalendarPinjia,
    {
      tags: ['calendar'],
      summary: '拼假: the longest breaks 1–5 days of leave buy in a year, best ratio first',
    },
    async (request, reply) => {
      const { year, leave } = request.query;
      return ok(calendarPinjia(year, leave, await tableFor(reply)));
    },
  );

  addRoute(
    app,
    CALENDAR_ROUTES.getCalendarIcs,
    {
      tags: ['calendar'],
      summary: `iCalendar file of festivals, terms and holidays for years from..to (at most ${MAX_ICS_YEARS})`,
      produces: ['text/calendar'],
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const body = calendarIcs(clock, from, to, await tableFor(reply));
      return reply
        .header('content-disposition', `attachment; filename="xuanli-${from}-${to}.ics"`)
        .type('text/calendar; charset=utf-8')
        .send(body);
    },
  );
};
