/**
 * App users as customer service sees them: search by phone or nickname, one user's sessions and recent
 * orders, VIP granted, extended or revoked with a reason (the member module's own VIP functions, so
 * the console and `npm run admin -- vip …` change VIP the same way), every app login of a user ended
 * at once, and an account banned or its ban lifted (the member module's ban functions).
 */
import type {
  AdminUserDetail,
  AdminUserList,
  AdminUserOrder,
  AdminUserQuery,
  AdminUserSession,
  AdminUserSummary,
  UserBanBody,
  UserBanState,
  UserSessionsRevokeResult,
  VipState,
} from '@xuanli/contracts/admin';
import { ADMIN_USER_RECENT_ORDERS } from '@xuanli/contracts/admin-labels';
import { count, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type Auditor, writeAudit } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import { isVipActive } from '../../shared/entitlements.ts';
import { AppError } from '../../shared/errors.ts';
import { pick } from '../../shared/pick.ts';
import { reasonOf } from '../../shared/reason.ts';
import { isRowId, pageOf } from '../../shared/wire-numbers.ts';

/**
 * The shop, loaded when a console page first asks for a user's orders: the shop builds on the member
 * module (its buyers are members), so a load-time import back would close a cycle.
 */
const shopModule = () => import('../shop/index.ts');

import { endSessionsOf, forgetUserSessions, liveSessionCounts, recentSessionsOf } from '../sessions/index.ts';
import { type AdminDeps, banUser, grantVip, revokeVip, unbanUser, type VipStatus } from './admin.ts';
import { users } from './schema.ts';

/** What the console's user area is built from: the database, the clock and the app tokens' lifetime. */
export interface UserDeskDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'tokenTtlSeconds'>;
}

type UserRow = typeof users.$inferSelect;

/** Ended sessions older than this are left off a user's page (the live ones are always shown). */
const ENDED_SESSIONS_SHOWN_DAYS = 30;

/** Most sessions a user's page lists. */
const SESSIONS_SHOWN = 50;

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The condition of a search: digits match anywhere in the phone, anything else the nickname too. */
function matching(q: string | undefined): SQL | undefined {
  const words = q?.trim();
  if (!words) return undefined;
  const pattern = `%${literal(words)}%`;
  return /^\d+$/.test(words)
    ? or(like(users.phone, pattern), ilike(users.nickname, pattern))
    : ilike(users.nickname, pattern);
}

/** When a session's current token stops working unless refreshed: its last refresh plus the token lifetime. */
function sessionExpiry(deps: UserDeskDeps, refreshedAt: Date): Date {
  return new Date(refreshedAt.getTime() + deps.config.tokenTtlSeconds * 1000);
}

function summaryOf(
  deps: UserDeskDeps,
  user: UserRow,
  orderCount: number,
  activeSessionCount: number,
): AdminUserSummary {
  return {
    id: user.id,
    phone: user.phone,
    nickname: user.nickname,
    avatar: user.avatar,
    vipExpire: user.vipExpire?.toISOString() ?? null,
    isVip: isVipActive(user, deps.clock),
    createdAt: user.createdAt.toISOString(),
    deletedAt: user.deletedAt?.toISOString() ?? null,
    bannedAt: user.bannedAt?.toISOString() ?? null,
    banReason: user.banReason,
    orderCount,
    activeSessionCount,
  };
}

/** Orders and live sessions of each of `ids`. */
async function countsOf(deps: UserDeskDeps, ids: number[]) {
  if (ids.length === 0)
    return { orderCounts: new Map<number, number>(), sessionCounts: new Map<number, number>() };
  const liveSince = new Date(deps.clock.now() - deps.config.tokenTtlSeconds * 1000);
  const { orderCountsOf } = await shopModule();
  const [orderCounts, sessionCounts] = await Promise.all([
    orderCountsOf(deps.db, ids),
    liveSessionCounts(deps.db, ids, liveSince),
  ]);
  return { orderCounts, sessionCounts };
}

/** `GET admin/users`: users matching `q`, newest accounts first, a page at a time. */
export async function searchUsers(deps: UserDeskDeps, query: AdminUserQuery): Promise<AdminUserList> {
  const { page, size } = pageOf(query);
  const where = matching(query.q);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(size)
      .offset((page - 1) * size),
    deps.db.select({ total: count() }).from(users).where(where),
  ]);
  const { orderCounts, sessionCounts } = await countsOf(
    deps,
    rows.map((row) => row.id),
  );
  return {
    list: rows.map((row) =>
      summaryOf(deps, row, orderCounts.get(row.id) ?? 0, sessionCounts.get(row.id) ?? 0),
    ),
    total,
  };
}

/** `GET admin/users/{id}`: the user, their sessions and their newest orders; NotFound when there is none. */
export async function userDetail(deps: UserDeskDeps, id: number): Promise<AdminUserDetail> {
  const [user] = isRowId(id) ? await deps.db.select().from(users).where(eq(users.id, id)).limit(1) : [];
  if (!user) throw new AppError('NotFound', `no user ${id}`);
  const now = deps.clock.now();
  const shownSince = new Date(now - ENDED_SESSIONS_SHOWN_DAYS * 86_400_000);
  const { recentOrdersOf } = await shopModule();
  const [sessionRows, orderRows] = await Promise.all([
    recentSessionsOf(deps.db, id, shownSince, SESSIONS_SHOWN),
    recentOrdersOf(deps.db, id, ADMIN_USER_RECENT_ORDERS),
  ]);
  const sessionList: AdminUserSession[] = sessionRows.map((row) => {
    const expiresAt = sessionExpiry(deps, row.refreshedAt);
    return {
      id: row.id,
      deviceId: row.deviceId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.refreshedAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      active: row.revokedAt === null && expiresAt.getTime() > now,
    };
  });
  const orderList: AdminUserOrder[] = orderRows.map((row) => {
    const own = row.lines;
    return {
      orderNo: row.orderNo,
      status: row.status,
      kind: row.kind,
      total: row.total,
      // The first line names the order; the pieces of all lines are its size.
      title: own[0]?.title ?? '',
      itemCount: Math.max(
        1,
        own.reduce((sum, line) => sum + line.qty, 0),
      ),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    };
  });
  const { orderCounts } = await countsOf(deps, [id]);
  return {
    user: {
      ...summaryOf(
        deps,
        user,
        orderCounts.get(id) ?? 0,
        sessionList.filter((session) => session.active).length,
      ),
      hasPassword: user.passwordHash !== null,
    },
    sessions: sessionList,
    orders: orderList,
  };
}

/** The deps of the account actions (admin.ts) for operator `by`. */
function operatorDeps(deps: UserDeskDeps, by: Required<Auditor>): AdminDeps {
  return { db: deps.db, clock: deps.clock, ...by };
}

function vipStateOf(status: VipStatus): VipState {
  return pick(status, ['userId', 'phone', 'nickname', 'vipExpire', 'isVip']);
}

/**
 * `POST admin/users/vip`: adds `days` of VIP from the later of now and the current end (the member
 * module's grant, with its audit row `vip.grant` naming the operator).
 */
export async function grantUserVip(
  deps: UserDeskDeps,
  input: { phone: string; days: number; reason: string },
  by: Required<Auditor>,
): Promise<VipState> {
  const status = await grantVip(operatorDeps(deps, by), input.phone, input.days, reasonOf(input.reason));
  return vipStateOf(status);
}

/** `POST admin/users/vip/revoke`: VIP ends now (audit row `vip.revoke`). */
export async function revokeUserVip(
  deps: UserDeskDeps,
  input: { phone: string; reason: string },
  by: Required<Auditor>,
): Promise<VipState> {
  return vipStateOf(await revokeVip(operatorDeps(deps, by), input.phone, reasonOf(input.reason)));
}

/**
 * `POST admin/users/sessions/revoke`: every live app session of the user ends, in one transaction with
 * audit row `user.sessions.revoke`. This process forgets them at once; other API processes stop
 * accepting them when their verified-session cache entries lapse (AUTH_CACHE_SECONDS).
 */
export async function revokeAppSessions(
  deps: UserDeskDeps,
  input: { userId: number; reason: string },
  by: Required<Auditor>,
): Promise<UserSessionsRevokeResult> {
  const at = new Date(deps.clock.now());
  const revoked = await deps.db.transaction(async (tx) => {
    const [user] = isRowId(input.userId)
      ? await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1)
      : [];
    if (!user) throw new AppError('NotFound', `no user ${input.userId}`);
    const ended = await endSessionsOf(tx, input.userId, at);
    await writeAudit(tx, {
      ...by,
      at,
      action: 'user.sessions.revoke',
      target: `user:${input.userId}`,
      before: { openSessions: ended },
      after: { openSessions: 0 },
      reason: reasonOf(input.reason),
    });
    return ended;
  });
  forgetUserSessions(deps.db, input.userId);
  return { revoked };
}

/**
 * An operator's change of an account's ban (`setBan`: {@link banUser} or {@link unbanUser}) from the
 * console; NotFound for an id no account can have.
 */
function banDesk(setBan: typeof banUser) {
  return async (deps: UserDeskDeps, input: UserBanBody, by: Required<Auditor>): Promise<UserBanState> => {
    if (!isRowId(input.userId)) throw new AppError('NotFound', `没有 ID 为 ${input.userId} 的用户`);
    return setBan(operatorDeps(deps, by), input.userId, reasonOf(input.reason));
  };
}

/** `POST admin/users/ban`: the account is banned and its sessions end (audit row `user.ban`). */
export const banAppUser = banDesk(banUser);

/** `POST admin/users/unban`: the ban is lifted (audit row `user.unban`). */
export const unbanAppUser = banDesk(unbanUser);
