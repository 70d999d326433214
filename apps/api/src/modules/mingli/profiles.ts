/**
 * Each account's case book: list (searched, by group, newest change first), save, change, delete.
 * Every profile belongs to one account and is reached through it only — another account's id is
 * answered as missing (404), never as forbidden.
 *
 * Phones write while offline and send later, so a write may arrive after a newer one from another
 * phone: each write carries the time it was made on its phone (`updatedAt`, never later than the
 * server's now, so a phone whose clock runs ahead cannot win every future write), and a write older
 * than the stored profile changes nothing — the last write wins per profile. A phone names each
 * profile with its own `clientId`, so the same profile sent twice (a retry after a lost answer, the
 * upload at login) is kept once.
 */
import {
  MINGLI_LIMITS,
  type MingliList,
  type MingliListQuery,
  type MingliProfile,
  type MingliProfileInput,
  type MingliProfilePatch,
} from '@xuanli/contracts/mingli';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import { LOCK_CLASSES } from '../../shared/lock-classes.ts';
import type { Tx } from '../../shared/orders.ts';
import { type CheckedProfile, checkedProfile } from './profile-checks.ts';
import { mingliProfiles } from './schema.ts';
import { profileSearchText, queryWords } from './search-text.ts';

type ProfileRow = typeof mingliProfiles.$inferSelect;

/** Newest change first; the id breaks ties between profiles changed in the same instant. */
export const NEWEST_FIRST = [desc(mingliProfiles.updatedAt), desc(mingliProfiles.id)];

/**
 * The first key of the case book's advisory lock (the account's id is the second): the 500-profile
 * limit spans rows, so two saves of one account at once are counted one after the other.
 */
const CASE_BOOK_LOCK = LOCK_CLASSES.caseBook;

/** What a refused 501st profile reads. */
export const LIMIT_MESSAGE = `命例最多保存 ${MINGLI_LIMITS.profiles} 个，请先删除不再需要的命例`;

/** Waits for and takes the case book lock of `userId` until `tx` ends. */
export async function lockCaseBook(tx: Tx, userId: number): Promise<void> {
  await tx.execute(
    sql`select 1 from (select pg_advisory_xact_lock(${CASE_BOOK_LOCK}::int, ${userId}::int)) as taken`,
  );
}

/** How many profiles `userId` keeps. */
export async function countProfiles(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mingliProfiles).where(eq(mingliProfiles.userId, userId));
  return row?.n ?? 0;
}

/** The wire form of a stored row. */
export function profileOf(row: ProfileRow): MingliProfile {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    sex: row.sex === '女' ? '女' : '男',
    born: row.born,
    options: row.options,
    group: row.group as MingliProfile['group'],
    note: row.note,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a checked profile writes, its search text included. */
export function columnsOf(profile: CheckedProfile) {
  return { ...profile, searchText: profileSearchText(profile.name, profile.note) };
}

/** The time a write counts as made: the phone's, but never after the server's `now`. */
function writeTime(updatedAt: string | undefined, now: Date): Date {
  if (updatedAt === undefined) return now;
  const at = Date.parse(updatedAt);
  return Number.isFinite(at) && at < now.getTime() ? new Date(at) : now;
}

/** The WHERE of a list: the account's rows, in `group`, holding every word of `q` (search-text.ts). */
function listCondition(userId: number, query: MingliListQuery): SQL {
  const conditions: SQL[] = [eq(mingliProfiles.userId, userId)];
  if (query.group) conditions.push(eq(mingliProfiles.group, query.group));
  for (const word of queryWords(query.q)) {
    conditions.push(sql`position(${word} in ${mingliProfiles.searchText}) > 0`);
  }
  return and(...conditions) as SQL;
}

/** `GET crm/bazi/profiles`: a page of the account's profiles, newest change first, and how many match. */
export async function listProfiles(db: Db, userId: number, query: MingliListQuery): Promise<MingliList> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const where = listCondition(userId, query);
  const rows = await db
    .select()
    .from(mingliProfiles)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(mingliProfiles).where(where);
  return { list: rows.map(profileOf), total: total?.n ?? 0 };
}

/** The stored profile `clientId` of `userId`, if any. */
async function byClientId(tx: Tx, userId: number, clientId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx
    .select()
    .from(mingliProfiles)
    .where(and(eq(mingliProfiles.userId, userId), eq(mingliProfiles.clientId, clientId)))
    .for('update');
  return row;
}

/**
 * `POST crm/bazi/profiles`: saves a new profile, or — when the account already keeps one under the
 * same `clientId` — replaces it unless the stored one is newer, and answers what is stored. A 501st
 * profile → 409 Conflict in Chinese.
 */
export async function saveProfile(
  db: Db,
  userId: number,
  input: MingliProfileInput,
  now: Date,
): Promise<MingliProfile> {
  const profile = checkedProfile(input);
  const updatedAt = writeTime(input.updatedAt, now);
  return db.transaction(async (tx) => {
    await lockCaseBook(tx, userId);
    const stored = input.clientId ? await byClientId(tx, userId, input.clientId) : undefined;
    if (stored) {
      if (updatedAt < stored.updatedAt) return profileOf(stored);
      const [row] = await tx
        .update(mingliProfiles)
        .set({ ...columnsOf(profile), updatedAt })
        .where(eq(mingliProfiles.id, stored.id))
        .returning();
      return profileOf(row!);
    }
    if ((await countProfiles(tx, userId)) >= MINGLI_LIMITS.profiles)
      throw new AppError('Conflict', LIMIT_MESSAGE);
    const [row] = await tx
      .insert(mingliProfiles)
      .values({ ...columnsOf(profile), userId, clientId: input.clientId ?? null, createdAt: now, updatedAt })
      .returning();
    return profileOf(row!);
  });
}

/**
 * `PATCH crm/bazi/profiles/{id}`: changes the fields given, checked together with the stored ones
 * (a new birthplace may make the stored birth impossible). A write older than the stored profile
 * changes nothing and answers the stored one. Another account's or an unknown id → 404.
 */
export async function changeProfile(
  db: Db,
  userId: number,
  id: number,
  patch: MingliProfilePatch,
  now: Date,
): Promise<MingliProfile> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(mingliProfiles)
      .where(and(eq(mingliProfiles.id, id), eq(mingliProfiles.userId, userId)))
      .for('update');
    if (!stored) throw new AppError('NotFound', '没有找到这个命例，可能已在其他设备上删除');
    const updatedAt = writeTime(patch.updatedAt, now);
    if (updatedAt < stored.updatedAt) return profileOf(stored);
    const { updatedAt: _time, ...fields } = patch;
    const current = profileOf(stored);
    const profile = checkedProfile({ ...current, ...fields });
    const [row] = await tx
      .update(mingliProfiles)
      .set({ ...columnsOf(profile), updatedAt })
      .where(eq(mingliProfiles.id, id))
      .returning();
    return profileOf(row!);
  });
}

/** `DELETE crm/bazi/profiles/{id}`: removes the profile; another account's or an unknown id → 404. */
export async function deleteProfile(db: Db, userId: number, id: number): Promise<{ id: number }> {
  const removed = await db
    .delete(mingliProfiles)
    .where(and(eq(mingliProfiles.id, id), eq(mingliProfiles.userId, userId)))
    .returning({ id: mingliProfiles.id });
  if (removed.length === 0) throw new AppError('NotFound', '没有找到这个命例，可能已在其他设备上删除');
  return { id };
}

/** Deletes every profile of `userId`, inside the account deletion's transaction; answers how many. */
export async function eraseCaseBook(tx: Tx, userId: number): Promise<number> {
  const rows = await tx
    .delete(mingliProfiles)
    .where(eq(mingliProfiles.userId, userId))
    .returning({ id: mingliProfiles.id });
  return rows.length;
}

/**
 * Two accounts of one person becoming one (the member module's merge), inside its transaction: every
 * profile of account `from` moves to the case book of `into`, keeping its times, so each phone's next
 * sync (which reads the whole book) shows them. A profile both books hold under one `clientId` (the
 * same phone's profile uploaded to both accounts) is kept once, the later write winning as on any
 * save (the survivor's on a tie). The moved book may pass the 500-profile limit: no one's records are dropped by a merge, and
 * new saves are refused (with the limit's message) until the member deletes some.
 */
export async function mergeCaseBook(tx: Tx, from: number, into: number): Promise<void> {
  // Both books' locks, in id order as every two-account lock is taken, so no save counts mid-move.
  for (const id of from < into ? [from, into] : [into, from]) await lockCaseBook(tx, id);
  await tx.execute(sql`
    delete from mingli_profiles as older using mingli_profiles as newer
    where older.user_id in (${from}::int, ${into}::int) and newer.user_id in (${from}::int, ${into}::int)
      and older.user_id <> newer.user_id and older.client_id = newer.client_id
      and (older.updated_at, older.user_id = ${into}::int) < (newer.updated_at, newer.user_id = ${into}::int)`);
  await tx.execute(sql`update mingli_profiles set user_id = ${into} where user_id = ${from}`);
}
