/**
 * The articles area of the console (area content: admin and editor): every article with its drafts,
 * the labels in use, and creating, changing, publishing, unpublishing and deleting one — the 宜/忌
 * glossary (label 宜忌) and the agreements (label 协议) among them. The content module owns the rows
 * (its functions run inside this route's transaction); each write adds its audit row to the same
 * transaction. The app's article routes read the same rows, so a change shows there at once.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_ARTICLE_LIMITS } from '@xuanli/contracts/admin-content';
import { ADMIN_AREA_ROLES, type AuditAction } from '@xuanli/contracts/admin-labels';
import { CONTENT_CONSOLE_ROUTES } from '@xuanli/contracts/routes/content';
import type { FastifyRequest } from 'fastify';
import { changeAudited } from '../../shared/audit.ts';
import { consoleAreaOf, type DbConsoleOptions } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
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

/** An article body of up to 200 000 characters of HTML (3 bytes each in UTF-8) fits. */
const ARTICLE_BODY_LIMIT = ADMIN_ARTICLE_LIMITS.html * 3 + 16 * 1024;

/** `admin/articles…`. */
export const articleConsoleRoutes: FastifyPluginAsyncTypebox<DbConsoleOptions> = async (app, access) => {
  const { deps, auditorOf } = access;
  const editors = consoleAreaOf(access, ADMIN_AREA_ROLES.content);

  /** Runs `change` and its audit row `action` in one transaction; answers the article after (or before). */
  const audited = (
    request: FastifyRequest,
    action: AuditAction,
    change: (tx: Tx, at: Date) => Promise<ArticleChange>,
  ): Promise<ArticleChange> =>
    changeAudited(
      deps,
      auditorOf(request),
      action,
      change,
      (result) => `article:${(result.after ?? result.before)?.id}`,
    );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.getArticles,
    {
      ...editors,
      summary: 'Articles with drafts, by label, a keyword in the title or name, and published state',
    },
    async (request) =>
      ok(await listArticlesForEditing(deps.db, { ...request.query, ...pageOf(request.query) })),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.getArticlesLabels,
    {
      ...editors,
      summary: 'The labels in use, with how many articles each has and how many are published',
    },
    async () => ok({ list: await articleLabelsInUse(deps.db) }),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postArticlesPreview,
    {
      ...editors,
      summary: 'The body HTML as saving would store it (sanitised), for the phone preview',
      description: 'Changes nothing.',
      bodyLimit: ARTICLE_BODY_LIMIT,
    },
    async (request) => ok({ html: sanitizeArticleHtml(request.body.html) }),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.getArticlesById,
    {
      ...editors,
      summary: 'One article with its body HTML, published or not',
    },
    async (request) => ok(await articleForEditing(deps.db, request.params.id)),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postArticles,
    {
      ...editors,
      summary: 'Create an article as a draft; its HTML is sanitised before it is stored',
      description: 'Conflict when the label already has an article of that name. Audit row article.create.',
      bodyLimit: ARTICLE_BODY_LIMIT,
    },
    async (request) => {
      const change = await audited(request, 'article.create', (tx, at) =>
        createArticle(tx, request.body, at),
      );
      return ok(change.after as NonNullable<ArticleChange['after']>);
    },
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postArticlesById,
    {
      ...editors,
      summary: 'Change an article (title, name, label, summary, body, sort); the app shows it at once',
      description:
        'The published state is kept. Conflict when the label and name belong to another article. Audit row article.update.',
      bodyLimit: ARTICLE_BODY_LIMIT,
    },
    async (request) => {
      const { id } = request.params;
      const change = await audited(request, 'article.update', (tx, at) =>
        updateArticle(tx, id, request.body, at),
      );
      return ok(change.after as NonNullable<ArticleChange['after']>);
    },
  );

  for (const [route, published, action] of [
    [CONTENT_CONSOLE_ROUTES.postArticlesByIdPublish, true, 'article.publish'],
    [CONTENT_CONSOLE_ROUTES.postArticlesByIdUnpublish, false, 'article.unpublish'],
  ] as const) {
    addRoute(
      app,
      route,
      {
        ...editors,
        summary: published
          ? 'Publish an article: the app lists and shows it'
          : 'Unpublish an article: the app neither lists nor shows it',
        description: `Audit row ${action}.`,
      },
      async (request) => {
        const { id } = request.params;
        const change = await audited(request, action, (tx, at) => setArticlePublished(tx, id, published, at));
        return ok(change.after as NonNullable<ArticleChange['after']>);
      },
    );
  }

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.deleteArticlesById,
    {
      ...editors,
      summary: 'Delete an article (to hide it for now, unpublish it instead)',
      description: 'Audit row article.delete with the article as it was.',
    },
    async (request) => {
      const { id } = request.params;
      await audited(request, 'article.delete', (tx) => deleteArticle(tx, id));
      return ok({ id });
    },
  );
};
