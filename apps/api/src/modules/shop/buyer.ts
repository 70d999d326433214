/**
 * Who may use the cart, the address book and orders: a logged-in user (PRODUCT.md#roles). A visitor, a
 * missing, revoked or expired token, or a deleted account is answered 401 `Unauthorized`, as on the member
 * routes. What belongs to another user is answered 404 by the services, never 403, so that nobody learns
 * whether someone else's order number exists.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { isVipActive } from '../../shared/entitlements.ts';
import { AppError } from '../../shared/errors.ts';
import { findUser } from '../member/index.ts';
import { createRequireSession, type SessionDeps, sessionOf } from '../sessions/index.ts';

const BUYER = 'xuanliBuyer';
const BUYER_VIP = 'xuanliBuyerVip';

/**
 * The preHandler that admits logged-in users; read the user's id with {@link buyerOf} and whether
 * their VIP runs at this moment by the server's clock (会员价 applies) with {@link buyerIsVip}.
 */
function createRequireBuyer(deps: SessionDeps): preHandlerAsyncHookHandler {
  const requireSession = createRequireSession(deps);
  return async function requireBuyer(request, reply) {
    await requireSession.call(this, request, reply);
    const { userId } = sessionOf(request);
    if (userId === null) throw new AppError('Unauthorized', 'login required');
    const user = await findUser(deps.db, userId);
    if (!user) throw new AppError('Unauthorized', 'account deleted');
    request.setDecorator<number>(BUYER, user.id);
    request.setDecorator<boolean>(BUYER_VIP, isVipActive(user, deps.clock));
  };
}

/** Registers the request slot {@link createRequireBuyer} fills; call once per plugin that uses it. */
function registerBuyerSlot(app: { decorateRequest(name: string, value: null): unknown }): void {
  app.decorateRequest(BUYER, null);
  app.decorateRequest(BUYER_VIP, null);
}

/**
 * The buyer guard of one plugin of buyer-only routes (the address book, the cart, orders, payments):
 * registers the plugin's request slot and answers the preHandler that admits logged-in users, checked
 * against the session module's logins (`deps`).
 */
export function buyerGuard(app: FastifyInstance, deps: SessionDeps): preHandlerAsyncHookHandler {
  registerBuyerSlot(app);
  return createRequireBuyer(deps);
}

/** The id of the user {@link createRequireBuyer} admitted; throws if the route forgot the guard. */
export function buyerOf(request: FastifyRequest): number {
  const id = request.getDecorator<number | null>(BUYER);
  if (id === null) throw new Error('buyerOf() on a route without requireBuyer');
  return id;
}

/** Whether the user {@link createRequireBuyer} admitted was a VIP when the request came in. */
export function buyerIsVip(request: FastifyRequest): boolean {
  const vip = request.getDecorator<boolean | null>(BUYER_VIP);
  if (vip === null) throw new Error('buyerIsVip() on a route without requireBuyer');
  return vip;
}
