/**
 * The catalogue area of the console (roles admin and editor): products with their SKUs, shelf state,
 * prices and stock. What is saved here is what the app's shop shows on its next request.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { SHOP_CONSOLE_ROUTES } from '@xuanli/contracts/routes/shop';
import { consoleAreaOf, type DbConsoleOptions } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import {
  catalogueCategories,
  createProduct,
  createSku,
  productDetail,
  searchProducts,
  setShelf,
  setStock,
  updateProduct,
  updateSku,
} from './catalogue-editing.ts';

/** `admin/catalogue…`. */
export const catalogueConsoleRoutes: FastifyPluginAsyncTypebox<DbConsoleOptions> = async (app, access) => {
  const { deps, auditorOf } = access;
  const editor = consoleAreaOf(access, ADMIN_AREA_ROLES.catalogue);

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.getCatalogueCategories,
    {
      ...editor,
      summary: "The shop's categories in display order",
    },
    async () => ok(await catalogueCategories(deps)),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.getCatalogueProducts,
    {
      ...editor,
      summary: 'Every product, on the shelf or not, by words of the title, category and shelf state',
    },
    async (request) => ok(await searchProducts(deps, request.query)),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postCatalogueProducts,
    {
      ...editor,
      summary: 'Create a product (off the shelf until it has SKUs and is put on)',
    },
    async (request) => ok(await createProduct(deps, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.getCatalogueProductsById,
    {
      ...editor,
      summary: 'A product with its SKUs',
    },
    async (request) => ok(await productDetail(deps, request.params.id)),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postCatalogueProductsById,
    {
      ...editor,
      summary: "Save a product's fields (the description is sanitised)",
    },
    async (request) => ok(await updateProduct(deps, request.params.id, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postCatalogueProductsByIdShelf,
    {
      ...editor,
      summary: 'Put a product on the shelf (上架) or take it off (下架)',
      description: 'Conflict when a product without SKUs is put on the shelf.',
    },
    async (request) => ok(await setShelf(deps, request.params.id, request.body.onShelf, auditorOf(request))),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postCatalogueProductsByIdSkus,
    {
      ...editor,
      summary: 'Add a SKU with its spec, price and 会员价 in 分 and first stock',
      description: 'ValidationError (said in Chinese) when vipPrice is above the price.',
    },
    async (request) => ok(await createSku(deps, request.params.id, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postCatalogueSkusById,
    {
      ...editor,
      summary: "Save a SKU's name, spec, image, price and 会员价 (stock has its own route)",
      description:
        'vipPrice left out keeps the SKU’s 会员价, null removes it; ValidationError (said in Chinese) ' +
        'when the 会员价 kept or sent is above the price.',
    },
    async (request) => ok(await updateSku(deps, request.params.id, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postCatalogueSkusByIdStock,
    {
      ...editor,
      summary: 'Set the pieces of a SKU for sale (pending orders keep what they reserved)',
    },
    async (request) => ok(await setStock(deps, request.params.id, request.body, auditorOf(request))),
  );
};
