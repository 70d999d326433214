/**
 * The content routes. Under `/api/base`: SPEC §7 `sysapi/label` (a content block by model and name).
 * Under `/api/crm`: SPEC §7 `article/search` and `article/read`, and the master record `dashi`
 * (SPEC §3, §7) with its list. All public: visitors read agreements and articles before logging in.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleReadBodySchema,
  ArticleSchema,
  ArticleSearchBodySchema,
  ArticleSearchResultSchema,
} from '@xuanli/contracts/article';
import {
  LabelBodySchema,
  LabelSchema,
  MasterListSchema,
  MasterQuerySchema,
  MasterSchema,
} from '@xuanli/contracts/content';
import { errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import type { Db } from '../../db/client.ts';
import { ok } from '../../shared/envelope.ts';
import { listMasters, readArticle, readLabel, readMaster, searchArticles } from './service.ts';

/** The label route (mounted under `/api/base`); `db` holds the content table. */
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

/** The article and master routes (mounted under `/api/crm`). */
export const crmContentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/article/search',
    {
      schema: {
        tags: ['crm'],
        summary: 'Published articles by label and/or keyword, paged (SPEC §7)',
        body: ArticleSearchBodySchema,
        response: { 200: okEnvelopeSchema(ArticleSearchResultSchema), ...errorResponses },
      },
    },
    async (request) => ok(await searchArticles(db, request.body)),
  );

  app.post(
    '/article/read',
    {
      schema: {
        tags: ['crm'],
        summary: 'One published article by {id} or {label, name}, HTML sanitised (SPEC §7)',
        body: ArticleReadBodySchema,
        response: { 200: okEnvelopeSchema(ArticleSchema), ...errorResponses },
      },
    },
    async (request) => ok(await readArticle(db, request.body)),
  );

  app.get(
    '/dashi',
    {
      schema: {
        tags: ['crm'],
        summary: 'A master by sellid, or the default master without one (SPEC §3, §7)',
        querystring: MasterQuerySchema,
        response: { 200: okEnvelopeSchema(MasterSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { sellid } = request.query;
      return ok(await readMaster(db, sellid === '' ? undefined : sellid));
    },
  );

  app.get(
    '/dashi/list',
    {
      schema: {
        tags: ['crm'],
        summary: 'Every active master, the default first',
        response: { 200: okEnvelopeSchema(MasterListSchema), ...errorResponses },
      },
    },
    async () => ok({ list: await listMasters(db) }),
  );
};
