/**
 * The case book as a file (contracts mingli.ts, "The file"): an export writes every profile of the
 * account, newest change first; an import checks every entry as a POST would, then saves all of them
 * or none, in one transaction under the account's case-book lock. Entries already in the book (or
 * earlier in the file) by name, sex and birth moment are skipped and counted, so importing the same
 * file twice saves nothing the second time.
 */
import { formatBeijingDate } from '@xuanli/almanac/beijingTime';
import { AlmanacError, isAlmanacError } from '@xuanli/almanac/errors';
import {
  MINGLI_FILE_FORMAT,
  MINGLI_FILE_VERSION,
  MINGLI_LIMITS,
  type MingliFile,
  type MingliImportResult,
} from '@xuanli/contracts/mingli';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import { type CheckedProfile, checkedProfile, sameness } from './profile-checks.ts';
import { columnsOf, countProfiles, lockCaseBook, NEWEST_FIRST, profileOf } from './profiles.ts';
import { mingliProfiles } from './schema.ts';

/** `GET crm/bazi/profiles/export`: the account's whole case book as the version-1 file. */
export async function exportCaseBook(db: Db, userId: number, now: Date): Promise<MingliFile> {
  const rows = await db
    .select()
    .from(mingliProfiles)
    .where(eq(mingliProfiles.userId, userId))
    .orderBy(...NEWEST_FIRST);
  return {
    format: MINGLI_FILE_FORMAT,
    version: MINGLI_FILE_VERSION,
    exportedAt: now.toISOString(),
    profiles: rows.map((row) => {
      const { id: _id, clientId: _clientId, ...entry } = profileOf(row);
      return entry;
    }),
  };
}

/** The file's name in `Content-Disposition` (Beijing date), e.g. 玄历命例-20260115.json. */
export function exportFileName(now: Date): string {
  const beijing = formatBeijingDate(now.getTime()).replaceAll('-', '');
  return `玄历命例-${beijing}.json`;
}

/** Entry `index` (from 0) checked as a POST would be, a refusal saying which entry it is. */
function checkedEntry(entry: MingliFile['profiles'][number], index: number): CheckedProfile {
  try {
    return checkedProfile(entry);
  } catch (error) {
    const which = `第 ${index + 1} 条命例：`;
    if (error instanceof AppError) throw new AppError(error.code, `${which}${error.message}`);
    if (isAlmanacError(error)) throw new AlmanacError(error.code, `${which}${error.message}`);
    throw error;
  }
}

/**
 * `POST crm/bazi/profiles/import`: saves every new entry of `file`, or none when one is refused (400
 * naming the entry) or the book would pass 500 profiles (409). The file's first entry ends up newest,
 * as it was in the book it came from.
 */
export async function importCaseBook(
  db: Db,
  userId: number,
  file: MingliFile,
  now: Date,
): Promise<MingliImportResult> {
  const entries = file.profiles.map(checkedEntry);
  return db.transaction(async (tx) => {
    await lockCaseBook(tx, userId);
    const stored = await tx
      .select({ name: mingliProfiles.name, sex: mingliProfiles.sex, born: mingliProfiles.born })
      .from(mingliProfiles)
      .where(eq(mingliProfiles.userId, userId));
    const known = new Set(stored.map(sameness));
    const fresh = entries.filter((entry) => {
      const key = sameness(entry);
      if (known.has(key)) return false;
      known.add(key);
      return true;
    });
    const kept = await countProfiles(tx, userId);
    if (kept + fresh.length > MINGLI_LIMITS.profiles) {
      throw new AppError(
        'Conflict',
        `命例最多保存 ${MINGLI_LIMITS.profiles} 个：已有 ${kept} 个，文件中新的 ${fresh.length} 个放不下，一个也没有导入`,
      );
    }
    // Inserted last to first: ids rise, so the file's first entry is the newest of equal times.
    const rows = fresh
      .toReversed()
      .map((entry) => ({ ...columnsOf(entry), userId, clientId: null, createdAt: now, updatedAt: now }));
    if (rows.length > 0) await tx.insert(mingliProfiles).values(rows);
    return { imported: fresh.length, skipped: entries.length - fresh.length };
  });
}
