/**
 * The application, built from its dependencies. Nothing here reads the environment, opens a database
 * or listens: server.ts does that, and tests build the same app on an in-memory database with a fixed
 * clock. Order matters and each step says why.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { baziRoutes } from './modules/bazi/index.ts';
import { calendarRoutes } from './modules/calendar/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import { registerSessionSlot, sessionRoutes } from './modules/sessions/index.ts';
import { caseFoldAppPath } from './plugins/app-paths.ts';
import { registerDocs } from './plugins/docs.ts';
import { installErrorHandling } from './plugins/error-handler.ts';
import { healthRoutes } from './plugins/health.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import type { Clock } from './shared/clock.ts';

/** What the app is built from. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** false = silent (tests); `stream` captures the pino lines; default: pino to stdout at config.logLevel. */
  logger?: false | { level?: string; stream?: DestinationStream };
}

/** Request bodies are small JSON (tokens, labels, bazi forms); anything bigger is refused with 413. */
export const BODY_LIMIT = 64 * 1024;

/** Log paths that may hold credentials; pino replaces them before a line is written. */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** Builds the Fastify app (not yet listening); `await app.ready()` or `listen()` finishes it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, config, clock } = deps;
  const logger =
    deps.logger === false
      ? false
      : {
          level: deps.logger?.level ?? config.logLevel,
          stream: deps.logger?.stream,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
        };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // A load balancer's request id ties its logs to ours.
    requestIdHeader: 'x-request-id',
    // SPEC §7 spells app/bln.suan and app/bln.Suan: /api/app/ paths are matched in any case.
    rewriteUrl: (request) => caseFoldAppPath(request.url ?? '/'),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // A POST with `content-type: application/json` and an empty body is how many clients send "no
  // body" (the token call); Fastify would refuse it, so treat empty as absent and parse the rest with
  // Fastify's own prototype-poisoning-safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  registerSessionSlot(app);
  // Security first, so that headers and limits apply to everything registered after.
  const rateLimited = await registerSecurity(app, config);
  installErrorHandling(app, rateLimited);
  // Docs before routes: @fastify/swagger collects routes as they are added.
  await registerDocs(app);
  // One module per domain (src/modules/<domain>); each is reached through its index.ts only.
  await app.register(sessionRoutes, { prefix: '/api/base', db, config, clock });
  await app.register(contentRoutes, { prefix: '/api/base', db });
  await app.register(calendarRoutes, { prefix: '/api/calendar', clock });
  await app.register(baziRoutes, { prefix: '/api/app/bln.suan', db, clock });
  await app.register(healthRoutes, { prefix: '/api', db });
  await registerSpa(app, config.webDist);
  return app;
}
