/**
 * SPEC §7 `base/token` and the session behind a token; mounted under `/api/base`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import { SessionSchema, TokenBodySchema, TokenEnvelopeSchema } from '@xuanli/contracts/sessions';
import { Type } from 'typebox';
import { ok } from '../../shared/envelope.ts';
import { createRequireSession, sessionOf, tokenHeader } from './guard.ts';
import { issueToken, type SessionDeps } from './service.ts';

/** The session routes; dependencies arrive as plugin options. */
export const sessionRoutes: FastifyPluginAsyncTypebox<SessionDeps> = async (app, deps) => {
  const requireSession = createRequireSession(deps);

  app.post(
    '/token',
    {
      // The body is optional (SPEC §7 shows none); an absent one validates as `{}`.
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
};
