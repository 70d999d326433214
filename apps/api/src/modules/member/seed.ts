/**
 * The demo account every fresh install has, so the user centre shows something before anyone signs up.
 */
import type { Db } from '../../db/client.ts';
import { users } from './schema.ts';

/** The demo account's login handle; unique, so the seed can upsert by it. */
export const DEMO_ACCOUNT = 'demo';

/**
 * Inserts the demo account when missing, under the `nickname` the seed runner hands in; returns how
 * many rows it wrote.
 */
export async function seedMembers(db: Db, nickname: string): Promise<number> {
  const inserted = await db
    .insert(users)
    .values({ account: DEMO_ACCOUNT, nickname, avatar: '' })
    .onConflictDoNothing({ target: users.account })
    .returning({ id: users.id });
  return inserted.length;
}
