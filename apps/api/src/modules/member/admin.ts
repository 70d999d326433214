/**
 * Operator actions on accounts (PRODUCT.md#vip: VIP is granted by hand through customer service), run by
 * `npm run admin` (src/cli). Each change writes an audit row — who, what, to whom, when — in the same
 * transaction, so there is never a change without its row.
 */
import { VIP_GRANT_DAYS_MAX } from '@xuanli/contracts/admin-labels';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Auditor, writeAudit } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import { isVipActive } from '../../shared/entitlements.ts';
import { AppError } from '../../shared/errors.ts';
import { forgetUserSessions, revokeUserSessions } from '../sessions/index.ts';
import { isPhone, maskPhone } from './phone.ts';
import { users } from './schema.ts';
import { forgetUser } from './user-cache.ts';

/**
 * What operator actions need; `actor` (and, for the console, `operatorId`) names the operator in the
 * audit trail.
 */
export interface AdminDeps extends Auditor {
  db: Db;
  clock: Clock;
}

/** A user's VIP state as the admin command prints it. */
export interface VipStatus {
  userId: number;
  phone: string;
  nickname: string;
  vipExpire: string | null;
  isVip: boolean;
}

/** Longest single grant: ten years, as the console's form says. */
export const MAX_VIP_DAYS = VIP_GRANT_DAYS_MAX;

const DAY_MS = 86_400_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type User = typeof users.$inferSelect;

function statusOf(user: User, clock: Clock): VipStatus {
  return {
    userId: user.id,
    phone: maskPhone(user.phone),
    nickname: user.nickname,
    vipExpire: user.vipExpire ? user.vipExpire.toISOString() : null,
    isVip: isVipActive(user, clock),
  };
}

/** The live account of `phone`, locked for this transaction; NotFound when there is none. */
async function lockedUser(tx: Tx, phone: string): Promise<User> {
  if (!isPhone(phone))
    throw new AppError('InvalidPhone', `'${phone}' is not an 11-digit mainland mobile number`);
  const [user] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1).for('update');
  if (!user) {
    throw new AppError(
      'NotFound',
      `no account with phone ${maskPhone(phone)}; the customer must log in once by SMS first`,
    );
  }
  return user;
}

/**
 * Sets the VIP expiry of the account of `phone` to `expiryOf(its current expiry, now)`, with the audit
 * row `action` (the expiry before, the expiry after and `extra`) in the same transaction, and makes this
 * process forget the cached account; answers the VIP state after. Granting and ending VIP both go
 * through here.
 */
async function setVipExpiry(
  deps: AdminDeps,
  phone: string,
  action: 'vip.grant' | 'vip.revoke',
  expiryOf: (current: Date | null, now: number) => Date | null,
  extra: Record<string, unknown>,
  reason?: string,
): Promise<VipStatus> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const user = await lockedUser(tx, phone);
    const vipExpire = expiryOf(user.vipExpire, now);
    const [updated] = await tx.update(users).set({ vipExpire }).where(eq(users.id, user.id)).returning();
    forgetUser(deps.db, user.id);
    await writeAudit(tx, {
      at: new Date(now),
      actor: deps.actor,
      operatorId: deps.operatorId,
      action,
      target: `user:${user.id}`,
      before: { vipExpire: user.vipExpire?.toISOString() ?? null },
      after: { vipExpire: vipExpire?.toISOString() ?? null, ...extra },
      reason,
    });
    return statusOf(updated, deps.clock);
  });
}

/**
 * Grants `days` of VIP to the account of `phone`. Extending adds the days to the later of now and the
 * current expiry, so a grant never shortens a running membership and never counts days already past.
 */
export async function grantVip(
  deps: AdminDeps,
  phone: string,
  days: number,
  reason?: string,
): Promise<VipStatus> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_VIP_DAYS) {
    throw new AppError('ValidationError', `days must be a whole number from 1 to ${MAX_VIP_DAYS}`);
  }
  return setVipExpiry(
    deps,
    phone,
    'vip.grant',
    (current, now) => new Date(Math.max(now, current?.getTime() ?? 0) + days * DAY_MS),
    { days },
    reason,
  );
}

/** Ends the VIP membership of the account of `phone` now (its expiry becomes null). */
export async function revokeVip(deps: AdminDeps, phone: string, reason?: string): Promise<VipStatus> {
  return setVipExpiry(deps, phone, 'vip.revoke', () => null, {}, reason);
}

/** The VIP state of the account of `phone` (read only, so no audit row). */
export async function showVip(deps: Pick<AdminDeps, 'db' | 'clock'>, phone: string): Promise<VipStatus> {
  if (!isPhone(phone))
    throw new AppError('InvalidPhone', `'${phone}' is not an 11-digit mainland mobile number`);
  const [user] = await deps.db.select().from(users).where(eq(users.phone, phone)).limit(1);
  if (!user) throw new AppError('NotFound', `no account with phone ${maskPhone(phone)}`);
  return statusOf(user, deps.clock);
}

/** A user's ban as the console shows it after a ban or unban. */
export interface BanState {
  userId: number;
  bannedAt: string | null;
  banReason: string | null;
  /** Sessions the ban ended (0 for an unban). */
  sessionsEnded: number;
}

/** The account `userId`, locked for this transaction; NotFound when there is none, Conflict once deleted. */
async function lockedAccount(tx: Tx, userId: number): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  if (!user) throw new AppError('NotFound', `没有 ID 为 ${userId} 的用户`);
  if (user.deletedAt) throw new AppError('Conflict', '该账号已注销');
  return user;
}

/**
 * A change of the ban of account `userId`, in one transaction with its audit row `action`: `apply`
 * checks and changes the locked account and answers the audit row's before and after and the ban
 * after. This process then forgets the cached account.
 */
async function changeBan(
  deps: AdminDeps,
  userId: number,
  reason: string,
  action: 'user.ban' | 'user.unban',
  apply: (tx: Tx, user: User, at: Date) => Promise<{ before: object; after: object; state: BanState }>,
): Promise<BanState> {
  const at = new Date(deps.clock.now());
  const state = await deps.db.transaction(async (tx) => {
    const user = await lockedAccount(tx, userId);
    const change = await apply(tx, user, at);
    await writeAudit(tx, {
      at,
      actor: deps.actor,
      operatorId: deps.operatorId,
      action,
      target: `user:${userId}`,
      before: change.before,
      after: change.after,
      reason,
    });
    return change.state;
  });
  forgetUser(deps.db, userId);
  return state;
}

/**
 * Bans the account `userId` for `reason`: in one transaction with its audit row `user.ban`, the ban is
 * set and every live session of the account ended. This process forgets the account and its sessions
 * at once; other API processes stop accepting them when their auth-cache entries lapse
 * (AUTH_CACHE_SECONDS). Until unbanned, every login and SMS code for its phone is refused. Conflict
 * when it is banned already.
 */
export async function banUser(deps: AdminDeps, userId: number, reason: string): Promise<BanState> {
  const state = await changeBan(deps, userId, reason, 'user.ban', async (tx, user, at) => {
    if (user.bannedAt) throw new AppError('Conflict', '该账号已在封禁中');
    await tx
      .update(users)
      .set({ bannedAt: at, banReason: reason })
      .where(and(eq(users.id, userId), isNull(users.bannedAt)));
    const sessionsEnded = await revokeUserSessions(tx, userId, at);
    return {
      before: { bannedAt: null },
      after: { bannedAt: at.toISOString(), sessionsEnded },
      state: { userId, bannedAt: at.toISOString(), banReason: reason, sessionsEnded },
    };
  });
  forgetUserSessions(deps.db, userId);
  return state;
}

/**
 * Lifts the ban of the account `userId` (audit row `user.unban` in the same transaction): its phone
 * may ask for codes and log in again. Conflict when it is not banned.
 */
export function unbanUser(deps: AdminDeps, userId: number, reason: string): Promise<BanState> {
  return changeBan(deps, userId, reason, 'user.unban', async (tx, user) => {
    if (!user.bannedAt) throw new AppError('Conflict', '该账号没有被封禁');
    await tx.update(users).set({ bannedAt: null, banReason: null }).where(eq(users.id, userId));
    return {
      before: { bannedAt: user.bannedAt.toISOString(), banReason: user.banReason },
      after: { bannedAt: null },
      state: { userId, bannedAt: null, banReason: null, sessionsEnded: 0 },
    };
  });
}
