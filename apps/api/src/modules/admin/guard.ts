/**
 * `requireOperator(...roles)`: the preHandler every `/api/admin/…` route except login declares. It
 * reads the console token from `Authorization: Bearer` only (an app token in header `token`, or an
 * app token as a bearer, is refused), answers 401 for a missing, bad or expired token or an ended
 * login, and 403 when the operator's role is not one of `roles`. Routes read the operator with
 * {@link operatorOf}.
 */
import type { AdminRole } from '@xuanli/contracts/admin-labels';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import type { ConsoleDeps } from './deps.ts';
import { type OperatorSession, verifyOperatorToken } from './sessions.ts';

/** The verified login of each request that passed the guard (no Fastify decoration needed). */
const verified = new WeakMap<FastifyRequest, OperatorSession>();

/** The bearer token of `request`, or undefined when there is none. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** A preHandler factory over `deps`: `requireOperator('admin', 'support')`. */
export type RequireOperator = (...roles: AdminRole[]) => preHandlerAsyncHookHandler;

/** Builds {@link RequireOperator} for the console's dependencies. */
export function createRequireOperator(deps: ConsoleDeps): RequireOperator {
  return (...roles) => {
    if (roles.length === 0) throw new Error('requireOperator() needs at least one role');
    return async function requireOperator(request) {
      const token = bearerToken(request);
      if (!token) throw new AppError('Unauthorized', 'console login required (Authorization: Bearer)');
      const session = await verifyOperatorToken(deps, token);
      if (!roles.includes(session.operator.role)) {
        throw new AppError('Forbidden', `role ${session.operator.role} may not do this`);
      }
      verified.set(request, session);
    };
  };
}

/** The login `requireOperator` verified for this request; throws if the route forgot the guard (a bug). */
export function operatorOf(request: FastifyRequest): OperatorSession {
  const session = verified.get(request);
  if (!session) throw new Error('operatorOf() on a route without requireOperator');
  return session;
}
