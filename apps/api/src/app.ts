/**
 * The application, built from its dependencies. Nothing here reads the environment, opens a database
 * or listens: server.ts does that, and tests build the same app on an in-memory database with a fixed
 * clock. Order matters and each step says why.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES, ADMIN_ROLES } from '@xuanli/contracts/admin-labels';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { type AdminChannel, holdsDataFolderLock, openAdminChannel } from './cli/channel.ts';
import { runCommand } from './cli/commands.ts';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { DatabaseLinks, Db } from './db/client.ts';
import { adminRoutes, consoleAccessOf } from './modules/admin/index.ts';
import {
  baziRoutes,
  dingzhiRoutes,
  eraseDingzhiProfile,
  mergeDingzhiProfile,
  mingshuRoutes,
  readingConsoleRoutes,
} from './modules/bazi/index.ts';
import {
  calendarRoutes,
  createHolidayCache,
  holidayConsoleRoutes,
  holidayTableAnswer,
} from './modules/calendar/index.ts';
import {
  articleConsoleRoutes,
  contentRoutes,
  crmContentRoutes,
  masterConsoleRoutes,
} from './modules/content/index.ts';
import {
  courseConsoleRoutes,
  eraseLearner,
  ketangRoutes,
  mergeLearner,
  progressOfCourses,
  purgeStaleUploads,
  uploadConsoleRoutes,
} from './modules/ketang/index.ts';
import {
  eraseMediaOf,
  imageConsoleRoutes,
  mediaRoutes,
  mergeMediaOf,
  removeStoredFiles,
} from './modules/media/index.ts';
import {
  configureUserCache,
  createSmsSender,
  memberDeps,
  memberRoutes,
  purgeMemberLeftovers,
  type SmsSender,
  userConsoleRoutes,
} from './modules/member/index.ts';
import { eraseCaseBook, mergeCaseBook, mingliRoutes } from './modules/mingli/index.ts';
import {
  createPayService,
  type PayService,
  payConsoleRoutes,
  paymentAttempts,
  payRoutes,
  purgeRefusedCallbacks,
  reconcilePayments,
  retryPendingRefunds,
} from './modules/pay/index.ts';
import { eraseCalendarOf, mergeCalendarOf, reminderRoutes } from './modules/reminders/index.ts';
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
  catalogueConsoleRoutes,
  catalogueRoutes,
  createOrderLedger,
  eraseBuyer,
  mergeBuyer,
  orderConsoleRoutes,
  orderRoutes,
} from './modules/shop/index.ts';
import {
  createWechatService,
  eraseWechatOf,
  purgeOauthLeftovers,
  wechatRoutes,
} from './modules/wechat/index.ts';
import { registerAdminConsole } from './plugins/admin-console.ts';
import { caseFoldAppPath } from './plugins/app-paths.ts';
import { registerDocs } from './plugins/docs.ts';
import { installErrorHandling, replyToFrameworkError } from './plugins/error-handler.ts';
import { healthRoutes } from './plugins/health.ts';
import { REDACT_CENSOR, REDACT_PATHS } from './plugins/log-redaction.ts';
import { nulInJson, rawNulInJson, refuseNulInUrl } from './plugins/no-nul.ts';
import { type RateLimiter, registerRateLimit } from './plugins/rate-limit.ts';
import { clientErrorHandler } from './plugins/request-deadline.ts';
import { LOG_SERIALIZERS, RequestLog, requestIdOf } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { sharedCompilers } from './plugins/shared-compilers.ts';
import { registerSpa } from './plugins/spa.ts';
import type { AnswerCaching } from './shared/answer-cache.ts';
import { type CacheBus, silentBus } from './shared/cache-bus.ts';
import { beijingToday, type Clock } from './shared/clock.ts';
import { processJobLocks } from './shared/job-lock.ts';
import { type JobRunner, type JobSpec, jobRunner } from './shared/jobs.ts';
import type { PaymentAttempts } from './shared/orders.ts';
import { createFileStorage, type FileStorage } from './shared/storage.ts';

/** At most one log line a minute about an unreachable holiday table for index.html's calendar. */
const FIRST_VIEW_ERROR_LOG_MS = 60_000;

/**
 * Today and the entered holiday table for the calendar rendered into index.html: its own cache of the
 * table (a version read a second at most), waiting half a second for the database before it falls back
 * to the last table known (or the built-in plans), since the page waits for it.
 */
function firstViewSource(db: Db, clock: Clock, app: FastifyInstance, caching: AnswerCaching) {
  let lastErrorLog = Number.NEGATIVE_INFINITY;
  const holidays = createHolidayCache(db, clock, {
    bus: caching.bus,
    liveMs: caching.liveMs,
    timeoutMs: 500,
    onError(error) {
      if (clock.now() - lastErrorLog < FIRST_VIEW_ERROR_LOG_MS) return;
      lastErrorLog = clock.now();
      app.log.error(
        { err: error },
        "holiday table unavailable; index.html's calendar uses the last known table",
      );
    },
  });
  app.addHook('onClose', async () => holidays.dispose());
  return async () => {
    const { state } = await holidays.forAnswers();
    return { today: beijingToday(clock), holidays: state ? holidayTableAnswer(state) : null };
  };
}

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
  /**
   * The database's links for running beside other nodes (db/client.ts `nodeLinks()`): replica reads,
   * change notices, job locks. Default: reads on `db`, no notices (caches keep their short
   * time-to-live) and locks within this process.
   */
  links?: DatabaseLinks;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's periodic jobs; `runNow` runs one through its lock (operators' tools, tests). */
    jobs: Pick<JobRunner, 'runNow'>;
  }
}

/** The links of an app built without any: everything on `db`, within this process. */
function singleNodeLinks(db: Db): DatabaseLinks {
  return { readDb: db, bus: silentBus(), locks: processJobLocks(), useLog() {} };
}

/**
 * Per-node caches and change notices. The auth caches keep AUTH_CACHE_SECONDS without live notices
 * (and nothing when it is 0); the answer caches CACHE_FALLBACK_SECONDS (nothing when CACHE_SECONDS is
 * 0); with live notices both keep CACHE_SECONDS at most.
 */
function configureCaches(app: FastifyInstance, deps: AppDeps, bus: CacheBus): AnswerCaching {
  const { db, clock, config } = deps;
  const authMs = config.authCacheSeconds * 1000;
  const auth = { liveMs: authMs > 0 ? Math.max(config.cacheSeconds * 1000, authMs) : 0, fallbackMs: authMs };
  const unsubscribe = [configureSessionCache(db, clock, auth, bus), configureUserCache(db, clock, auth, bus)];
  app.addHook('onClose', async () => {
    for (const done of unsubscribe) done();
  });
  const liveMs = config.cacheSeconds * 1000;
  return { bus, clock, liveMs, fallbackMs: liveMs > 0 ? config.cacheFallbackSeconds * 1000 : 0 };
}

/**
 * A console write answers once this node has heard the change notices of everything committed before
 * it, so that the operator's next read here — and the app's — already shows the change (other nodes
 * hear it within moments anyway).
 */
function settleConsoleWrites(app: FastifyInstance, bus: CacheBus): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/admin/')) {
      await bus.settled();
    }
    return payload;
  });
}

/**
 * The console areas the domain modules own, each under `/api/admin` with the console's role guard,
 * audit names and OpenAPI security (modules/admin consoleAccessOf); the console imports none of them.
 */
async function registerDomainConsoles(
  app: FastifyInstance,
  {
    db,
    clock,
    config,
    storage,
    pay,
  }: { db: Db; clock: Clock; config: Config; storage: FileStorage; pay: PayService },
): Promise<void> {
  const access = consoleAccessOf({ db, clock, config });
  const prefix = '/api/admin';
  const deps = { db, clock };
  await app.register(userConsoleRoutes, { prefix, ...access, deps: { db, clock, config } });
  await app.register(holidayConsoleRoutes, { prefix, ...access, deps });
  await app.register(uploadConsoleRoutes, { prefix, ...access, deps: { db, clock, config }, storage });
  await app.register(courseConsoleRoutes, { prefix, ...access, deps });
  await app.register(orderConsoleRoutes, { prefix, ...access, deps, pay });
  await app.register(catalogueConsoleRoutes, { prefix, ...access, deps });
  await app.register(imageConsoleRoutes, { prefix, ...access, deps, storage });
  await app.register(articleConsoleRoutes, { prefix, ...access, deps });
  await app.register(readingConsoleRoutes, { prefix, ...access, deps });
  await app.register(masterConsoleRoutes, { prefix, ...access, deps });
  await app.register(payConsoleRoutes, {
    prefix,
    db,
    clock,
    guard: access.requireOperator(...ADMIN_AREA_ROLES.orders),
    auditorOf: access.auditorOf,
    security: access.security,
  });
}

/** Request bodies are small JSON (tokens, labels, bazi forms); anything bigger is refused with 413. */
export const BODY_LIMIT = 64 * 1024;

/** Builds the Fastify app (not yet listening); `await app.ready()` or `listen()` finishes it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, config, clock } = deps;
  const links = deps.links ?? singleNodeLinks(db);
  const { readDb } = links;
  const logger =
    deps.logger === false
      ? false
      : {
          level: deps.logger?.level ?? config.logLevel,
          stream: deps.logger?.stream,
          // Credentials and personal fields, wherever a line would hold them (plugins/log-redaction.ts).
          redact: { paths: REDACT_PATHS, censor: REDACT_CENSOR },
          serializers: LOG_SERIALIZERS,
        };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // Decides `request.ip`, which every rate budget is counted by (config.ts fastifyTrustProxy).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A load balancer's request id ties its logs to ours, when it is short and plain; anything else
    // gets an id of our own (plugins/request-log.ts requestIdOf), so a client cannot write into a line.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // The original app calls both app/bln.suan and app/bln.Suan (PRODUCT.md#paths): /api/app/ paths are
    // matched in any case.
    rewriteUrl: (request) => caseFoldAppPath(request.url ?? '/'),
    // One line per request, written when it is done, instead of Fastify's 'incoming request' and
    // 'request completed' (plugins/request-log.ts).
    logController: new RequestLog(clock),
    // Router refusals (a URL with broken percent-encoding) get our envelope, headers and log line.
    frameworkErrors: replyToFrameworkError,
    // Malformed requests and time-outs; a console upload's chunk may outlast the request time-out.
    clientErrorHandler,
    // Infinity and NaN are never a number or an integer: refused in a JSON body by Ajv's strictNumbers,
    // and after Ajv's coercion ('1e999' in a query becomes Infinity) by our validators.
    ajv: { customOptions: { strictNumbers: true } },
    // Compiled once per process, however many apps it builds (plugins/shared-compilers.ts).
    schemaController: { compilersFactory: sharedCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>();

  links.useLog(app.log);
  // Logged-in requests reuse their verified session and user row, public reads their whole answers
  // (shared/ttl-cache.ts, shared/answer-cache.ts); change notices keep them exact on every node.
  const caching = configureCaches(app, deps, links.bus);
  settleConsoleWrites(app, links.bus);

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
  // Docs before routes: @fastify/swagger collects routes as they are added. In production they are
  // the operators' (any console role), elsewhere open.
  await registerDocs(app, {
    guard: config.production
      ? consoleAccessOf({ db, clock, config }).requireOperator(...ADMIN_ROLES)
      : undefined,
  });
  // One module per domain (src/modules/<domain>); each is reached through its index.ts only.
  await app.register(sessionRoutes, { prefix: '/api/base', db, config, clock });
  await app.register(contentRoutes, { prefix: '/api/base', readDb, caching });
  await app.register(crmContentRoutes, { prefix: '/api/crm', readDb, caching });
  // Uploads (base/upload, with its own multipart limits), stored files (files/*) and crm/feedback.
  const storage = deps.storage ?? createFileStorage(config.storage);
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  await app.register(mediaRoutes, { prefix: '/api', db, config, clock, storage });
  // The 公众号 (off without WECHAT_APP_ID): 网页授权 login tickets, the JS-SDK signature, and which
  // account a WeChat user is — for the member module's login and the pay module's JSAPI payer.
  const wechat = createWechatService({
    db,
    clock,
    config: config.wechat,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(wechatRoutes, { prefix: '/api', service: wechat });
  // Accounts (PRODUCT.md#account): SMS, password and WeChat login, profile, password, deletion, my courses.
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
        await eraseBuyer(tx, account.id, new Date(clock.now()));
        await eraseLearner(tx, account.id);
        await eraseWechatOf(tx, account.id);
        await eraseDingzhiProfile(tx, account.id);
        await eraseCalendarOf(tx, account.id);
        await eraseCaseBook(tx, account.id);
        return eraseMediaOf(tx, account);
      },
      removeFiles: (keys) => removeStoredFiles(storage, keys),
    },
    // Two accounts of one person becoming one (a WeChat account linking the phone of an existing one):
    // each module moves its rows in the merge's transaction.
    merge: {
      async mergeRows(tx, from, into) {
        await mergeBuyer(tx, from, into);
        await mergeLearner(tx, from, into);
        await mergeMediaOf(tx, from, into);
        await mergeDingzhiProfile(tx, from, into);
        await mergeCaseBook(tx, from, into);
        await mergeCalendarOf(tx, from, into);
      },
    },
    wechat: wechat.accounts,
  });
  await app.register(memberRoutes, {
    prefix: '/api/crm',
    deps: member,
    config,
    // 我的课程 shows each course's progress, which the classroom keeps.
    courseProgress: (userId, courseIds) => progressOfCourses(db, userId, courseIds),
  });
  await app.register(calendarRoutes, { prefix: '/api/calendar', clock, readDb, caching });
  // Each user's own events, saved 吉日 and the secret link of the calendar their phone subscribes to.
  await app.register(reminderRoutes, { prefix: '/api', db, config, clock });
  await app.register(baziRoutes, { prefix: '/api/app/bln.suan', db, clock });
  await app.register(dingzhiRoutes, { prefix: '/api/app/bln.suan', db, config, clock });
  await app.register(mingshuRoutes, { prefix: '/api/app/bln.suan', db, config, clock });
  // Each account's case book (命例): saved profiles kept across its phones, exported and imported.
  await app.register(mingliRoutes, { prefix: '/api/crm/bazi', db, config, clock });
  // The shop (PRODUCT.md#shop): the public catalogue, then each buyer's cart and 收货地址 book.
  await app.register(catalogueRoutes, { prefix: '/api/shop', readDb, caching });
  await app.register(cartRoutes, { prefix: '/api/shop', db, config, clock });
  await app.register(addressRoutes, { prefix: '/api/shop', db, config, clock });
  // Payments: the pay module reaches orders only through the shop's ledger, handed over here; the shop
  // asks the pay module's attempts before it cancels an overdue order (a late callback may still come).
  // Automatic refunds started by a callback finish before the database is closed.
  let attempts: PaymentAttempts | undefined;
  const pay: PayService = createPayService({
    db,
    clock,
    log: app.log,
    config: config.pay,
    ledger: createOrderLedger({ clock, payments: () => attempts }),
    // JSAPI pays with the openid 网页授权 bound to the buyer's account, never one the browser sends.
    payerOpenid: (userId) => wechat.payerOpenid(userId),
  });
  const payAttempts = paymentAttempts(pay.deps);
  attempts = payAttempts;
  // Orders: checkout, 我的订单 and the buyer's actions (stock is reserved when an order is made).
  await app.register(orderRoutes, { prefix: '/api/shop', db, config, clock, payments: attempts });
  // The classroom (PRODUCT.md#classroom): courses, search, lessons behind signed media URLs, progress.
  await app.register(ketangRoutes, { prefix: '/api', db, readDb, caching, config, clock, storage });
  await app.register(payRoutes, { prefix: '/api', service: pay, sessions: { db, config, clock }, config });
  app.addHook('onClose', () => pay.close());
  // The operators' console API: its own accounts, bearer tokens and roles; every write audited.
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    db,
    config,
    clock,
    pay,
    smsProvider: sms.provider,
  });
  await registerDomainConsoles(app, { db, clock, config, storage, pay });
  await app.register(healthRoutes, { prefix: '/api', db });
  // index.html carries today's calendar (Beijing day by this app's clock, entered holidays merged).
  await registerSpa(app, config.webDist, firstViewSource(readDb, clock, app, caching));
  await registerAdminConsole(app, config.adminDist);
  // Clean-up runs in every process, each run under its job's lock (shared/jobs.ts): one node at a time
  // runs a job, no process has to be the scheduler, and each purge is idempotent besides. The jobs
  // start once the app is ready and stop before the database is closed.
  const runner = jobRunner(appJobs({ db, config, clock, storage, limiter, pay, attempts: payAttempts }), {
    locks: links.locks,
    log: app.log,
  });
  app.decorate('jobs', { runNow: (name: string) => runner.runNow(name) });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', () => runner.stop());
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

/** What the periodic jobs work on. */
interface JobDeps {
  db: Db;
  config: Config;
  clock: Clock;
  storage: FileStorage;
  limiter: RateLimiter;
  pay: PayService;
  attempts: PaymentAttempts;
}

/** The app's periodic jobs (shared/jobs.ts); an interval of 0 turns one off, as in tests. */
function appJobs({ db, config, clock, storage, limiter, pay, attempts }: JobDeps): JobSpec[] {
  const intervalMs = config.cleanupIntervalSeconds * 1000;
  return [
    { name: 'purge-sessions', intervalMs, run: () => purgeExpiredSessions({ db, config, clock }) },
    { name: 'purge-rate-limit-windows', intervalMs, run: () => limiter.purgeExpired() },
    { name: 'purge-member-limits', intervalMs, run: () => purgeMemberLeftovers({ db, clock }) },
    // Unpaid orders past their deadline (and its grace) give their stock back, once their payment
    // attempts are settled with the providers; every minute whatever the clean-up interval, since a
    // reservation is only 15 minutes long.
    {
      name: 'cancel-expired-orders',
      intervalMs: intervalMs > 0 ? Math.min(intervalMs, 60_000) : 0,
      run: () => cancelExpiredOrders({ db, clock, payments: attempts }),
    },
    // 网页授权's states and tickets past their 10 and 5 minutes.
    { name: 'purge-wechat-oauth', intervalMs, run: () => purgeOauthLeftovers({ db, clock }) },
    // Tallies of refused payment callbacks older than their retention.
    {
      name: 'purge-refused-pay-callbacks',
      intervalMs,
      run: () => purgeRefusedCallbacks({ db, clock, config: config.pay }),
    },
    // Payment attempts without a final state are compared with their providers (each attempt is also
    // claimed with a lease, so two runs never settle one twice).
    {
      name: 'reconcile-payments',
      intervalMs: config.pay.reconcileIntervalSeconds * 1000,
      run: () => reconcilePayments(pay.deps),
    },
    // Console uploads left unfinished for a day give their stored parts back.
    { name: 'purge-stale-uploads', intervalMs, run: () => purgeStaleUploads({ db, clock, storage }) },
    // Refunds a provider has not settled yet (not reachable, or still processing) are sent again.
    {
      name: 'resend-refunds',
      intervalMs,
      run: () => retryPendingRefunds(pay.deps, Math.max(intervalMs, 60_000)),
    },
  ];
}
