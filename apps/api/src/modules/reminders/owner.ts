/**
 * Who may use the reminders' `crm/calendar/*` routes: a logged-in user (a visitor, a missing, revoked
 * or expired token, or a deleted or banned account → 401). The session names the account, and every
 * query is scoped to it, so another account's row is answered 404, never 403.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import { LOCK_CLASSES as LOCKS } from '../../shared/lock-classes.ts';
import type { Tx } from '../../shared/orders.ts';
import { findUser } from '../member/index.ts';
import { createRequireSession, type SessionDeps, sessionOf } from '../sessions/index.ts';

const OWNER = 'xuanliCalendarOwner';

/** The preHandler admitting logged-in users; read the account with {@link ownerOf}. */
export function createRequireOwner(deps: SessionDeps): preHandlerAsyncHookHandler {
  const requireSession = createRequireSession(deps);
  return async function requireOwner(request, reply) {
    await requireSession.call(this, request, reply);
    const { userId } = sessionOf(request);
    if (userId === null) throw new AppError('Unauthorized', '请先登录');
    const user = await findUser(deps.db, userId);
    if (!user) throw new AppError('Unauthorized', '请先登录');
    request.setDecorator<number>(OWNER, user.id);
  };
}

/** Registers the request slot {@link createRequireOwner} fills; once per plugin that uses it. */
export function registerOwnerSlot(app: { decorateRequest(name: string, value: null): unknown }): void {
  app.decorateRequest(OWNER, null);
}

/** The account {@link createRequireOwner} admitted; throws if the route forgot the guard. */
export function ownerOf(request: FastifyRequest): number {
  const id = request.getDecorator<number | null>(OWNER);
  if (id === null) throw new Error('ownerOf() on a route without requireOwner');
  return id;
}

/**
 * The first key of each per-account lock (the account's id is the second). A count limit (200 events)
 * is a rule over several rows that no single statement keeps when two requests of one account arrive
 * at once, in one process or several; the transaction-level advisory lock serialises them.
 */
const LOCK_CLASSES = { events: LOCKS.reminderEvents, savedDays: LOCKS.reminderSavedDays } as const;

/** Waits for and takes the `what` lock of `userId` until `tx` ends. */
export async function lockOwner(tx: Tx, what: keyof typeof LOCK_CLASSES, userId: number): Promise<void> {
  await tx.execute(
    sql`select 1 from (select pg_advisory_xact_lock(${LOCK_CLASSES[what]}::int, ${userId}::int)) as taken`,
  );
}
