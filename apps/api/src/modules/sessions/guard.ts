/**
 * `requireSession`: a preHandler for routes that need a visitor or user session. The session is
 * attached with Fastify's typed request decorators (`setDecorator`/`getDecorator`) instead of a
 * `declare module 'fastify'` augmentation, so dependencies stay explicit.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import { type Session, type SessionDeps, verifySessionToken } from './service.ts';

const SESSION = 'xuanliSession';

/** Registers the request slot the guard fills; buildApp calls it once on the root instance. */
export function registerSessionSlot(app: FastifyInstance): void {
  app.decorateRequest(SESSION, null);
}

/** The header the original app puts the token in (PRODUCT.md#paths), or undefined when absent or blank. */
export function tokenHeader(request: FastifyRequest): string | undefined {
  const value = request.headers.token;
  const token = Array.isArray(value) ? value[0] : value;
  return token?.trim() || undefined;
}

/** Builds the preHandler: 401 without a valid token, otherwise the session is readable by {@link sessionOf}. */
export function createRequireSession(deps: SessionDeps): preHandlerAsyncHookHandler {
  return async function requireSession(request) {
    const token = tokenHeader(request);
    if (!token) throw new AppError('Unauthorized', 'missing token');
    request.setDecorator<Session>(SESSION, await verifySessionToken(deps, token));
  };
}

/** The session `requireSession` attached; throws if the route forgot the guard (a bug, hence 500). */
export function sessionOf(request: FastifyRequest): Session {
  const session = request.getDecorator<Session | null>(SESSION);
  if (!session) throw new Error('sessionOf() on a route without requireSession');
  return session;
}
