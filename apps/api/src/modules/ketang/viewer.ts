/**
 * Who is looking at the classroom. Its pages are public (a visitor browses courses and watches
 * previews), so the token is optional: without one, or with one that no longer works (expired,
 * revoked, a deleted account), the caller is a visitor. Routes that need a user (progress, review)
 * use {@link createRequireLearner}, which answers 401 like the member routes.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import { findUser } from '../member/index.ts';
import {
  createRequireSession,
  type SessionDeps,
  sessionOf,
  tokenHeader,
  verifySessionToken,
} from '../sessions/index.ts';

/** The caller: a logged-in user's id, or null for a visitor. */
export interface Viewer {
  userId: number | null;
}

/**
 * The caller with the session its token names, or null when it sent no working token (lesson media
 * URLs are bound to that session).
 */
export interface SessionViewer extends Viewer {
  sessionId: string | null;
}

/** A visitor without a session. */
export const VISITOR: SessionViewer = { userId: null, sessionId: null };

/**
 * The caller of a public route: the user and session its token names, a visitor of that session when
 * it names no user, or a visitor without a session when there is no token or the token is refused
 * (401 from the session check). Other failures (the database) are not hidden.
 */
export async function viewerOf(deps: SessionDeps, request: FastifyRequest): Promise<SessionViewer> {
  const token = tokenHeader(request);
  if (!token) return VISITOR;
  let session: { id: string; userId: number | null };
  try {
    session = await verifySessionToken(deps, token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'Unauthorized') return VISITOR;
    throw error;
  }
  if (session.userId === null) return { userId: null, sessionId: session.id };
  const user = await findUser(deps.db, session.userId);
  return user ? { userId: user.id, sessionId: session.id } : VISITOR;
}

const LEARNER = 'xuanliLearner';

/** Registers the request slot {@link createRequireLearner} fills; once per plugin that uses it. */
export function registerLearnerSlot(app: { decorateRequest(name: string, value: null): unknown }): void {
  app.decorateRequest(LEARNER, null);
}

/** The preHandler that admits logged-in users only (401 otherwise); read them with {@link learnerOf}. */
export function createRequireLearner(deps: SessionDeps): preHandlerAsyncHookHandler {
  const requireSession = createRequireSession(deps);
  return async function requireLearner(request, reply) {
    await requireSession.call(this, request, reply);
    const { userId } = sessionOf(request);
    if (userId === null) throw new AppError('Unauthorized', 'login required');
    const user = await findUser(deps.db, userId);
    if (!user) throw new AppError('Unauthorized', 'account deleted');
    request.setDecorator<number>(LEARNER, user.id);
  };
}

/** The id of the user {@link createRequireLearner} admitted; throws if the route forgot the guard. */
export function learnerOf(request: FastifyRequest): number {
  const id = request.getDecorator<number | null>(LEARNER);
  if (id === null) throw new Error('learnerOf() on a route without requireLearner');
  return id;
}
