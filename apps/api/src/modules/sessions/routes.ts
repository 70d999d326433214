/**
 * PRODUCT.md#paths `base/token`, the session behind a token, and logout; mounted under `/api/base`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_ROUTES } from '@xuanli/contracts/routes/sessions';
import { Type } from 'typebox';
import type { Config } from '../../config.ts';
import { budgetLimit } from '../../plugins/rate-limit.ts';
import { addRoute, signedInFailures } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { createRequireSession, sessionOf, tokenHeader } from './guard.ts';
import { issueToken, revokeSession, type SessionDeps } from './service.ts';

/** What the session routes are built from: the service's dependencies and the rate budgets. */
export interface SessionRoutesOptions extends SessionDeps {
  config: SessionDeps['config'] & Pick<Config, 'rateBudgets'>;
}

/** The session routes; dependencies arrive as plugin options. */
export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, deps) => {
  const requireSession = createRequireSession(deps);
  // Each new session is a row: creating them (a request without a previous token) has a per-IP
  // budget much tighter than the general one. Refreshes only count in the general budget.
  const limitSessionCreation = budgetLimit(
    app,
    deps.config,
    'sessionCreate',
    (request) => !tokenHeader(request),
  );

  addRoute(
    app,
    SESSION_ROUTES.postToken,
    {
      tags: ['base'],
      summary: 'Issue a visitor session token, or refresh the one in header `token`',
      headers: Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) }),
      failures: signedInFailures,
      onRequest: limitSessionCreation,
      // The body is optional (the original app sends none); an absent one validates as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const data = await issueToken(deps, {
        deviceId: request.body.device_id,
        previousToken: tokenHeader(request),
      });
      return { code: 0 as const, msg: 'ok', data };
    },
  );

  addRoute(
    app,
    SESSION_ROUTES.getSession,
    {
      tags: ['base'],
      summary: 'The session of the token in header `token`',
      security: [{ token: [] }],
      preHandler: requireSession,
    },
    async (request) => {
      const session = sessionOf(request);
      return ok({
        subject: session.subject,
        deviceId: session.deviceId,
        userId: session.userId,
        createdAt: session.createdAt.toISOString(),
        refreshedAt: session.refreshedAt.toISOString(),
      });
    },
  );

  addRoute(
    app,
    SESSION_ROUTES.postLogout,
    {
      tags: ['base'],
      summary: 'End the session of the token in header `token`: its tokens are refused from now on',
      security: [{ token: [] }],
      failures: signedInFailures,
      preHandler: requireSession,
    },
    async (request) => {
      const at = new Date(deps.clock.now());
      await revokeSession(deps.db, sessionOf(request).id, at);
      return ok({ revokedAt: at.toISOString() });
    },
  );
};
