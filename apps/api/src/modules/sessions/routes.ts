/**
 * PRODUCT.md#paths `base/token`, the session behind a token, and logout; mounted under `/api/base`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import {
  LogoutResultSchema,
  SessionSchema,
  TokenBodySchema,
  TokenEnvelopeSchema,
} from '@xuanli/contracts/sessions';
import { Type } from 'typebox';
import type { Config } from '../../config.ts';
import { budgetLimit } from '../../plugins/rate-limit.ts';
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

  app.post(
    '/token',
    {
      onRequest: limitSessionCreation,
      // The body is optional (the original app sends none); an absent one validates as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['base'],
        summary: 'Issue a visitor session token, or refresh the one in header `token`',
        headers: Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) }),
        body: TokenBodySchema,
        response: { 200: TokenEnvelopeSchema, 401: ErrorEnvelopeSchema, ...errorResponses },
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

  app.get(
    '/session',
    {
      preHandler: requireSession,
      schema: {
        tags: ['base'],
        summary: 'The session of the token in header `token`',
        security: [{ token: [] }],
        response: { 200: okEnvelopeSchema(SessionSchema), ...errorResponses },
      },
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

  app.post(
    '/logout',
    {
      preHandler: requireSession,
      schema: {
        tags: ['base'],
        summary: 'End the session of the token in header `token`: its tokens are refused from now on',
        security: [{ token: [] }],
        response: { 200: okEnvelopeSchema(LogoutResultSchema), 401: ErrorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const at = new Date(deps.clock.now());
      await revokeSession(deps.db, sessionOf(request).id, at);
      return ok({ revokedAt: at.toISOString() });
    },
  );
};
