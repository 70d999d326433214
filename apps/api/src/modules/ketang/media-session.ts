/**
 * The last check of a lesson-media request: the session its URL and cookie are bound to must still be
 * live. A logout, a password change elsewhere or a deleted account ends the session, and with it every
 * media URL it was given, at the next range the player asks for.
 */
import type { Db } from '../../db/client.ts';
import { sessionUserOf } from '../sessions/index.ts';
import type { MediaGrant } from './media-url.ts';

/** Whether `grant`'s session exists, is not ended and, for a user's URL, still belongs to that user. */
export async function mediaSessionLive(db: Db, grant: MediaGrant): Promise<boolean> {
  const row = await sessionUserOf(db, grant.sessionId);
  if (!row || row.revokedAt !== null) return false;
  return grant.userId === null || row.userId === grant.userId;
}
