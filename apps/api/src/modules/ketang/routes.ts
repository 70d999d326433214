import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { OkEnvelope } from '@xuanli/contracts/envelope';
import { FileBytesSchema } from '@xuanli/contracts/files';
import { COURSE_PAGE_SIZE, type CourseList } from '@xuanli/contracts/ketang';
import { KETANG_ROUTES } from '@xuanli/contracts/routes/ketang';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import {
  type AnswerCaching,
  answerCache,
  answerOf,
  type CachedAnswer,
  PERSONAL_ANSWER,
  type Serialized,
  SHARED_ANSWER,
  sendAnswer,
} from '../../shared/answer-cache.ts';
import { TOPICS } from '../../shared/cache-bus.ts';
import type { Clock } from '../../shared/clock.ts';
import { addRoute, signedInFailures } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import type { FileStorage } from '../../shared/storage.ts';
import { sendStoredFile } from '../media/index.ts';
import type { SessionDeps } from '../sessions/index.ts';
import { ownedCourses } from './access.ts';
import { listCategories, listCourses, readCourse } from './courses.ts';
import { listCourseware } from './courseware.ts';
import { lessonsByTag } from './lesson-tags.ts';
import { mediaSessionLive } from './media-session.ts';
import { MEDIA_COOKIE, mediaSigner } from './media-url.ts';
import { playLesson } from './play.ts';
import { saveProgress } from './progress.ts';
import { listReviews, saveReview } from './reviews.ts';
import {
  createRequireLearner,
  learnerOf,
  registerLearnerSlot,
  VISITOR,
  type Viewer,
  viewerOf,
} from './viewer.ts';

/** What the classroom routes are built from. */
export interface KetangRoutesOptions {
  db: Db;
  /** Reads of the course lists and categories: the replica when there is one (db/replica.ts). */
  readDb: Db;
  /** Where the lists' shared answers are kept (shared/answer-cache.ts). */
  caching: AnswerCaching;
  config: SessionDeps['config'] & Pick<Config, 'rateBudgets' | 'playUrlMarginSeconds'>;
  clock: Clock;
  storage: FileStorage;
}

/** The change notices that drop a course list: its courses, their prices in the shop, teachers' names. */
const COURSE_LIST_TOPICS = [TOPICS.courses, TOPICS.catalogue, TOPICS.masters];

/** A token is optional: sent, it personalises the answer; absent or refused, the caller is a visitor. */
const OPTIONAL_TOKEN: { [label: string]: string[] }[] = [{ token: [] }, {}];

/** A logged-in user's token is required. */
const TOKEN: { [label: string]: string[] }[] = [{ token: [] }];

/**
 * The shared course list `shared` as `viewer` sees it: the same answer unless the viewer owns a course
 * of the page (read from the primary: a course just paid for shows as owned at once), then a copy with
 * those marked.
 */
async function withOwned(
  db: Db,
  shared: CachedAnswer<OkEnvelope<CourseList>>,
  viewer: Viewer,
  serialize: (value: OkEnvelope<CourseList>) => Serialized,
): Promise<CachedAnswer<OkEnvelope<CourseList>>> {
  const { list } = shared.value.resData;
  if (viewer.userId === null || list.length === 0) return shared;
  const owned = await ownedCourses(
    db,
    viewer.userId,
    list.map((course) => course.id),
  );
  if (owned.size === 0) return shared;
  const mine = ok({
    ...shared.value.resData,
    list: list.map((course) => (owned.has(course.id) ? { ...course, owned: true } : course)),
  });
  return answerOf(mine, serialize(mine));
}

/** The classroom routes; dependencies arrive as plugin options. */
export const ketangRoutes: FastifyPluginAsyncTypebox<KetangRoutesOptions> = async (app, deps) => {
  const sessionDeps: SessionDeps = { db: deps.db, config: deps.config, clock: deps.clock };
  const signer = mediaSigner(deps.config.jwtSecret);
  registerLearnerSlot(app);
  const requireLearner = createRequireLearner(sessionDeps);
  const viewer = (request: Parameters<typeof viewerOf>[1]) => viewerOf(sessionDeps, request);
  const lists = answerCache<OkEnvelope<CourseList>>(app, deps.caching, COURSE_LIST_TOPICS);
  const categories = answerCache<unknown>(app, deps.caching, COURSE_LIST_TOPICS);

  addRoute(
    app,
    KETANG_ROUTES.getCategories,
    {
      tags: ['ketang'],
      summary: 'Course categories in display order (八字, 风水, 六爻, 择日 …) with their course counts',
    },
    async (request, reply) => {
      const answer = await categories.get(
        'categories',
        async () => ok({ list: await listCategories(deps.readDb) }),
        (value) => reply.serialize(value),
      );
      return sendAnswer({ request, reply }, answer, SHARED_ANSWER);
    },
  );

  addRoute(
    app,
    KETANG_ROUTES.getList,
    {
      tags: ['ketang'],
      summary: 'Published courses by category and Chinese search words, paged; best matches first',
      description:
        '`keyword`: each word must be found in the title, the teacher’s name or the introduction (by characters: ' +
        '八字, 风, 张师傅 …); a title hit ranks before a teacher hit before an introduction hit. Without a keyword, ' +
        'in the operators’ order. `owned` answers for the caller’s token (a visitor without one).',
      security: OPTIONAL_TOKEN,
    },
    async (request, reply) => {
      // Every caller's list is the same but for `owned`: the shared answer (owned by nobody) is kept,
      // and a logged-in caller who owns a course of the page gets it with those marked, never kept.
      const { keyword, category, page, size } = request.query;
      // String(): a non-finite number (refused by the service) must not share another query's key.
      const key = JSON.stringify([
        keyword?.trim() ?? '',
        String(category),
        String(page ?? 1),
        String(size ?? COURSE_PAGE_SIZE),
      ]);
      const shared = await lists.get(
        key,
        async () => ok(await listCourses(deps.readDb, request.query, VISITOR)),
        (value) => reply.serialize(value),
      );
      reply.header('vary', 'token');
      const answer = await withOwned(deps.db, shared, await viewer(request), (value) =>
        reply.serialize(value),
      );
      return sendAnswer({ request, reply }, answer, answer === shared ? SHARED_ANSWER : PERSONAL_ANSWER);
    },
  );

  addRoute(
    app,
    KETANG_ROUTES.getShow,
    {
      tags: ['ketang'],
      summary:
        'A course page: teacher, price or 免费, lessons (试看, playable, the caller’s progress), intro',
      description: 'Errors: NotFound for an unknown course (or an unpublished one the caller did not buy).',
      security: OPTIONAL_TOKEN,
    },
    async (request) => ok(await readCourse(deps.db, request.query.id, await viewer(request))),
  );

  addRoute(
    app,
    KETANG_ROUTES.getPlay,
    {
      tags: ['ketang'],
      summary:
        'A signed URL of a lesson’s video (served with HTTP Range) bound to the caller’s session, and the saved position',
      description:
        'Free courses and 试看 lessons play for anyone with a session token (a visitor’s too); other lessons only ' +
        'for buyers of the course. Sets the HttpOnly cookie `' +
        MEDIA_COOKIE +
        '` (SameSite=Lax, path /api/ketang/media/) that the URL needs: the URL works only in the browser that asked, ' +
        'while its session is live, until `expires` — the lesson’s length plus PLAY_URL_MARGIN_SECONDS. ' +
        'Errors: Unauthorized for a caller without a session token and for a visitor asking for a bought-only ' +
        'lesson, Forbidden for a user who has not bought the course, NotFound for an unknown lesson.',
      security: OPTIONAL_TOKEN,
      failures: signedInFailures,
    },
    async (request, reply) => {
      const grant = await playLesson(
        { db: deps.db, clock: deps.clock, signer, marginSeconds: deps.config.playUrlMarginSeconds },
        await viewer(request),
        request.query.lesson,
      );
      const secure = request.protocol === 'https';
      reply.header('set-cookie', signer.cookieOf(grant.sessionId, grant.expiresAt, deps.clock.now(), secure));
      return ok(grant.play);
    },
  );

  addRoute(
    app,
    KETANG_ROUTES.postProgress,
    {
      tags: ['ketang'],
      summary: 'Save where the learner is in a lesson (idempotent); ≥ 90 % of it marks it done for good',
      description: 'Errors: Forbidden for a lesson the user may not watch, NotFound for an unknown lesson.',
      security: TOKEN,
      failures: signedInFailures,
      preHandler: requireLearner,
    },
    async (request) => ok(await saveProgress(deps, learnerOf(request), request.body)),
  );

  addRoute(
    app,
    KETANG_ROUTES.getKejian,
    {
      tags: ['ketang'],
      summary: 'Free courseware (课件) to download, in display order',
    },
    async (request) => ok(await listCourseware(deps.db, request.query)),
  );

  addRoute(
    app,
    KETANG_ROUTES.getLessonsByTag,
    {
      tags: ['ketang'],
      summary: 'Lessons of published courses that teach a term (相关课程 of the chart’s term sheets)',
    },
    async (request) => ok({ list: await lessonsByTag(deps.db, request.query.tag) }),
  );

  addRoute(
    app,
    KETANG_ROUTES.postReview,
    {
      tags: ['ketang'],
      summary:
        'Rate a course 1–5 with an optional comment (buyers; learners of a free course); again = replace',
      description:
        'Errors: Forbidden for a user who has not bought the course, NotFound for an unknown course.',
      security: TOKEN,
      failures: signedInFailures,
      preHandler: requireLearner,
    },
    async (request) => ok(await saveReview(deps, learnerOf(request), request.body)),
  );

  addRoute(
    app,
    KETANG_ROUTES.getReviews,
    {
      tags: ['ketang'],
      summary: 'A course’s reviews, newest first, with its average rating',
      security: OPTIONAL_TOKEN,
    },
    async (request) => ok(await listReviews(deps.db, await viewer(request), request.query)),
  );

  // Lesson videos always pass through here, from the local folder or the bucket alike. Object storage
  // could serve the bytes itself, but its presigned URL is a bearer URL that cannot be bound to a
  // session, and redirecting each request to a short-lived one does not work for a player: Chromium
  // and Safari remember the redirect and ask the bucket directly for later ranges, which then fail
  // once that URL has expired. Streaming lets this route check the binding on every range.
  addRoute(
    app,
    KETANG_ROUTES.getKetangMediaFile,
    {
      tags: ['ketang'],
      summary: 'A lesson video behind a session-bound URL from crm/ketang/play, with HTTP Range',
      description:
        'Only as answered by `play`, with the cookie `play` set, in the session that asked: a changed path, user, ' +
        'binding or expiry, an expired URL, a missing cookie or another session’s, or an ended session (logout), ' +
        'is Forbidden. `Accept-Ranges: bytes`; `Range: bytes=a-b` answers 206 with Content-Range, a range past ' +
        'the end 416.',
      answers: { 206: FileBytesSchema },
      ownHead: true,
      // A player asks for a video in many ranges: the media budget, not the API's general one.
      config: routeRateLimit(deps.config, 'media'),
    },
    async (request, reply) => {
      const now = deps.clock.now();
      const grant = signer.check(request.params['*'], request.query, request.headers.cookie, now);
      if (!grant || !(await mediaSessionLive(deps.db, grant))) {
        throw new AppError(
          'Forbidden',
          'media URL invalid, expired or not this session’s; ask crm/ketang/play again',
        );
      }
      const left = Math.max(0, Math.floor(grant.expiresAt - now / 1000));
      // Only this browser may keep it, and not past the URL's own end.
      return sendStoredFile(request, reply, deps.storage, grant.key, `private, max-age=${left}`);
    },
  );
};
