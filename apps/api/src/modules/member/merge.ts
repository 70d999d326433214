/**
 * Two accounts of one person becoming one: a WeChat account (no phone) whose owner links the phone of
 * an existing account, or logs in by WeChat while signed in to that account. The surviving account
 * (`into`) takes the other's orders, cart, 收货地址, courses and their progress, reviews, feedback,
 * case book (命例), calendar events and saved 吉日 (and its calendar link when the survivor has no live
 * one) and WeChat binding, and the later-saved of the two 定制 profiles; VIP ends at the later of the
 * two ends; a missing avatar is taken over. The other account (`from`) is left as a deleted row marked
 * `merged_into`, holding nothing. One transaction, with its row in the audit trail; other modules move
 * their rows through the {@link AccountMerge} app.ts wires from their index.ts, as the deletion does
 * with its erasure.
 */
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../shared/audit.ts';
import type { Tx } from '../../shared/orders.ts';
import { deleteUserSessions } from '../sessions/index.ts';
import { users } from './schema.ts';

/** A row of `users`. */
type User = typeof users.$inferSelect;

/** The name a merged account's empty row keeps. */
export const MERGED_NICKNAME = '已合并账号';

/** What other modules move from one account to another; app.ts wires each module's function. */
export interface AccountMerge {
  /** Moves account `from`'s rows to account `into`, inside the merge's transaction. */
  mergeRows(tx: Tx, from: number, into: number, at: Date): Promise<void>;
}

/** Why two accounts were merged, as the audit row says. */
export type MergeCause = 'bind-phone' | 'wechat-login';

/** The later of two VIP ends (null = never VIP). */
function laterVip(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() >= b.getTime() ? a : b;
}

/**
 * Merges account `from` into account `into` inside `tx`; both rows must be locked FOR UPDATE by the
 * caller. `keepSessionId` (the caller's own session, which the sign-in that follows ends) is the one
 * session of `from` not deleted here.
 */
export async function mergeAccounts(
  tx: Tx,
  merge: AccountMerge,
  input: { from: User; into: User; at: Date; cause: MergeCause; keepSessionId: string },
): Promise<void> {
  const { from, into, at } = input;
  await merge.mergeRows(tx, from.id, into.id, at);
  const vipExpire = laterVip(from.vipExpire, into.vipExpire);
  const avatar = into.avatar || from.avatar;
  await tx.update(users).set({ vipExpire, avatar }).where(eq(users.id, into.id));
  await tx
    .update(users)
    .set({
      nickname: MERGED_NICKNAME,
      avatar: '',
      phone: null,
      passwordHash: null,
      account: null,
      vipExpire: null,
      deletedAt: at,
      mergedInto: into.id,
    })
    .where(eq(users.id, from.id));
  await deleteUserSessions(tx, from.id, input.keepSessionId);
  await writeAudit(tx, {
    at,
    actor: `user:${into.id}`,
    action: 'user.merge',
    target: `user:${into.id}`,
    before: { mergedUser: from.id, vipExpire: into.vipExpire?.toISOString() ?? null },
    after: { mergedUser: from.id, vipExpire: vipExpire?.toISOString() ?? null },
    reason: input.cause,
  });
}
