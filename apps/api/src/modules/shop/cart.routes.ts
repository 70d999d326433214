/**
 * The cart routes, mounted under `/api/shop`: read the cart, add, change and remove lines. Logged-in
 * users only (buyer.ts: anyone else → 401); every route answers the whole cart, so the page never
 * recomputes a total itself.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHOP_ROUTES } from '@xuanli/contracts/routes/shop';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import type { SessionDeps } from '../sessions/index.ts';
import { buyerGuard, buyerIsVip, buyerOf } from './buyer.ts';
import { addToCart, MAX_CART_LINES, readCart, removeCartItem, updateCartItem } from './cart.ts';

/** What the cart routes are built from: the logins the buyer guard checks (the session module's deps). */
export type CartRoutesOptions = SessionDeps;

/** The cart routes. */
export const cartRoutes: FastifyPluginAsyncTypebox<CartRoutesOptions> = async (
  app,
  { db, config, clock },
) => {
  const requireBuyer = buyerGuard(app, { db, config, clock });
  const secured = [{ token: [] }];

  addRoute(
    app,
    SHOP_ROUTES.getCart,
    {
      tags: ['shop'],
      summary:
        "The caller's cart: lines newest first with current prices (会员价 for a VIP), and the selected total",
      description:
        'A line is `available: false` when its product is off the shelf or its SKU has fewer pieces ' +
        'than the line; `selectedTotal`/`selectedCount` count selected, available lines only.',
      security: secured,
      preHandler: requireBuyer,
    },
    async (request) => ok(await readCart(db, buyerOf(request), buyerIsVip(request))),
  );

  addRoute(
    app,
    SHOP_ROUTES.postCartItems,
    {
      tags: ['shop'],
      summary: 'Add pieces of a SKU (to its line if already in the cart, capped at 99 and at the stock)',
      description:
        'Errors: NotFound for an unknown SKU; OutOfStock for an off-shelf product or a sold-out SKU; ' +
        `ValidationError for a new SKU in a cart of ${MAX_CART_LINES} lines.`,
      security: secured,
      preHandler: requireBuyer,
    },
    async (request) =>
      ok(await addToCart(db, buyerOf(request), request.body, new Date(clock.now()), buyerIsVip(request))),
  );

  addRoute(
    app,
    SHOP_ROUTES.patchCartItemsBySkuId,
    {
      tags: ['shop'],
      summary: "Set a line's quantity and/or whether it is selected",
      description:
        'Errors: NotFound when the SKU is not in the cart; OutOfStock for a quantity above the stock.',
      security: secured,
      preHandler: requireBuyer,
    },
    async (request) =>
      ok(await updateCartItem(db, buyerOf(request), request.params.skuId, request.body, buyerIsVip(request))),
  );

  addRoute(
    app,
    SHOP_ROUTES.deleteCartItemsBySkuId,
    {
      tags: ['shop'],
      summary: 'Remove a line from the cart',
      description: 'Errors: NotFound when the SKU is not in the cart.',
      security: secured,
      preHandler: requireBuyer,
    },
    async (request) =>
      ok(await removeCartItem(db, buyerOf(request), request.params.skuId, buyerIsVip(request))),
  );
};
