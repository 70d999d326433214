/**
 * The articles area of the console (area content: admin and editor): every article with its drafts,
 * the labels in use, and creating, changing, publishing, unpublishing and deleting one — the 宜/忌
 * glossary (label 宜忌) and the agreements (label 协议) among them. The content module owns the rows
 * (its functions run inside this route's transaction); each write adds its audit row to the same
 * transaction. The app's article routes read the same rows, so a change shows there at once.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ADMIN_ARTICLE_LIMITS,
  AdminArticleBodySchema,
  AdminArticleDeletedSchema,
  AdminArticleLabelListSchema,
  AdminArticleListSchema,
  AdminArticleParamsSchema,
  AdminArticlePreviewBodySchema,
  AdminArticlePreviewSchema,
  AdminArticleQuerySchema,
  AdminArticleSchema,
} from '@xuanli/contracts/admin-content';
import { ADMIN_AREA_ROLES, type AuditAction } from '@xuanli/contracts/admin-labels';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import type { ConsoleRouteOptions } from '../../shared/console-access.ts';
import { ok } from '../../shared/envelope.ts';
import type { Tx } from '../../shared/orders.ts';
import { pageOf } from '../../shared/wire-numbers.ts';
import {
  type ArticleChange,
  articleForEditing,
  articleLabelsInUse,
  createArticle,
  deleteArticle,
  listArticlesForEditing,
  setArticlePublished,
  updateArticle,
} from './article-editing.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

/** What the articles area of the console is built from: the console's access and the module's deps. */
export type ArticleConsoleOptions = ConsoleRouteOptions<{ db: Db; clock: Clock }>;

const tags = ['admin'];
const refusals = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, ...errorResponses };

/** An article body of up to 200 000 characters of HTML (3 bytes each in UTF-8) fits. */
const ARTICLE_BODY_LIMIT = ADMIN_ARTICLE_LIMITS.html * 3 + 16 * 1024;

/** `admin/articles…`. */
export const articleConsoleRoutes: FastifyPluginAsyncTypebox<ArticleConsoleOptions> = async (
  app,
  { deps, requireOperator, auditorOf, security },
) => {
  const editors = requireOperator(...ADMIN_AREA_ROLES.content);

  /** Runs `change` and its audit row `action` in one transaction; answers the article after (or before). */
  async function audited(
    request: FastifyRequest,
    action: AuditAction,
    change: (tx: Tx, at: Date) => Promise<ArticleChange>,
  ): Promise<ArticleChange> {
    const auditor = auditorOf(request);
    const at = new Date(deps.clock.now());
    return deps.db.transaction(async (tx) => {
      const result = await change(tx, at);
      const id = (result.after ?? result.before)?.id;
      await writeAudit(tx, {
        ...auditor,
        at,
        action,
        target: `article:${id}`,
        before: result.before,
        after: result.after,
      });
      return result;
    });
  }

  app.get(
    '/articles',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Articles with drafts, by label, a keyword in the title or name, and published state',
        security,
        querystring: AdminArticleQuerySchema,
        response: { 200: okEnvelopeSchema(AdminArticleListSchema), ...refusals },
      },
    },
    async (request) =>
      ok(await listArticlesForEditing(deps.db, { ...request.query, ...pageOf(request.query) })),
  );

  app.get(
    '/articles/labels',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'The labels in use, with how many articles each has and how many are published',
        security,
        response: { 200: okEnvelopeSchema(AdminArticleLabelListSchema), ...refusals },
      },
    },
    async () => ok({ list: await articleLabelsInUse(deps.db) }),
  );

  app.post(
    '/articles/preview',
    {
      preHandler: editors,
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'The body HTML as saving would store it (sanitised), for the phone preview',
        description: 'Changes nothing.',
        security,
        body: AdminArticlePreviewBodySchema,
        response: { 200: okEnvelopeSchema(AdminArticlePreviewSchema), ...refusals },
      },
    },
    async (request) => ok({ html: sanitizeArticleHtml(request.body.html) }),
  );

  app.get(
    '/articles/:id',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'One article with its body HTML, published or not',
        security,
        params: AdminArticleParamsSchema,
        response: { 200: okEnvelopeSchema(AdminArticleSchema), ...refusals },
      },
    },
    async (request) => ok(await articleForEditing(deps.db, request.params.id)),
  );

  app.post(
    '/articles',
    {
      preHandler: editors,
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create an article as a draft; its HTML is sanitised before it is stored',
        description: 'Conflict when the label already has an article of that name. Audit row article.create.',
        security,
        body: AdminArticleBodySchema,
        response: { 200: okEnvelopeSchema(AdminArticleSchema), ...refusals },
      },
    },
    async (request) => {
      const change = await audited(request, 'article.create', (tx, at) =>
        createArticle(tx, request.body, at),
      );
      return ok(change.after as NonNullable<ArticleChange['after']>);
    },
  );

  app.post(
    '/articles/:id',
    {
      preHandler: editors,
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change an article (title, name, label, summary, body, sort); the app shows it at once',
        description:
          'The published state is kept. Conflict when the label and name belong to another article. Audit row article.update.',
        security,
        params: AdminArticleParamsSchema,
        body: AdminArticleBodySchema,
        response: { 200: okEnvelopeSchema(AdminArticleSchema), ...refusals },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = await audited(request, 'article.update', (tx, at) =>
        updateArticle(tx, id, request.body, at),
      );
      return ok(change.after as NonNullable<ArticleChange['after']>);
    },
  );

  for (const [path, published, action] of [
    ['publish', true, 'article.publish'],
    ['unpublish', false, 'article.unpublish'],
  ] as const) {
    app.post(
      `/articles/:id/${path}`,
      {
        preHandler: editors,
        schema: {
          tags,
          summary: published
            ? 'Publish an article: the app lists and shows it'
            : 'Unpublish an article: the app neither lists nor shows it',
          description: `Audit row ${action}.`,
          security,
          params: AdminArticleParamsSchema,
          response: { 200: okEnvelopeSchema(AdminArticleSchema), ...refusals },
        },
      },
      async (request) => {
        const { id } = request.params;
        const change = await audited(request, action, (tx, at) => setArticlePublished(tx, id, published, at));
        return ok(change.after as NonNullable<ArticleChange['after']>);
      },
    );
  }

  app.delete(
    '/articles/:id',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Delete an article (to hide it for now, unpublish it instead)',
        description: 'Audit row article.delete with the article as it was.',
        security,
        params: AdminArticleParamsSchema,
        response: { 200: okEnvelopeSchema(AdminArticleDeletedSchema), ...refusals },
      },
    },
    async (request) => {
      const { id } = request.params;
      await audited(request, 'article.delete', (tx) => deleteArticle(tx, id));
      return ok({ id });
    },
  );
};
