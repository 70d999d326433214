/**
 * The users area of the console (roles admin and support): search, a user's page, VIP, sessions and bans.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { MEMBER_CONSOLE_ROUTES } from '@xuanli/contracts/routes/member';
import { type ConsoleRouteOptions, consoleAreaOf } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
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

/** `admin/users…`. */
export const userConsoleRoutes: FastifyPluginAsyncTypebox<UserConsoleOptions> = async (app, access) => {
  const { deps, auditorOf } = access;
  const support = consoleAreaOf(access, ADMIN_AREA_ROLES.users);

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.getUsers,
    {
      ...support,
      summary: 'Search users by phone digits or nickname, newest first, with VIP and counts',
    },
    async (request) => ok(await searchUsers(deps, request.query)),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.getUsersById,
    {
      ...support,
      summary: "A user's profile, sessions (device, created, last seen, expiry) and newest orders",
    },
    async (request) => ok(await userDetail(deps, request.params.id)),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersVip,
    {
      ...support,
      summary: 'Grant or extend VIP by 1–3650 days from the later of now and the current end, with a reason',
      description: 'NotFound when the phone has no account (the customer logs in once by SMS first).',
    },
    async (request) => ok(await grantUserVip(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersVipRevoke,
    {
      ...support,
      summary: "End a user's VIP now, with a reason",
    },
    async (request) => ok(await revokeUserVip(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersSessionsRevoke,
    {
      ...support,
      summary: 'End every app login of a user, with a reason (they must log in again)',
      description:
        'Other API processes stop accepting the ended sessions once their verified-session cache lapses ' +
        '(AUTH_CACHE_SECONDS).',
    },
    async (request) => ok(await revokeAppSessions(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersBan,
    {
      ...support,
      summary: 'Ban an app user, with a reason: every session ends, every login and SMS code is refused',
      description:
        'The refusal is 403 AccountBanned until the ban is lifted. Other API processes stop accepting the ' +
        'ended sessions once their auth cache lapses (AUTH_CACHE_SECONDS). Conflict when already banned or ' +
        'deleted; NotFound when there is no such user.',
    },
    async (request) => ok(await banAppUser(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    MEMBER_CONSOLE_ROUTES.postUsersUnban,
    {
      ...support,
      summary: "Lift an app user's ban, with a reason: the phone may log in again",
      description:
        'Conflict when the account is not banned or was deleted; NotFound when there is no such user.',
    },
    async (request) => ok(await unbanAppUser(deps, request.body, auditorOf(request))),
  );
};
