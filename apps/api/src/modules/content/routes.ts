/**
 * SPEC §7 `base/sysapi/label`: a content block by model and name; mounted under `/api/base`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LabelBodySchema, LabelSchema } from '@xuanli/contracts/content';
import { errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import type { Db } from '../../db/client.ts';
import { ok } from '../../shared/envelope.ts';
import { readLabel } from './service.ts';

/** The content routes; `db` holds the content table. */
export const contentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
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
    async (request) => ok(await readLabel(db, request.body.model, request.body.name)),
  );
};
