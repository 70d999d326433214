/**
 * The cart routes, mounted under `/api/shop`: read the cart, add, change and remove lines. Logged-in
 * users only (buyer.ts: anyone else → 401); every route answers the whole cart, so the page never
 * recomputes a total itself.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import { CartAddSchema, CartLineParamsSchema, CartSchema, CartUpdateSchema } from '@xuanli/contracts/shop';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { ok } from '../../shared/envelope.ts';
import { buyerIsVip, buyerOf, createRequireBuyer, registerBuyerSlot } from './buyer.ts';
import { addToCart, MAX_CART_LINES, readCart, removeCartItem, updateCartItem } from './cart.ts';

/** What the cart routes are built from. */
export interface CartRoutesOptions {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'tokenGraceSeconds'>;
  clock: Clock;
}

/** The cart routes. */
export const cartRoutes: FastifyPluginAsyncTypebox<CartRoutesOptions> = async (
  app,
  { db, config, clock },
) => {
  registerBuyerSlot(app);
  const requireBuyer = createRequireBuyer({ db, config, clock });
  const secured = [{ token: [] }];
  const cartAnswer = { 200: okEnvelopeSchema(CartSchema), ...errorResponses };
  const skuParams = CartLineParamsSchema;

  app.get(
    '/cart',
    {
      preHandler: requireBuyer,
      schema: {
        tags: ['shop'],
        summary:
          "The caller's cart: lines newest first with current prices (会员价 for a VIP), and the selected total",
        description:
          'A line is `available: false` when its product is off the shelf or its SKU has fewer pieces ' +
          'than the line; `selectedTotal`/`selectedCount` count selected, available lines only.',
        security: secured,
        response: cartAnswer,
      },
    },
    async (request) => ok(await readCart(db, buyerOf(request), buyerIsVip(request))),
  );

  app.post(
    '/cart/items',
    {
      preHandler: requireBuyer,
      schema: {
        tags: ['shop'],
        summary: 'Add pieces of a SKU (to its line if already in the cart, capped at 99 and at the stock)',
        description:
          'Errors: NotFound for an unknown SKU; OutOfStock for an off-shelf product or a sold-out SKU; ' +
          `ValidationError for a new SKU in a cart of ${MAX_CART_LINES} lines.`,
        security: secured,
        body: CartAddSchema,
        response: cartAnswer,
      },
    },
    async (request) =>
      ok(await addToCart(db, buyerOf(request), request.body, new Date(clock.now()), buyerIsVip(request))),
  );

  app.patch(
    '/cart/items/:skuId',
    {
      preHandler: requireBuyer,
      schema: {
        tags: ['shop'],
        summary: "Set a line's quantity and/or whether it is selected",
        description:
          'Errors: NotFound when the SKU is not in the cart; OutOfStock for a quantity above the stock.',
        security: secured,
        params: skuParams,
        body: CartUpdateSchema,
        response: cartAnswer,
      },
    },
    async (request) =>
      ok(await updateCartItem(db, buyerOf(request), request.params.skuId, request.body, buyerIsVip(request))),
  );

  app.delete(
    '/cart/items/:skuId',
    {
      preHandler: requireBuyer,
      schema: {
        tags: ['shop'],
        summary: 'Remove a line from the cart',
        description: 'Errors: NotFound when the SKU is not in the cart.',
        security: secured,
        params: skuParams,
        response: cartAnswer,
      },
    },
    async (request) =>
      ok(await removeCartItem(db, buyerOf(request), request.params.skuId, buyerIsVip(request))),
  );
};
