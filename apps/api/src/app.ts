/**
 * The application, built from its dependencies. Nothing here reads the environment, opens a database
 * or listens: server.ts does that, and tests build the same app on an in-memory database with a fixed
 * clock. Order matters and each step says why.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { type AdminChannel, holdsDataFolderLock, openAdminChannel } from './cli/channel.ts';
import { runCommand } from './cli/commands.ts';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { Db } from './db/client.ts';
import { adminRoutes, purgeStaleUploads } from './modules/admin/index.ts';
import { baziRoutes, dingzhiRoutes, eraseDingzhiProfile } from './modules/bazi/index.ts';
import { calendarRoutes } from './modules/calendar/index.ts';
import { contentRoutes, crmContentRoutes } from './modules/content/index.ts';
import { eraseLearner, ketangRoutes, progressOfCourses } from './modules/ketang/index.ts';
import { eraseMediaOf, mediaRoutes, removeStoredFiles } from './modules/media/index.ts';
import {
  configureUserCache,
  createSmsSender,
  memberDeps,
  memberRoutes,
  purgeMemberLeftovers,
  type SmsSender,
} from './modules/member/index.ts';
import { createPayService, payRoutes, retryPendingRefunds } from './modules/pay/index.ts';
import {
  configureSessionCache,
  purgeExpiredSessions,
  registerSessionSlot,
  sessionRoutes,
} from './modules/sessions/index.ts';
import {
  addressRoutes,
  cancelExpiredOrders,
  cartRoutes,
  catalogueRoutes,
  createOrderLedger,
  eraseBuyer,
  orderRoutes,
} from './modules/shop/index.ts';
import { registerAdminConsole } from './plugins/admin-console.ts';
import { caseFoldAppPath } from './plugins/app-paths.ts';
import { registerDocs } from './plugins/docs.ts';
import { installErrorHandling, replyToFrameworkError } from './plugins/error-handler.ts';
import { healthRoutes } from './plugins/health.ts';
import { nulInJson, rawNulInJson, refuseNulInUrl } from './plugins/no-nul.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { LOG_SERIALIZERS, RequestLog } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import type { Clock } from './shared/clock.ts';
import { type Job, startJob } from './shared/jobs.ts';
import { createFileStorage, type FileStorage } from './shared/storage.ts';

/** What the app is built from. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** Where files live; default: the storage `config.storage` names (closed with the app). */
  storage?: FileStorage;
  /** How login codes are sent; default: the sender `config.sms.provider` names. */
  sms?: SmsSender;
  /** false = silent (tests); `stream` captures the pino lines; default: pino to stdout at config.logLevel. */
  logger?: false | { level?: string; stream?: DestinationStream };
}

/** Request bodies are small JSON (tokens, labels, bazi forms); anything bigger is refused with 413. */
export const BODY_LIMIT = 64 * 1024;

/**
 * Log paths that may hold credentials; pino replaces them before a line is written. The request
 * line (plugins/request-log.ts) and the `req` serializer print no headers at all; this catches
 * anything else that logs a request's headers or a token.
 */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.token',
  'headers.authorization',
  'headers.cookie',
  'token',
  'jwt',
  // The console's credentials, should any code ever log a login body or a TOTP enrolment.
  'password',
  'oldPassword',
  'totp',
  'secret',
  'otpauthUrl',
];

/** Builds the Fastify app (not yet listening); `await app.ready()` or `listen()` finishes it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, config, clock } = deps;
  // Logged-in requests reuse their verified session and user row for a moment (shared/ttl-cache.ts).
  configureSessionCache(db, clock, config.authCacheSeconds * 1000);
  configureUserCache(db, clock, config.authCacheSeconds * 1000);
  const logger =
    deps.logger === false
      ? false
      : {
          level: deps.logger?.level ?? config.logLevel,
          stream: deps.logger?.stream,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          serializers: LOG_SERIALIZERS,
        };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // Decides `request.ip`, which every rate budget is counted by (config.ts fastifyTrustProxy).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A load balancer's request id ties its logs to ours.
    requestIdHeader: 'x-request-id',
    // SPEC §7 spells app/bln.suan and app/bln.Suan: /api/app/ paths are matched in any case.
    rewriteUrl: (request) => caseFoldAppPath(request.url ?? '/'),
    // One line per request, written when it is done, instead of Fastify's 'incoming request' and
    // 'request completed' (plugins/request-log.ts).
    logController: new RequestLog(clock),
    // Router refusals (a URL with broken percent-encoding) get our envelope, headers and log line.
    frameworkErrors: replyToFrameworkError,
    // Infinity and NaN are never a number or an integer ('1e999' coerced from a query string).
    ajv: { customOptions: { strictNumbers: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // A POST with `content-type: application/json` and an empty body is how many clients send "no
  // body" (the token call); Fastify would refuse it, so treat empty as absent and parse the rest with
  // Fastify's own prototype-poisoning-safe parser. No string of a body may hold NUL (plugins/no-nul.ts).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    const rawNul = rawNulInJson(text);
    if (rawNul) return done(rawNul);
    return parseJson(request, text, (error, value) => {
      if (error) return done(error);
      const nul = nulInJson(text, value);
      return nul ? done(nul) : done(null, value);
    });
  });
  // …nor the query string or the path parameters.
  app.addHook('preValidation', refuseNulInUrl);

  registerSessionSlot(app);
  // Security first, so that headers and limits apply to everything registered after.
  await registerSecurity(app);
  const limiter = await registerRateLimit(app, { db, config, clock });
  installErrorHandling(app, limiter.notFoundPreHandler);
  // Docs before routes: @fastify/swagger collects routes as they are added.
  await registerDocs(app);
  // One module per domain (src/modules/<domain>); each is reached through its index.ts only.
  await app.register(sessionRoutes, { prefix: '/api/base', db, config, clock });
  await app.register(contentRoutes, { prefix: '/api/base', db });
  await app.register(crmContentRoutes, { prefix: '/api/crm', db });
  // Uploads (base/upload, with its own multipart limits), stored files (files/*) and crm/feedback.
  const storage = deps.storage ?? createFileStorage(config.storage);
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  await app.register(mediaRoutes, { prefix: '/api', db, config, clock, storage });
  // Accounts (SPEC §6–7): SMS and password login, profile, password, deletion, my courses.
  const sms = deps.sms ?? createSmsSender({ config: config.sms, clock, log: app.log });
  const member = memberDeps({
    db,
    clock,
    config,
    sms,
    log: app.log,
    // PIPL deletion: each module erases its own rows in the deletion's transaction (member/erasure.ts
    // lists what every table keeps); the files they named go once it committed.
    erasure: {
      async eraseRows(tx, account) {
        await eraseBuyer(tx, account.id);
        await eraseLearner(tx, account.id);
        await eraseDingzhiProfile(tx, account.id);
        return eraseMediaOf(tx, account);
      },
      removeFiles: (keys) => removeStoredFiles(storage, keys),
    },
  });
  await app.register(memberRoutes, {
    prefix: '/api/crm',
    deps: member,
    config,
    // 我的课程 shows each course's progress, which the classroom keeps.
    courseProgress: (userId, courseIds) => progressOfCourses(db, userId, courseIds),
  });
  await app.register(calendarRoutes, { prefix: '/api/calendar', clock, db });
  await app.register(baziRoutes, { prefix: '/api/app/bln.suan', db, clock });
  await app.register(dingzhiRoutes, { prefix: '/api/app/bln.suan', db, config, clock });
  // The shop (SPEC §1 official shop): the public catalogue, then each buyer's cart and 收货地址 book.
  await app.register(catalogueRoutes, { prefix: '/api/shop', db });
  await app.register(cartRoutes, { prefix: '/api/shop', db, config, clock });
  await app.register(addressRoutes, { prefix: '/api/shop', db, config, clock });
  // Orders: checkout, 我的订单 and the buyer's actions (stock is reserved when an order is made).
  await app.register(orderRoutes, { prefix: '/api/shop', db, config, clock });
  // The classroom (SPEC §2 pages/ketang/*): courses, search, lessons behind signed media URLs, progress.
  await app.register(ketangRoutes, { prefix: '/api', db, config, clock, storage });
  // Payments: the pay module reaches orders only through the shop's ledger, handed over here. Automatic
  // refunds started by a callback finish before the database is closed.
  const pay = createPayService({
    db,
    clock,
    log: app.log,
    config: config.pay,
    ledger: createOrderLedger({ clock }),
  });
  await app.register(payRoutes, { prefix: '/api', service: pay, sessions: { db, config, clock } });
  app.addHook('onClose', () => pay.idle());
  // The operators' console API: its own accounts, bearer tokens and roles; every write audited.
  await app.register(adminRoutes, { prefix: '/api/admin', db, config, clock, storage, pay });
  await app.register(healthRoutes, { prefix: '/api', db });
  await registerSpa(app, config.webDist);
  await registerAdminConsole(app, config.adminDist);
  // Clean-up runs in every process (each purge is idempotent and safe concurrently, so no process has
  // to be the scheduler); it starts once the app is ready and stops before the database is closed.
  const intervalMs = config.cleanupIntervalSeconds * 1000;
  let jobs: Job[] = [];
  app.addHook('onReady', async () => {
    jobs = [
      startJob({
        name: 'purge-sessions',
        intervalMs,
        log: app.log,
        run: () => purgeExpiredSessions({ db, config, clock }),
      }),
      startJob({
        name: 'purge-rate-limit-windows',
        intervalMs,
        log: app.log,
        run: () => limiter.purgeExpired(),
      }),
      startJob({
        name: 'purge-member-limits',
        intervalMs,
        log: app.log,
        run: () => purgeMemberLeftovers({ db, clock }),
      }),
      // Unpaid orders past their deadline (and its grace) give their stock back; runs every minute whatever the
      // clean-up interval, since a reservation is only 15 minutes long (0 turns it off, as in tests).
      startJob({
        name: 'cancel-expired-orders',
        intervalMs: intervalMs > 0 ? Math.min(intervalMs, 60_000) : 0,
        log: app.log,
        run: () => cancelExpiredOrders({ db, clock }),
      }),
      // Console uploads left unfinished for a day give their stored parts back.
      startJob({
        name: 'purge-stale-uploads',
        intervalMs,
        log: app.log,
        run: () => purgeStaleUploads({ db, clock, storage }),
      }),
      // Refunds a provider has not settled yet (not reachable, or still processing) are sent again.
      startJob({
        name: 'resend-refunds',
        intervalMs,
        log: app.log,
        run: () => retryPendingRefunds(pay.deps, Math.max(intervalMs, 60_000)),
      }),
    ];
  });
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  });
  // Only the process holding the embedded database's folder can open it, so `npm run admin` sends its
  // commands here over a loopback channel (cli/channel.ts); on PostgreSQL the command connects itself.
  let channel: AdminChannel | undefined;
  app.addHook('onReady', async () => {
    if (config.databaseUrl || !holdsDataFolderLock(config.dataDir)) return;
    channel = await openAdminChannel({
      dataDir: config.dataDir,
      log: app.log,
      run: (argv, actor, input) => runCommand({ db, clock, actor, config, input }, argv),
    });
  });
  app.addHook('onClose', async () => {
    await channel?.close();
  });
  return app;
}
