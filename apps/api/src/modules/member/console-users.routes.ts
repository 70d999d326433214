/**
 * The users area of the console (roles admin and support): search, a user's page, VIP, sessions and bans.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { MEMBER_CONSOLE_ROUTES } from '@xuanli/contracts/routes/member';
import type { ConsoleRouteOptions } from '../../shared/console-access.ts';
import { addRoute, consoleFailures } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import {
  banAppUser,
  grantUserVip,
  revokeAppSessions,
  revokeUserVip,
  searchUsers,
  type UserDeskDeps,
  unbanAppUser,
  userDetail,
} from './console-users.ts';

/** What the app-user area of the console is built from: the console's access and the module's deps. */
export type UserConsoleOptions = ConsoleRouteOptions<UserDeskDeps>;

const tags = ['admin'];

/** `admin/users…`. */
export const userConsoleRoutes: FastifyPluginAsyncTypebox<UserConsoleOptions> = async (
  app,
  { deps, requireOperator, auditorOf, security },
) => {
  const support = requireOperator(...ADMIN_AREA_ROLES.users);

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.getUsers,
    {
      tags,
      summary: 'Search users by phone digits or nickname, newest first, with VIP and counts',
      security,
      failures: consoleFailures,
      preHandler: support,
    },
    async (request) => ok(await searchUsers(deps, request.query)),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.getUsersById,
    {
      tags,
      summary: "A user's profile, sessions (device, created, last seen, expiry) and newest orders",
      security,
      failures: consoleFailures,
      preHandler: support,
    },
    async (request) => ok(await userDetail(deps, request.params.id)),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersVip,
    {
      tags,
      summary: 'Grant or extend VIP by 1–3650 days from the later of now and the current end, with a reason',
      description: 'NotFound when the phone has no account (the customer logs in once by SMS first).',
      security,
      failures: consoleFailures,
      preHandler: support,
    },
    async (request) => ok(await grantUserVip(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersVipRevoke,
    {
      tags,
      summary: "End a user's VIP now, with a reason",
      security,
      failures: consoleFailures,
      preHandler: support,
    },
    async (request) => ok(await revokeUserVip(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersSessionsRevoke,
    {
      tags,
      summary: 'End every app login of a user, with a reason (they must log in again)',
      description:
        'Other API processes stop accepting the ended sessions once their verified-session cache lapses ' +
        '(AUTH_CACHE_SECONDS).',
      security,
      failures: consoleFailures,
      preHandler: support,
    },
    async (request) => ok(await revokeAppSessions(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersBan,
    {
      tags,
      summary: 'Ban an app user, with a reason: every session ends, every login and SMS code is refused',
      description:
        'The refusal is 403 AccountBanned until the ban is lifted. Other API processes stop accepting the ' +
        'ended sessions once their auth cache lapses (AUTH_CACHE_SECONDS). Conflict when already banned or ' +
        'deleted; NotFound when there is no such user.',
      security,
      failures: consoleFailures,
      preHandler: support,
    },
    async (request) => ok(await banAppUser(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersUnban,
    {
      tags,
      summary: "Lift an app user's ban, with a reason: the phone may log in again",
      description:
        'Conflict when the account is not banned or was deleted; NotFound when there is no such user.',
      security,
      failures: consoleFailures,
      preHandler: support,
    },
    async (request) => ok(await unbanAppUser(deps, request.body, auditorOf(request))),
  );
};
