/**
 * The users area of the console (roles admin and support): search, a user's page, VIP, sessions and bans.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUserParamsSchema,
  AdminUserQuerySchema,
  UserBanBodySchema,
  UserBanStateSchema,
  UserSessionsRevokeBodySchema,
  UserSessionsRevokeResultSchema,
  VipGrantBodySchema,
  VipRevokeBodySchema,
  VipStateSchema,
} from '@xuanli/contracts/admin';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import type { ConsoleRouteOptions } from '../../shared/console-access.ts';
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
const refusals = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, ...errorResponses };

/** `admin/users…`. */
export const userConsoleRoutes: FastifyPluginAsyncTypebox<UserConsoleOptions> = async (
  app,
  { deps, requireOperator, auditorOf, security },
) => {
  const support = requireOperator(...ADMIN_AREA_ROLES.users);

  app.get(
    '/users',
    {
      preHandler: support,
      schema: {
        tags,
        summary: 'Search users by phone digits or nickname, newest first, with VIP and counts',
        security,
        querystring: AdminUserQuerySchema,
        response: { 200: okEnvelopeSchema(AdminUserListSchema), ...refusals },
      },
    },
    async (request) => ok(await searchUsers(deps, request.query)),
  );

  app.get(
    '/users/:id',
    {
      preHandler: support,
      schema: {
        tags,
        summary: "A user's profile, sessions (device, created, last seen, expiry) and newest orders",
        security,
        params: AdminUserParamsSchema,
        response: { 200: okEnvelopeSchema(AdminUserDetailSchema), ...refusals },
      },
    },
    async (request) => ok(await userDetail(deps, request.params.id)),
  );

  app.post(
    '/users/vip',
    {
      preHandler: support,
      schema: {
        tags,
        summary:
          'Grant or extend VIP by 1–3650 days from the later of now and the current end, with a reason',
        description: 'NotFound when the phone has no account (the customer logs in once by SMS first).',
        security,
        body: VipGrantBodySchema,
        response: { 200: okEnvelopeSchema(VipStateSchema), ...refusals },
      },
    },
    async (request) => ok(await grantUserVip(deps, request.body, auditorOf(request))),
  );

  app.post(
    '/users/vip/revoke',
    {
      preHandler: support,
      schema: {
        tags,
        summary: "End a user's VIP now, with a reason",
        security,
        body: VipRevokeBodySchema,
        response: { 200: okEnvelopeSchema(VipStateSchema), ...refusals },
      },
    },
    async (request) => ok(await revokeUserVip(deps, request.body, auditorOf(request))),
  );

  app.post(
    '/users/sessions/revoke',
    {
      preHandler: support,
      schema: {
        tags,
        summary: 'End every app login of a user, with a reason (they must log in again)',
        description:
          'Other API processes stop accepting the ended sessions once their verified-session cache lapses ' +
          '(AUTH_CACHE_SECONDS).',
        security,
        body: UserSessionsRevokeBodySchema,
        response: { 200: okEnvelopeSchema(UserSessionsRevokeResultSchema), ...refusals },
      },
    },
    async (request) => ok(await revokeAppSessions(deps, request.body, auditorOf(request))),
  );

  app.post(
    '/users/ban',
    {
      preHandler: support,
      schema: {
        tags,
        summary: 'Ban an app user, with a reason: every session ends, every login and SMS code is refused',
        description:
          'The refusal is 403 AccountBanned until the ban is lifted. Other API processes stop accepting the ' +
          'ended sessions once their auth cache lapses (AUTH_CACHE_SECONDS). Conflict when already banned or ' +
          'deleted; NotFound when there is no such user.',
        security,
        body: UserBanBodySchema,
        response: { 200: okEnvelopeSchema(UserBanStateSchema), ...refusals },
      },
    },
    async (request) => ok(await banAppUser(deps, request.body, auditorOf(request))),
  );

  app.post(
    '/users/unban',
    {
      preHandler: support,
      schema: {
        tags,
        summary: "Lift an app user's ban, with a reason: the phone may log in again",
        description:
          'Conflict when the account is not banned or was deleted; NotFound when there is no such user.',
        security,
        body: UserBanBodySchema,
        response: { 200: okEnvelopeSchema(UserBanStateSchema), ...refusals },
      },
    },
    async (request) => ok(await unbanAppUser(deps, request.body, auditorOf(request))),
  );
};
