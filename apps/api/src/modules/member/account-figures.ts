/**
 * The accounts in the console's 概览 and audit trail: accounts made in a period and per Beijing day, VIPs whose
 * membership is running, and those whose membership ends within the next 7 days (phones masked).
 */
import type { ExpiringVips } from '@xuanli/contracts/admin-dashboard';
import { EXPIRING_VIP_DAYS, EXPIRING_VIP_LIST_MAX } from '@xuanli/contracts/admin-dashboard-labels';
import { and, asc, count, gt, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Period, type Tally, tallyPerDay } from '../../shared/day-figures.ts';
import { maskPhone } from './phone.ts';
import { users } from './schema.ts';

const DAY_MS = 86_400_000;

/** Accounts made in `period`. */
export async function newAccountCount(db: Db, { start, end }: Period): Promise<number> {
  const [joined] = await db
    .select({ n: count() })
    .from(users)
    .where(and(gte(users.createdAt, start), lt(users.createdAt, end)));
  return joined!.n;
}

/** Accounts made, per Beijing day number of `period`. */
export function newAccountsPerDay(db: Db, { start, end }: Period): Promise<Map<number, Tally>> {
  return tallyPerDay(db, users, users.createdAt, and(gte(users.createdAt, start), lt(users.createdAt, end)));
}

/** Accounts (not deleted) whose VIP is running at `now`. */
export async function activeVipCount(db: Db, now: number): Promise<number> {
  const [vips] = await db
    .select({ n: count() })
    .from(users)
    .where(and(gt(users.vipExpire, new Date(now)), isNull(users.deletedAt)));
  return vips!.n;
}

/**
 * `GET admin/dashboard/expiring-vips`: accounts (not deleted) whose VIP is running at `now` and ends
 * at most 7 × 24 hours later, soonest first.
 */
export async function expiringVips(db: Db, now: number): Promise<ExpiringVips> {
  const where = and(
    gt(users.vipExpire, new Date(now)),
    lte(users.vipExpire, new Date(now + EXPIRING_VIP_DAYS * DAY_MS)),
    isNull(users.deletedAt),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: users.id, phone: users.phone, nickname: users.nickname, vipExpire: users.vipExpire })
      .from(users)
      .where(where)
      .orderBy(asc(users.vipExpire), asc(users.id))
      .limit(EXPIRING_VIP_LIST_MAX),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    count: n,
    list: rows.map((row) => ({
      userId: row.id,
      phone: maskPhone(row.phone),
      nickname: row.nickname,
      vipExpire: (row.vipExpire as Date).toISOString(),
    })),
    asOf: new Date(now).toISOString(),
  };
}

/**
 * The accounts of `ids` that exist as the console's audit trail names them: by masked phone (the
 * trail itself keeps no personal data), a deleted one as 已注销用户.
 */
export async function accountNamesOf(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: users.id, phone: users.phone, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, ids));
  return rows.map((row) => ({
    id: row.id,
    name: row.deletedAt ? '已注销用户' : maskPhone(row.phone) || `#${row.id}`,
  }));
}
