/**
 * The catalogue routes, mounted under `/api/shop`: categories, the product list and a product page.
 * Public: a visitor browses the shop before logging in (the token SPEC §7 clients send is not needed).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RowId } from '@xuanli/contracts/common';
import { errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import {
  CategoryListSchema,
  ProductDetailSchema,
  ProductListSchema,
  ProductQuerySchema,
} from '@xuanli/contracts/shop';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { ok } from '../../shared/envelope.ts';
import { listCategories, listProducts, readProduct } from './catalogue.ts';

/** The catalogue routes; `db` holds the catalogue tables. */
export const catalogueRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['shop'],
        summary: 'The shop categories in display order (手串, 摆件, 台历, 书籍, 课程, 咨询服务…)',
        response: { 200: okEnvelopeSchema(CategoryListSchema), ...errorResponses },
      },
    },
    async () => ok({ list: await listCategories(db) }),
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['shop'],
        summary: 'On-shelf products by category, kind and title words, paged; by sort, then newest first',
        description:
          "Each product's `price` is its cheapest SKU's; `q` is plain text (no wildcards), letter case ignored.",
        querystring: ProductQuerySchema,
        response: { 200: okEnvelopeSchema(ProductListSchema), ...errorResponses },
      },
    },
    async (request) => ok(await listProducts(db, request.query)),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'A product page with its SKUs, options and description (also when off the shelf)',
        description:
          'Errors: NotFound for an unknown product. An off-shelf product answers `onShelf: false`.',
        params: Type.Object({ id: RowId('The product') }),
        response: { 200: okEnvelopeSchema(ProductDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await readProduct(db, request.params.id)),
  );
};
