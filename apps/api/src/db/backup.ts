/**
 * Backups of the embedded database (`npm run admin -- backup|restore <file>`). PostgreSQL has its own
 * tools (pg_dump / pg_restore, see README); these are for PGlite, which lives in one folder that only
 * the process holding its lock may open.
 *
 * A backup is PGlite's `dumpDataDir()`: a gzipped tarball of the database folder, taken between two
 * statements (PGlite runs one at a time) right after a CHECKPOINT. It is what a crash at that instant
 * would leave — committed transactions in the files or the WAL, a transaction still open rolled back
 * at the next start — so it is consistent while the server keeps serving, and the server takes it
 * (the operator channel brings the command there). Without a server the CLI opens the folder itself.
 *
 * A restore unpacks a backup into a new folder beside the data, opens it once (PGlite replays its WAL
 * there), checks it as every start does, and only then moves it into place: an existing database is
 * replaced only when asked (`--force`), and kept beside it under another name. It takes the data
 * folder's lock, so it never runs while a server holds the folder.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { writeAudit } from '../shared/audit.ts';
import { AppError } from '../shared/errors.ts';
import { type Db, MIGRATIONS_FOLDER } from './client.ts';
import { checkDatabaseFolder, DATABASE_FOLDER, DataFolderError, lockDataFolder } from './data-folder.ts';
import * as schema from './schema.ts';

/** What `backupDatabase` wrote. */
export interface BackupReport {
  file: string;
  bytes: number;
}

/** What `restoreDatabase` did. */
export interface RestoreReport {
  /** The database folder now holding the backup. */
  folder: string;
  orders: number;
  users: number;
  /** Where the database it replaced was moved (with `force`), if there was one. */
  keptAs: string | undefined;
}

/** The PGlite instance under a Drizzle database, or undefined on PostgreSQL. */
function pgliteOf(db: Db): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** The refusal for PostgreSQL, whose own tools do this better. */
export const USE_PG_DUMP =
  'backup and restore are for the embedded database; on PostgreSQL (DATABASE_URL) use pg_dump and pg_restore (README, "Backups")';

/** Refuses to write over `file` unless `force`, and names a folder that does not exist. */
function checkTarget(file: string, force: boolean): void {
  if (!existsSync(dirname(file))) throw new AppError('BadRequest', `the folder of ${file} does not exist`);
  if (existsSync(file) && !force) {
    throw new AppError('Conflict', `${file} exists; choose another name, or add --force to replace it`);
  }
}

/** Writes `blob` to `file` in full under a private name, then renames it into place (0600). */
async function writeAtomically(blob: Blob, file: string): Promise<number> {
  const draft = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    await pipeline(
      Readable.fromWeb(blob.stream() as WebReadableStream<Uint8Array>),
      createWriteStream(draft, { mode: 0o600, flags: 'wx' }),
    );
    // On disk before it carries the final name: a crash never leaves a short file named as a backup.
    const fd = openSync(draft, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(draft, file);
    return statSync(file).size;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** How many rows `table` holds, or 0 before the migration that makes it. */
async function countOf(pg: PGlite, table: 'orders' | 'users'): Promise<number> {
  const { rows } = await pg.query<{ n: number }>(
    `select case when to_regclass('public.${table}') is null then 0 else (select count(*)::int from public.${table}) end as n`,
  );
  return rows[0]?.n ?? 0;
}

/** Who asks for a backup or restore, and when: the audit row's actor and time. */
export interface BackupActor {
  actor: string;
  at: Date;
}

/**
 * Writes a consistent copy of the embedded database `db` to `file` (absolute), refusing to replace an
 * existing file unless `force`, and records who took it in the audit trail: a backup holds every
 * user's data. Runs beside the server's requests, which wait for the copy at most.
 */
export async function backupDatabase(
  db: Db,
  file: string,
  options: BackupActor & { force?: boolean },
): Promise<BackupReport> {
  const pg = pgliteOf(db);
  if (!pg) throw new AppError('BadRequest', USE_PG_DUMP);
  checkTarget(file, options.force ?? false);
  // The files then hold everything committed, so a restore has little WAL to replay.
  await pg.exec('CHECKPOINT');
  const bytes = await writeAtomically(await pg.dumpDataDir('gzip'), file);
  await db.transaction((tx) =>
    writeAudit(tx, {
      at: options.at,
      actor: options.actor,
      action: 'database.backup',
      target: 'database',
      after: { file, bytes },
    }),
  );
  return { file, bytes };
}

/** The first bytes of a gzip stream. */
const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Opens backup `file` into the new folder `staging`, brings it to this version's tables (as the
 * server's start would), records the restore in its audit trail and answers what it holds; throws a
 * {@link DataFolderError} when the file is not a backup of a 玄历 database.
 */
async function unpack(
  file: string,
  staging: string,
  audit: BackupActor & { replaced: string | undefined },
): Promise<{ orders: number; users: number }> {
  const bytes = readFileSync(file);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    throw new DataFolderError(
      `${file} is not a backup of \`npm run admin -- backup\` (not a gzipped tarball)`,
    );
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([bytes]) });
  } catch (error) {
    const reason = String((error as Error)?.message ?? error)
      .split('\n')[0]
      .slice(0, 200);
    throw new DataFolderError(`${file} could not be opened as a database (PGlite: ${reason})`);
  }
  try {
    const { rows } = await pg.query<{ migrated: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as migrated",
    );
    if (!rows[0]?.migrated) throw new DataFolderError(`${file} holds a database, but not one of 玄历's`);
    const db = drizzle({ client: pg, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await db.transaction((tx) =>
      writeAudit(tx, {
        at: audit.at,
        actor: audit.actor,
        action: 'database.restore',
        target: 'database',
        after: { file, replaced: audit.replaced ?? null },
      }),
    );
    return { orders: await countOf(pg, 'orders'), users: await countOf(pg, 'users') };
  } finally {
    await pg.close();
  }
}

/** A name beside `folder` for the database a restore replaces, unused so far. */
function keptName(folder: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let name = `${folder}.before-restore-${stamp}`;
  for (let i = 2; existsSync(name); i++) name = `${folder}.before-restore-${stamp}-${i}`;
  return name;
}

/**
 * Restores backup `file` (absolute) as the embedded database of data folder `dataDir`: refused while a
 * server (or anything) holds the folder's lock, and over a database already there unless `force` —
 * which moves that one aside instead of deleting it.
 */
export async function restoreDatabase(
  dataDir: string,
  file: string,
  options: BackupActor & { force?: boolean },
): Promise<RestoreReport> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new AppError('NotFound', `no backup file ${file}`);
  const lock = lockDataFolder(dataDir);
  const folder = join(dataDir, DATABASE_FOLDER);
  const staging = join(dataDir, `${DATABASE_FOLDER}.restoring-${process.pid}`);
  try {
    const occupied = existsSync(folder) && readdirSync(folder).length > 0;
    if (occupied && !options.force) {
      throw new AppError(
        'Conflict',
        `the database folder ${folder} holds a database; add --force to replace it (it is kept beside it, renamed)`,
      );
    }
    // Left by a restore that was killed half-way (the lock is ours, so none is running).
    for (const name of readdirSync(dataDir).filter((entry) =>
      entry.startsWith(`${DATABASE_FOLDER}.restoring-`),
    )) {
      rmSync(join(dataDir, name), { recursive: true, force: true });
    }
    const keptAs = occupied ? keptName(folder, options.at) : undefined;
    const counts = await unpack(file, staging, { ...options, replaced: keptAs });
    // What the server will check at its next start, checked now while the old database is in place.
    checkDatabaseFolder(staging);
    if (keptAs) renameSync(folder, keptAs);
    else rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
    return { folder, keptAs, ...counts };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
