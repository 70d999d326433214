/**
 * SPEC §7 `base/*` routes: session tokens and the label content blocks.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createRequireSession, sessionOf, tokenHeader } from '../auth/session-guard.ts';
import { ErrorEnvelopeSchema, errorResponses, ok, okEnvelopeSchema } from '../schemas.ts';
import { readLabel } from '../services/content.ts';
import { issueToken, type SessionDeps } from '../services/sessions.ts';

const TokenBodySchema = Type.Object({
  device_id: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "The client's numeric device id",
    }),
  ),
});

// SPEC §7: the token answer is the one place the payload sits in `data`, not `resData`.
const TokenEnvelopeSchema = Type.Object({
  code: Type.Literal(0),
  msg: Type.String(),
  data: Type.Object({
    jwt: Type.String(),
    iat: Type.Integer({ description: 'Issue time, epoch seconds' }),
  }),
});

const SessionSchema = Type.Object({
  subject: Type.String(),
  deviceId: Type.Union([Type.Integer(), Type.Null()]),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  refreshedAt: Type.String({ format: 'date-time' }),
});

const LabelBodySchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.String({ minLength: 1, maxLength: 64 }),
});

const LabelSchema = Type.Object({
  model: Type.String(),
  name: Type.String(),
  title: Type.String(),
  body: Type.String(),
  content: Type.Unknown({ description: 'Structured block, e.g. the customer-service card' }),
});

/** `/api/base` routes; dependencies arrive as plugin options. */
export const baseRoutes: FastifyPluginAsyncTypebox<SessionDeps> = async (app, deps) => {
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

  app.post(
    '/sysapi/label',
    {
      schema: {
        tags: ['base'],
        summary: "A label content block, e.g. {model: 'crm', name: '在线客服'}",
        body: LabelBodySchema,
        response: { 200: okEnvelopeSchema(LabelSchema), ...errorResponses },
      },
    },
    async (request) => ok(await readLabel(deps.db, request.body.model, request.body.name)),
  );
};
