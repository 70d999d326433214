/**
 * One account's app sessions as the console's customer service sees them: how many are live, the
 * recent ones with their devices, and ending them all at once. A session is live while not ended
 * and refreshed since `liveSince` (its token's lifetime ago).
 */
import { and, count, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../shared/orders.ts';
import { sessions } from './schema.ts';

/** A session row. */
export type SessionRow = typeof sessions.$inferSelect;

/** How many live sessions each of `userIds` has (accounts without any are absent). */
export async function liveSessionCounts(
  db: Db,
  userIds: number[],
  liveSince: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: sessions.userId, n: count() })
    .from(sessions)
    .where(
      and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt), gt(sessions.refreshedAt, liveSince)),
    )
    .groupBy(sessions.userId);
  return new Map(rows.map((row) => [row.userId as number, row.n]));
}

/**
 * The newest `limit` sessions of `userId` refreshed since `shownSince` and not ended before it, the
 * most recently used first.
 */
export function recentSessionsOf(
  db: Db,
  userId: number,
  shownSince: Date,
  limit: number,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(isNull(sessions.revokedAt), gt(sessions.revokedAt, shownSince)),
        gt(sessions.refreshedAt, shownSince),
      ),
    )
    .orderBy(desc(sessions.refreshedAt))
    .limit(limit);
}

/**
 * Ends every session of `userId` not yet ended, at `at`, inside `tx`; answers how many it ended. The
 * caller forgets them in this process's cache once `tx` commits (forgetUserSessions).
 */
export async function endSessionsOf(tx: Tx, userId: number, at: Date): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
