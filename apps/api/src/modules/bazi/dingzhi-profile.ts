/**
 * The 定制 profile: each account's own birth profile and fortune type, read and replaced by its owner
 * only (the session names the account; no route takes another account's id). The profile is checked
 * by the engine before it is kept — the same parse the fortune route runs on it — so a saved profile
 * always has a fortune, and a wrong one is refused with the engine's code for the field.
 */
import { fortunePerson } from '@xuanli/almanac/bazi/dailyFortune';
import { DEFAULT_YUN_TYPE } from '@xuanli/almanac/bazi/yunType';
import type { DingzhiProfile, DingzhiProfileBody } from '@xuanli/contracts/dingzhi';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { dingzhiProfiles } from './schema.ts';

type ProfileRow = typeof dingzhiProfiles.$inferSelect;

/** The wire form of a stored row. */
function profileOf(row: ProfileRow): DingzhiProfile {
  return {
    name: row.name,
    sex: row.sex === '女' ? '女' : '男',
    born: row.born,
    yunType: row.yunType as DingzhiProfile['yunType'],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The 定制 profile of `userId`, or null before the first save. */
export async function readDingzhiProfile(db: Db, userId: number): Promise<DingzhiProfile | null> {
  const [row] = await db.select().from(dingzhiProfiles).where(eq(dingzhiProfiles.userId, userId));
  return row ? profileOf(row) : null;
}

/**
 * Replaces the 定制 profile of `userId` with `body` (one upsert, so two saves at once leave one whole
 * profile, the later one). The name is kept without surrounding spaces and must not be empty; the
 * engine judges sex and birth text and throws its AlmanacError (WRONG_SEX, WRONG_BIRTH_TEXT, a calendar
 * code), which the error handler answers as a 400 with that code.
 */
export async function saveDingzhiProfile(
  db: Db,
  userId: number,
  body: DingzhiProfileBody,
  now: Date,
): Promise<DingzhiProfile> {
  const name = body.name.trim();
  if (name === '') throw new AppError('ValidationError', 'name: must not be blank');
  const born = body.born.trim();
  const { sex } = fortunePerson({ sex: body.sex, born });
  const values = { name, sex, born, yunType: body.yunType ?? DEFAULT_YUN_TYPE, updatedAt: now };
  const [row] = await db
    .insert(dingzhiProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: dingzhiProfiles.userId, set: values })
    .returning();
  return profileOf(row);
}

/** Deletes the 定制 profile of `userId`, inside the account deletion's transaction; answers whether there was one. */
export async function eraseDingzhiProfile(tx: Tx, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(dingzhiProfiles)
    .where(eq(dingzhiProfiles.userId, userId))
    .returning({ userId: dingzhiProfiles.userId });
  return rows.length > 0;
}

/**
 * Two accounts of one person becoming one (the member module's merge), inside its transaction: the
 * surviving account `into` keeps the later-saved of the two 定制 profiles — both describe the same
 * person, and the later save is what they last meant, as the case book's last write wins — and
 * account `from` is left without one.
 */
export async function mergeDingzhiProfile(tx: Tx, from: number, into: number): Promise<void> {
  await tx.execute(sql`
    insert into dingzhi_profiles (user_id, name, sex, born, yun_type, updated_at)
    select ${into}::int, name, sex, born, yun_type, updated_at from dingzhi_profiles where user_id = ${from}
    on conflict (user_id) do update set
      name = excluded.name, sex = excluded.sex, born = excluded.born,
      yun_type = excluded.yun_type, updated_at = excluded.updated_at
    where excluded.updated_at > dingzhi_profiles.updated_at`);
  await eraseDingzhiProfile(tx, from);
}
