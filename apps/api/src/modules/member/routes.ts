/**
 * The member routes (PRODUCT.md#account, #paths): `crm/member/*` and `crm/ketang/myorder`; mounted under
 * `/api/crm`. `sms` and `login` need a session (a visitor's is fine); every other route needs a logged-in
 * one: a visitor, a revoked or expired token, or a deleted account is answered 401.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '@xuanli/contracts/envelope';
import { type MyOrderList, TooManyRequestsEnvelopeSchema } from '@xuanli/contracts/member';
import { MEMBER_ROUTES } from '@xuanli/contracts/routes/member';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../../config.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { noteRefusal } from '../../plugins/request-log.ts';
import { addRoute, signedInFailures, signInFailures } from '../../shared/contract-route.ts';
import { coursesOf } from '../../shared/course-grants.ts';
import { ok } from '../../shared/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import { createRequireSession, sessionOf } from '../sessions/index.ts';
import { RetryLaterError } from './codes.ts';
import {
  deleteAccount,
  findUser,
  login,
  logout,
  type MemberDeps,
  profileOf,
  requestCode,
  setPassword,
  type User,
  updateProfile,
} from './service.ts';
import { bindPhone, unbindWechat, wechatBinding, wechatLogin } from './wechat.ts';

/** A purchased course's progress, as the classroom keeps it. */
export type CourseProgressFields = Required<
  Pick<MyOrderList['list'][number], 'lessonsDone' | 'lessonsTotal' | 'lastLesson' | 'lastPosition'>
>;

/** Reads a user's progress in courses for 我的课程 (the classroom's, handed over by app.ts). */
export type CourseProgressReader = (
  userId: number,
  courseIds: string[],
) => Promise<Map<string, CourseProgressFields>>;

/** What the member routes are built from. */
export interface MemberRoutesOptions {
  deps: MemberDeps;
  config: MemberDeps['config'] & Pick<Config, 'rateBudgets'>;
  /** Adds lessons done and where to continue to `ketang/myorder`; without it the list has none. */
  courseProgress?: CourseProgressReader;
}

const USER = 'xuanliUser';

/** The user `requireUser` loaded for this request. */
function userOf(request: FastifyRequest): User {
  const user = request.getDecorator<User | null>(USER);
  if (!user) throw new Error('userOf() on a route without requireUser');
  return user;
}

/** Answers a {@link RetryLaterError} as 429 with `retryAfter` (and `retry-after`); rethrows the rest. */
function replyRetryLater(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof RetryLaterError)) throw error;
  const body = { code: 'TooManyRequests' as const, msg: error.message, retryAfter: error.retryAfterSeconds };
  noteRefusal(request, body);
  return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send(body);
}

/** The member routes; dependencies arrive as plugin options. */
export const memberRoutes: FastifyPluginAsyncTypebox<MemberRoutesOptions> = async (
  app,
  { deps, config, courseProgress },
) => {
  const requireSession = createRequireSession(deps);
  app.decorateRequest(USER, null);
  const requireUser: preHandlerAsyncHookHandler = async function (request, reply) {
    await requireSession.call(this, request, reply);
    const { userId } = sessionOf(request);
    if (userId === null) throw new AppError('Unauthorized', 'login required');
    const user = await findUser(deps.db, userId);
    if (!user) throw new AppError('Unauthorized', 'account deleted or banned');
    request.setDecorator<User>(USER, user);
  };
  const secured = [{ token: [] }];
  const emptyBody = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  addRoute(
    app,
    MEMBER_ROUTES.postSms,
    {
      tags: ['member'],
      summary: 'Send a 6-digit login code by SMS (the same answer whether or not the phone has an account)',
      description:
        'Errors: InvalidPhone; AccountBanned (403) when an operator banned the account of the phone; ' +
        'TooManyRequests within 60 s of the last code to the phone or past the daily caps (10 per phone, ' +
        '30 per IP), with `retryAfter` seconds; Unavailable when the SMS provider fails.',
      security: secured,
      failures: { 429: TooManyRequestsEnvelopeSchema, ...errorResponses },
      config: routeRateLimit(config, 'sms'),
      preHandler: requireSession,
    },
    async (request, reply) => {
      try {
        return ok(await requestCode(deps, request.body.phone, request.ip));
      } catch (error) {
        return replyRetryLater(request, reply, error);
      }
    },
  );

  addRoute(
    app,
    MEMBER_ROUTES.postLogin,
    {
      tags: ['member'],
      summary: "Log in by {phone, code} or {phone, password}; a new session replaces the caller's",
      description:
        'The answered jwt is the token of a new session; the token in header `token` is refused from then ' +
        'on (no grace period). The first SMS login creates the account. Errors: InvalidPhone, InvalidCode, ' +
        'LoginFailed, AccountBanned (403), TooManyRequests (per phone and per IP).',
      security: secured,
      failures: signInFailures,
      config: routeRateLimit(config, 'login'),
      preHandler: requireSession,
    },
    async (request, reply) => {
      try {
        return ok(await login(deps, sessionOf(request).id, request.body));
      } catch (error) {
        return replyRetryLater(request, reply, error);
      }
    },
  );

  addRoute(
    app,
    MEMBER_ROUTES.postLogout,
    {
      tags: ['member'],
      summary: "End the caller's session: its tokens are refused from now on",
      security: secured,
      failures: signedInFailures,
      preHandler: requireUser,
    },
    async (request) => ok(await logout(deps, sessionOf(request).id)),
  );

  addRoute(
    app,
    MEMBER_ROUTES.getProfile,
    {
      tags: ['member'],
      summary: 'The logged-in user, phone masked',
      security: secured,
      failures: signedInFailures,
      preHandler: requireUser,
    },
    async (request) => ok(profileOf(userOf(request), deps.clock)),
  );

  addRoute(
    app,
    MEMBER_ROUTES.postProfile,
    {
      tags: ['member'],
      summary: 'Change the nickname (1–20 characters) and/or the avatar (an upload URL or empty)',
      security: secured,
      failures: signedInFailures,
      preHandler: requireUser,
    },
    async (request) => ok(await updateProfile(deps, userOf(request).id, request.body)),
  );

  addRoute(
    app,
    MEMBER_ROUTES.postPassword,
    {
      tags: ['member'],
      summary: 'Set or change the password (8–64 characters with a letter and a digit)',
      description:
        'oldPassword is required once a password is set (LoginFailed otherwise). Ends every other session of the user.',
      security: secured,
      failures: signedInFailures,
      // Guessing the current password is a login attempt too.
      config: routeRateLimit(config, 'login'),
      preHandler: requireUser,
    },
    async (request) => ok(await setPassword(deps, userOf(request), sessionOf(request).id, request.body)),
  );

  addRoute(
    app,
    MEMBER_ROUTES.postDelete,
    {
      tags: ['member'],
      summary:
        'Delete the account (PIPL): profile anonymised, every session ended, the phone free to sign up again',
      security: secured,
      failures: signedInFailures,
      preValidation: emptyBody,
      preHandler: requireUser,
    },
    async (request) => ok(await deleteAccount(deps, userOf(request))),
  );

  addRoute(
    app,
    MEMBER_ROUTES.postWechat,
    {
      tags: ['member'],
      summary: "Log in with the ticket WeChat's 网页授权 brought back; a new session replaces the caller's",
      description:
        'The account of that WeChat user (openid, or unionid when WeChat gave one) is created at first sight. ' +
        "A signed-in caller without WeChat gets it bound to their own account, or merged with the WeChat user's " +
        'account when that one has no phone. `bound`: a phone is linked. Errors: WechatLoginFailed (ticket ' +
        'unknown, used or older than 5 minutes), AccountBanned (403), NotFound when WeChat login is off.',
      security: secured,
      failures: signInFailures,
      config: routeRateLimit(config, 'login'),
      preHandler: requireSession,
    },
    async (request) => ok(await wechatLogin(deps, sessionOf(request), request.body.ticket)),
  );

  addRoute(
    app,
    MEMBER_ROUTES.postBindPhone,
    {
      tags: ['member'],
      summary:
        "Link a phone (SMS code) to the caller's account; merges with the phone's account when it has one",
      description:
        'The caller must have no phone yet (Conflict). When the phone has an account, the two become one in ' +
        'that account (orders, courses, VIP days — the longer end wins — and WeChat binding kept), and the ' +
        "answered session is that account's. Errors: InvalidCode, AccountBanned, TooManyRequests, Conflict " +
        '(both accounts have a WeChat user).',
      security: secured,
      failures: signInFailures,
      config: routeRateLimit(config, 'login'),
      preHandler: requireUser,
    },
    async (request, reply) => {
      try {
        return ok(await bindPhone(deps, sessionOf(request).id, userOf(request), request.body));
      } catch (error) {
        return replyRetryLater(request, reply, error);
      }
    },
  );

  addRoute(
    app,
    MEMBER_ROUTES.getWechat,
    {
      tags: ['member'],
      summary: "Whether WeChat login is on and a WeChat user is bound to the caller's account",
      security: secured,
      failures: signedInFailures,
      preHandler: requireUser,
    },
    async (request) => ok(await wechatBinding(deps, userOf(request))),
  );

  addRoute(
    app,
    MEMBER_ROUTES.postWechatUnbind,
    {
      tags: ['member'],
      summary: "Remove the WeChat binding of the caller's account (only with a phone linked)",
      description:
        'Conflict without a phone: the account would have no way to log in. NotFound when WeChat is off.',
      security: secured,
      failures: signedInFailures,
      preValidation: emptyBody,
      preHandler: requireUser,
    },
    async (request) => ok(await unbindWechat(deps, userOf(request))),
  );

  addRoute(
    app,
    MEMBER_ROUTES.getCrmKetangMyorder,
    {
      tags: ['member'],
      summary:
        "The user's purchased courses: live grants of paid shop orders, newest first, with lessons done and where to continue",
      security: secured,
      failures: signedInFailures,
      preHandler: requireUser,
    },
    async (request) => {
      const userId = userOf(request).id;
      const courses = await coursesOf(deps.db, userId);
      const progress = courseProgress
        ? await courseProgress(
            userId,
            courses.map((course) => course.courseId),
          )
        : new Map<string, CourseProgressFields>();
      const list = courses.map((course) => ({ ...course, ...progress.get(course.courseId) }));
      return ok({ list, total: list.length });
    },
  );
};
