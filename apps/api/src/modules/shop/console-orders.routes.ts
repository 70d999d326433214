/**
 * The orders area of the console (roles admin and support): search, one order in full, ship, refund
 * through the paying channel, and turning down a buyer's refund request.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { SHOP_CONSOLE_ROUTES } from '@xuanli/contracts/routes/shop';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { type ConsoleRouteOptions, consoleAreaOf } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import type { PayService } from '../pay/index.ts';
import {
  orderDetail,
  refundFromConsole,
  rejectRefundFromConsole,
  searchOrders,
  shipFromConsole,
} from './order-desk.ts';

/** What the orders area of the console is built from: the console's access and the module's deps. */
export interface OrderConsoleOptions extends ConsoleRouteOptions<{ db: Db; clock: Clock }> {
  /** Refunds go back through the channel that took the payment. */
  pay: PayService;
}

/** `admin/orders…`. */
export const orderConsoleRoutes: FastifyPluginAsyncTypebox<OrderConsoleOptions> = async (app, access) => {
  const { deps, auditorOf, pay } = access;
  const support = consoleAreaOf(access, ADMIN_AREA_ROLES.orders);

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.getOrders,
    {
      ...support,
      summary: 'Search orders by status, order number, buyer phone and Beijing days, newest first',
    },
    async (request) => ok(await searchOrders(deps, request.query)),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.getOrdersByOrderNo,
    {
      ...support,
      summary: 'An order in full: lines, money, address, payment attempts, refunds and timeline',
    },
    async (request) => ok(await orderDetail(deps, request.params.orderNo)),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postOrdersByOrderNoShip,
    {
      ...support,
      summary: 'Ship a paid goods order with carrier and tracking number (the buyer sees 已发货)',
      description: 'OrderStateConflict when the order is not paid or ships nothing.',
    },
    async (request) =>
      ok(await shipFromConsole(deps, request.params.orderNo, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postOrdersByOrderNoRefund,
    {
      ...support,
      summary:
        'Refund all or part of an order through the channel that took the payment, with the lines it gives back',
      description:
        "Approves the buyer's request of a refunding order, or refunds a paid, shipped, done or partially " +
        "refunded one on the shop's decision. The amount is at most what is still refundable (the payment " +
        'less the refunds pending or succeeded); a line may be given back once. Once the provider confirms ' +
        'and no other refund is pending, the order is partially_refunded, or refunded when all of the payment ' +
        'went back. Errors: ValidationError (amount, unknown line), Conflict (a line another refund covers), ' +
        'OrderStateConflict (not refundable, or nothing left to refund).',
    },
    async (request) =>
      ok(await refundFromConsole(deps, pay, request.params.orderNo, request.body, auditorOf(request))),
  );

  addRoute(
    app,
    SHOP_CONSOLE_ROUTES.postOrdersByOrderNoRefundReject,
    {
      ...support,
      summary: "Turn down a buyer's refund request with a reason (refunding → where the order came from)",
      description: 'Conflict while a refund of the order is already under way.',
    },
    async (request) =>
      ok(await rejectRefundFromConsole(deps, pay, request.params.orderNo, request.body, auditorOf(request))),
  );
};
