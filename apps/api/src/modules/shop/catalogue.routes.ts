/**
 * The catalogue routes, mounted under `/api/shop`: categories, the product list and a product page.
 * Public: a visitor browses the shop before logging in (the token clients send is not needed),
 * and every caller is shown the same answer — so each is kept whole per node (shared/answer-cache.ts),
 * read from the replica when there is one, dropped by the catalogue's change notices (a SKU's stock
 * included), and sent with an ETag and a short public Cache-Control for phones and nginx.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHOP_ROUTES } from '@xuanli/contracts/routes/shop';
import type { Db } from '../../db/client.ts';
import { type AnswerCaching, answerCache, SHARED_ANSWER, sendAnswer } from '../../shared/answer-cache.ts';
import { TOPICS } from '../../shared/cache-bus.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { DEFAULT_PRODUCT_PAGE_SIZE, listCategories, listProducts, readProduct } from './catalogue.ts';

/** What the catalogue routes read from and keep their answers in. */
export interface CatalogueRoutesOptions {
  /** Reads of the catalogue: the replica when there is one (db/replica.ts). */
  readDb: Db;
  caching: AnswerCaching;
}

/** The catalogue routes; `readDb` holds the catalogue tables. */
export const catalogueRoutes: FastifyPluginAsyncTypebox<CatalogueRoutesOptions> = async (
  app,
  { readDb: db, caching },
) => {
  // Categories, lists and pages show stock, so a stock notice drops them too.
  const answers = answerCache<unknown>(app, caching, [TOPICS.catalogue, TOPICS.stock]);

  addRoute(
    app,
    SHOP_ROUTES.getCategories,
    {
      tags: ['shop'],
      summary: 'The shop categories in display order (手串, 摆件, 台历, 书籍, 课程, 咨询服务…)',
    },
    async (request, reply) => {
      const answer = await answers.get(
        'categories',
        async () => ok({ list: await listCategories(db) }),
        (value) => reply.serialize(value),
      );
      return sendAnswer({ request, reply }, answer, SHARED_ANSWER);
    },
  );

  addRoute(
    app,
    SHOP_ROUTES.getProducts,
    {
      tags: ['shop'],
      summary: 'On-shelf products by category, kind and title words, paged; by sort, then newest first',
      description:
        "Each product's `price` is its cheapest SKU's; `q` is plain text (no wildcards), letter case ignored.",
    },
    async (request, reply) => {
      const { categoryId, kind, q, page, size } = request.query;
      // The query as listProducts reads it: words trimmed and lower-cased, defaults filled in.
      const words = q?.trim().toLowerCase() ?? '';
      const key = JSON.stringify([
        'list',
        String(categoryId),
        kind,
        words,
        String(page ?? 1),
        String(size ?? DEFAULT_PRODUCT_PAGE_SIZE),
      ]);
      const answer = await answers.get(
        key,
        async () => ok(await listProducts(db, request.query)),
        (value) => reply.serialize(value),
      );
      return sendAnswer({ request, reply }, answer, SHARED_ANSWER);
    },
  );

  addRoute(
    app,
    SHOP_ROUTES.getProductsById,
    {
      tags: ['shop'],
      summary: 'A product page with its SKUs, options and description (also when off the shelf)',
      description: 'Errors: NotFound for an unknown product. An off-shelf product answers `onShelf: false`.',
    },
    async (request, reply) => {
      const answer = await answers.get(
        JSON.stringify(['product', String(request.params.id)]),
        async () => ok(await readProduct(db, request.params.id)),
        (value) => reply.serialize(value),
      );
      return sendAnswer({ request, reply }, answer, SHARED_ANSWER);
    },
  );
};
