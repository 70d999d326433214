/**
 * The content routes (PRODUCT.md#paths). Under `/api/base`: `sysapi/label` (a content block by model and
 * name). Under `/api/crm`: `article/search` and `article/read`, and the master record `dashi`
 * (PRODUCT.md#content) with its list. All public: visitors read agreements and articles before logging in.
 *
 * Every caller gets the same answer, so answers are kept whole per node (shared/answer-cache.ts),
 * read from the replica when there is one and dropped by their tables' change notices. The article
 * and label routes are POSTs (the original app's calls), which HTTP caches neither keep nor revalidate: they
 * are kept here only; the master routes are GETs and also carry an ETag and a short public Cache-Control.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTENT_ROUTES } from '@xuanli/contracts/routes/content';
import type { Db } from '../../db/client.ts';
import {
  type AnswerCaching,
  answerCache,
  SHARED_ANSWER,
  sendAnswer,
  sendKept,
} from '../../shared/answer-cache.ts';
import { TOPICS } from '../../shared/cache-bus.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { listMasters, readArticle, readLabel, readMaster, searchArticles } from './service.ts';

/** What the content routes read from and keep their answers in. */
export interface ContentRoutesOptions {
  /** Reads of labels, articles and masters: the replica when there is one (db/replica.ts). */
  readDb: Db;
  caching: AnswerCaching;
}

/** The label route (mounted under `/api/base`); `readDb` holds the content table. */
export const contentRoutes: FastifyPluginAsyncTypebox<ContentRoutesOptions> = async (
  app,
  { readDb: db, caching },
) => {
  const labels = answerCache<unknown>(app, caching, [TOPICS.content]);
  addRoute(
    app,
    CONTENT_ROUTES.postBaseSysapiLabel,
    {
      tags: ['base'],
      summary: "A label content block, e.g. {model: 'crm', name: '在线客服'}",
    },
    async (request, reply) => {
      const { model, name } = request.body;
      const answer = await labels.get(
        JSON.stringify([model, name]),
        async () => ok(await readLabel(db, model, name)),
        (value) => reply.serialize(value),
      );
      return sendKept(reply, answer);
    },
  );
};

/** The article and master routes (mounted under `/api/crm`). */
export const crmContentRoutes: FastifyPluginAsyncTypebox<ContentRoutesOptions> = async (
  app,
  { readDb: db, caching },
) => {
  const articles = answerCache<unknown>(app, caching, [TOPICS.articles]);
  const masters = answerCache<unknown>(app, caching, [TOPICS.masters]);
  addRoute(
    app,
    CONTENT_ROUTES.postArticleSearch,
    {
      tags: ['crm'],
      summary: 'Published articles by label and/or keyword, paged (PRODUCT.md#paths)',
    },
    async (request, reply) => {
      const { label, keyword, page, size } = request.body;
      const answer = await articles.get(
        JSON.stringify([
          'search',
          label,
          keyword?.trim().toLowerCase() ?? '',
          String(page ?? 1),
          String(size),
        ]),
        async () => ok(await searchArticles(db, request.body)),
        (value) => reply.serialize(value),
      );
      return sendKept(reply, answer);
    },
  );

  addRoute(
    app,
    CONTENT_ROUTES.postArticleRead,
    {
      tags: ['crm'],
      summary: 'One published article by {id} or {label, name}, HTML sanitised (PRODUCT.md#paths)',
    },
    async (request, reply) => {
      const which = request.body;
      const answer = await articles.get(
        JSON.stringify('id' in which ? ['id', String(which.id)] : ['name', which.label, which.name]),
        async () => ok(await readArticle(db, which)),
        (value) => reply.serialize(value),
      );
      return sendKept(reply, answer);
    },
  );

  addRoute(
    app,
    CONTENT_ROUTES.getDashi,
    {
      tags: ['crm'],
      summary: 'A master by sellid, or the default master without one (PRODUCT.md#content, #paths)',
    },
    async (request, reply) => {
      const { sellid } = request.query;
      const wanted = sellid === '' ? undefined : sellid;
      const answer = await masters.get(
        // String(): a non-finite id (which the service refuses) must not share the default's key.
        JSON.stringify(['one', wanted === undefined ? '' : String(wanted)]),
        async () => ok(await readMaster(db, wanted)),
        (value) => reply.serialize(value),
      );
      return sendAnswer({ request, reply }, answer, SHARED_ANSWER);
    },
  );

  addRoute(
    app,
    CONTENT_ROUTES.getDashiList,
    {
      tags: ['crm'],
      summary: 'Every active master, the default first',
    },
    async (request, reply) => {
      const answer = await masters.get(
        'list',
        async () => ok({ list: await listMasters(db) }),
        (value) => reply.serialize(value),
      );
      return sendAnswer({ request, reply }, answer, SHARED_ANSWER);
    },
  );
};
