/**
 * The reminders' routes, mounted under `/api`: `crm/calendar/events`, `crm/calendar/saved-days` and
 * `crm/calendar/subscription` for a logged-in user's own rows (visitor 401; another account's row 404),
 * and `calendar/feed/<token>.ics`, the subscribed calendar, reachable without a login because calendar
 * apps send no token: the link's secret is the only key, so the route has a per-IP budget of its own,
 * answers every wrong or ended link with the same 404, and its URL is redacted from the request log
 * (plugins/request-log.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_EVENTS, MAX_SAVED_DAYS } from '@xuanli/contracts/reminders-labels';
import { CALENDAR_ROUTES } from '@xuanli/contracts/routes/calendar';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { beijingToday, type Clock } from '../../shared/clock.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import { createHolidayCache } from '../calendar/index.ts';
import type { SessionDeps } from '../sessions/index.ts';
import { createEvent, deleteEvent, listEvents } from './events.ts';
import { feedOf } from './feed.ts';
import { createRequireOwner, ownerOf, registerOwnerSlot } from './owner.ts';
import { deleteSavedDay, listSavedDays, saveDay } from './saved-days.ts';
import {
  createSubscriptionLink,
  readSubscription,
  revokeSubscription,
  subscriberOf,
  updateSubscription,
} from './subscription.ts';

/** What the reminders' routes are built from. */
export interface ReminderRoutesOptions {
  db: Db;
  config: SessionDeps['config'] &
    Pick<Config, 'rateBudgets' | 'publicUrl'> & { pay: Pick<Config['pay'], 'publicUrl'> };
  clock: Clock;
}

/** A calendar app refreshes every few hours; a change shows after five minutes at most. */
const FEED_CACHE = 'private, max-age=300';

/** At most one log line a minute about an unreachable holiday table. */
const ERROR_LOG_INTERVAL_MS = 60_000;

/** The origin a subscription's URL starts with: PUBLIC_URL, else PAY_PUBLIC_URL, else the request's. */
function originOf(config: ReminderRoutesOptions['config'], request: FastifyRequest): string {
  return config.publicUrl ?? config.pay.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** True (and the 304 sent) when the request's If-None-Match names `etag`. */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  const tags = request.headers['if-none-match'];
  if (!tags?.split(',').some((tag) => tag.trim() === etag)) return false;
  void reply.code(304).send();
  return true;
}

/** The reminders' routes. */
export const reminderRoutes: FastifyPluginAsyncTypebox<ReminderRoutesOptions> = async (app, deps) => {
  const { db, config, clock } = deps;
  registerOwnerSlot(app);
  const requireOwner = createRequireOwner({ db, config, clock });
  const secured = [{ token: [] }];
  const now = () => new Date(clock.now());
  let lastErrorLog = Number.NEGATIVE_INFINITY;
  const holidays = createHolidayCache(db, clock, {
    onError(error) {
      if (clock.now() - lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
      lastErrorLog = clock.now();
      app.log.error({ err: error }, 'holiday table unavailable; calendar feeds use the last known table');
    },
  });

  addRoute(
    app,
    CALENDAR_ROUTES.getEvents,
    {
      tags: ['reminders'],
      summary: "The caller's events, each with the next day it falls on, the soonest first",
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok({ list: await listEvents(db, ownerOf(request), beijingToday(clock)) }),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.postEvents,
    {
      tags: ['reminders'],
      summary: 'Keep an event (a solar or lunar date, once or every year, with an optional reminder)',
      description:
        'A blank title, both dates or neither, or the ' +
        `${MAX_EVENTS + 1}st event → ValidationError; a day the calendar lacks → the engine's code.`,
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok(await createEvent(db, ownerOf(request), request.body, now(), beijingToday(clock))),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.deleteEventsById,
    {
      tags: ['reminders'],
      summary: 'Delete an event',
      description: "NotFound for an event that is not the caller's.",
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok(await deleteEvent(db, ownerOf(request), request.params.id)),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.getSavedDays,
    {
      tags: ['reminders'],
      summary: 'The 吉日 the caller saved from 择日, by date',
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok({ list: await listSavedDays(db, ownerOf(request)) }),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.postSavedDays,
    {
      tags: ['reminders'],
      summary: 'Save a 吉日 (the same day and matter again answers the one kept)',
      description: `A blank matter or the ${MAX_SAVED_DAYS + 1}st 吉日 → ValidationError; a day the calendar lacks → the engine's code.`,
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok(await saveDay(db, ownerOf(request), request.body, now())),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.deleteSavedDaysById,
    {
      tags: ['reminders'],
      summary: 'Delete a saved 吉日',
      description: "NotFound for a 吉日 that is not the caller's.",
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok(await deleteSavedDay(db, ownerOf(request), request.params.id)),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.getSubscription,
    {
      tags: ['reminders'],
      summary: "Whether the caller's calendar link is live, and the festival groups it holds",
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok(await readSubscription(db, ownerOf(request))),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.postSubscription,
    {
      tags: ['reminders'],
      summary: 'A new secret calendar link (webcal/https); the previous link stops working',
      security: secured,
      preHandler: requireOwner,
      // "Make me a link" needs no body: none at all reads as no festival change.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const made = await createSubscriptionLink(db, ownerOf(request), request.body, now());
      return ok({
        url: `${originOf(config, request)}${CALENDAR_ROUTES.getCalendarFeedByFile.path.replace(':file', `${made.token}.ics`)}`,
        festivals: made.state.festivals,
        createdAt: made.state.createdAt as string,
      });
    },
  );

  addRoute(
    app,
    CALENDAR_ROUTES.putSubscription,
    {
      tags: ['reminders'],
      summary: 'Change the festival groups of the calendar; the link stays the same',
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok(await updateSubscription(db, ownerOf(request), request.body, now())),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.deleteSubscription,
    {
      tags: ['reminders'],
      summary: '停止订阅: the calendar link answers 404 from now on',
      security: secured,
      preHandler: requireOwner,
    },
    async (request) => ok(await revokeSubscription(db, ownerOf(request), now())),
  );

  addRoute(
    app,
    CALENDAR_ROUTES.getCalendarFeedByFile,
    {
      tags: ['reminders'],
      summary: 'A subscribed calendar (RFC 5545) by its secret link; no login',
      description:
        'NotFound for a link that is wrong or no longer live. Per-IP budget RATE_LIMIT_CALENDAR_FEED_* ' +
        '(429 beyond it). Revalidate with If-None-Match.',
      produces: ['text/calendar'],
      config: routeRateLimit(config, 'calendarFeed'),
    },
    async (request, reply) => {
      const { file } = request.params;
      const found = file.endsWith('.ics') ? await subscriberOf(db, file.slice(0, -4)) : null;
      if (!found) throw new AppError('NotFound', '这个日历链接不存在或已停止订阅');
      const { state, fresh } = await holidays.forAnswers();
      const body = await feedOf(db, found.userId, found.festivals, beijingToday(clock), state?.table);
      // Written from the last table known while the database did not answer: not to be kept.
      reply.header('cache-control', fresh ? FEED_CACHE : 'no-store');
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      if (notModified(request, reply, etag)) return reply;
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
};
