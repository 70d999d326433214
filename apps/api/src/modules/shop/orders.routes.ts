/**
 * The order routes, mounted under `/api/shop`: checkout's preview, creating an order, 我的订单 and the
 * order page, and the buyer's actions. Logged-in users only: the check runs at `onRequest`, before
 * the body is read, so a visitor is answered 401 whatever it sends. Another buyer's order is answered
 * 404, an action in the wrong state 409 OrderStateConflict naming the current status.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHOP_ROUTES } from '@xuanli/contracts/routes/shop';
import { MAX_LINE_QTY, MAX_ORDER_LINES } from '@xuanli/contracts/shop';
import type { FastifySchemaValidationError } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { addRoute, signedInFailures } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { userRefusal } from '../../shared/errors.ts';
import type { PaymentAttempts } from '../../shared/orders.ts';
import type { SessionDeps } from '../sessions/index.ts';
import { buyerGuard, buyerIsVip, buyerOf } from './buyer.ts';
import {
  cancelOrder,
  confirmOrder,
  createOrder,
  listOrders,
  orderDetail,
  previewOrder,
  requestRefund,
} from './orders.ts';

/** What the order routes are built from. */
export interface OrderRoutesOptions {
  db: Db;
  config: SessionDeps['config'] & Pick<Config, 'shop'>;
  clock: Clock;
  /** The pay module's attempts: an overdue order read while one is unsettled stays pending. */
  payments?: PaymentAttempts;
}

/**
 * The checkout bodies' refusals: the shop's maxima (pieces of a line, lines of an order) said in
 * the shop's own words, since a buyer reads them; anything else as the error handler words it.
 */
function checkoutBodyError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  for (const error of errors) {
    if (error.keyword === 'maximum' && /^\/items\/\d+\/qty$/.test(error.instancePath)) {
      return userRefusal(`每种商品一次最多购买 ${MAX_LINE_QTY} 件`);
    }
    if (error.keyword === 'maxItems' && error.instancePath === '/items') {
      return userRefusal(`一笔订单最多 ${MAX_ORDER_LINES} 种商品，请分开下单`);
    }
  }
  return new Error(errors.map((error) => `${dataVar}${error.instancePath} ${error.message}`).join(', '));
}

/** The order routes; dependencies arrive as plugin options. */
export const orderRoutes: FastifyPluginAsyncTypebox<OrderRoutesOptions> = async (
  app,
  { db, config, clock, payments },
) => {
  const requireBuyer = buyerGuard(app, { db, config, clock });
  const deps = { db, clock, limits: config.shop, payments };
  const secured = [{ token: [] }];

  addRoute(
    app,
    SHOP_ROUTES.postOrdersPreview,
    {
      tags: ['shop'],
      summary: 'Checkout preview: the lines at current prices, shipping and the total (nothing is reserved)',
      description:
        'Lines are priced at their SKU’s 会员价 (vipPrice) when the caller’s VIP runs now (server clock); ' +
        '`vipSaving` says how much that took off. ' +
        'Shipping: 0 for courses and services; 800 分 for goods under 9900 分, else 0. Errors: NotFound ' +
        '(unknown SKU or address), OutOfStock (off shelf, or fewer pieces left than asked), ' +
        'OrderTooLarge (a total above ORDER_TOTAL_MAX), ValidationError (more pieces or lines than allowed).',
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
      schemaErrorFormatter: checkoutBodyError,
    },
    async (request) => ok(await previewOrder(deps, buyerOf(request), request.body, buyerIsVip(request))),
  );

  addRoute(
    app,
    SHOP_ROUTES.postOrders,
    {
      tags: ['shop'],
      summary: 'Create a pending order: totals from the server, stock reserved for 15 minutes',
      description:
        'The same idempotencyKey from the same buyer answers the first order again. Prices sent by the ' +
        'client are ignored; a caller whose VIP runs now (server clock) is charged each SKU’s 会员价 ' +
        '(vipPrice) where it has one, and the order lines record the price charged. Errors: ValidationError (address required for goods; more pieces or lines ' +
        'than allowed), OrderTooLarge (a total above ORDER_TOTAL_MAX), NotFound (unknown SKU or address), ' +
        'OutOfStock (off shelf or not enough left; nothing is reserved), UnpaidLimit (the buyer already ' +
        'holds SHOP_MAX_UNPAID_ORDERS unpaid orders, or would hold more than SHOP_MAX_UNPAID_UNITS_PER_SKU ' +
        'unpaid pieces of a SKU).',
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
      schemaErrorFormatter: checkoutBodyError,
    },
    async (request) => ok(await createOrder(deps, buyerOf(request), request.body, buyerIsVip(request))),
  );

  addRoute(
    app,
    SHOP_ROUTES.getOrders,
    {
      tags: ['shop'],
      summary: "The buyer's orders, newest first, optionally of one status",
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
    },
    async (request) => ok(await listOrders(deps, buyerOf(request), request.query)),
  );

  addRoute(
    app,
    SHOP_ROUTES.getOrdersByOrderNo,
    {
      tags: ['shop'],
      summary: 'One order of the buyer with its timeline (NotFound for anyone else)',
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
    },
    async (request) => ok(await orderDetail(deps, buyerOf(request), request.params.orderNo)),
  );

  addRoute(
    app,
    SHOP_ROUTES.postOrdersByOrderNoCancel,
    {
      tags: ['shop'],
      summary: 'Cancel an unpaid order; its reserved pieces go back to stock',
      description: 'Errors: NotFound; OrderStateConflict unless pending.',
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
    },
    async (request) => ok(await cancelOrder(deps, buyerOf(request), request.params.orderNo)),
  );

  addRoute(
    app,
    SHOP_ROUTES.postOrdersByOrderNoConfirm,
    {
      tags: ['shop'],
      summary: 'Confirm receipt of a shipped order (shipped → done)',
      description: 'Errors: NotFound; OrderStateConflict unless shipped.',
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
    },
    async (request) => ok(await confirmOrder(deps, buyerOf(request), request.params.orderNo)),
  );

  addRoute(
    app,
    SHOP_ROUTES.postOrdersByOrderNoRefund,
    {
      tags: ['shop'],
      summary: 'Ask for a refund of a paid order (paid → refunding); an operator decides',
      description: 'Errors: NotFound; OrderStateConflict unless paid.',
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
    },
    async (request) =>
      ok(await requestRefund(deps, buyerOf(request), request.params.orderNo, request.body.reason)),
  );
};
