/**
 * Guards for the data folder of the embedded database (DATA_DIR): one server at a time, and never an
 * empty database silently created in place of a damaged one.
 *
 * PGlite runs inside the process, so nothing stops a second process from opening the same files: both
 * then start, each keeps its own copy of the data in memory, and one side's writes are lost. The lock
 * file below is that missing guard. It is a pid file created atomically; a holder that is gone (crash,
 * kill -9, reboot) leaves a stale lock that the next start recognises and takes over.
 */
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  checkpointSegmentProblem,
  crc32cUpdate,
  gucFileProblem,
  hbaFileProblem,
  readControlFacts,
  walFileName,
} from './pg-files.ts';

/** Name of the lock file inside the data folder. */
export const LOCK_FILE = 'xuanli.lock';

/** Name of the embedded database's folder inside the data folder. */
export const DATABASE_FOLDER = 'pglite';

/** The data folder cannot be used (in use by another server, or damaged); server.ts prints the message. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

/** A held lock on a data folder. */
export interface DataFolderLock {
  /** The lock file. */
  file: string;
  /** Deletes the lock file if it is still this process's; safe to call twice. */
  release(): void;
}

/** What the lock file says about its holder. */
interface Holder {
  pid: number;
  host: string;
  /** Linux boot id: a lock written before the last reboot is stale whatever its pid. */
  boot?: string;
  /** Start time of the process (Linux clock ticks since boot), so that a reused pid is not mistaken for the holder. */
  start?: string;
  since: string;
}

// Locks this process holds: a second open of the same folder from the same process must be refused
// too, and our own pid in a lock file would otherwise look like a leftover of an earlier process.
const held = new Set<string>();

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  return readOptional('/proc/sys/kernel/random/boot_id');
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
function processStart(pid: number): string | undefined {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** Whether process `pid` exists on this machine (whoever it belongs to). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string | undefined): Holder | undefined {
  try {
    const value = JSON.parse(text ?? '') as Partial<Holder>;
    return Number.isInteger(value.pid) && typeof value.host === 'string' ? (value as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the holder is certainly gone, so its lock may be taken over. */
function isStale(holder: Holder): boolean {
  // A pid on another machine (a shared volume) cannot be checked from here: assume it is alive.
  if (holder.host !== hostname()) return false;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return true;
  // Not us (checked by the caller), so an earlier process that had our pid: pid 1 in a container.
  if (holder.pid === process.pid) return true;
  if (!isAlive(holder.pid)) return true;
  const start = processStart(holder.pid);
  return Boolean(holder.start && start && holder.start !== start);
}

function inUseMessage(dir: string, file: string, holder: Holder): string {
  return (
    `the data folder ${dir} is in use by another 玄历 API server (pid ${holder.pid} on ${holder.host}, ` +
    `since ${holder.since}). Stop that server first, or set DATA_DIR to another folder. ` +
    `If no such server runs any more, delete ${file}.`
  );
}

/**
 * Takes the exclusive lock on data folder `dir` (created 0700 if missing), or throws a
 * {@link DataFolderError} naming the folder and the holder's pid. A lock left by a process that is
 * gone is taken over. Release it after the database is closed.
 */
export function lockDataFolder(dir: string): DataFolderLock {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, LOCK_FILE);
  if (held.has(file)) throw new DataFolderError(`the data folder ${dir} is already open in this process`);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    boot: bootId(),
    start: processStart(process.pid),
    since: new Date().toISOString(),
  };
  const text = `${JSON.stringify(me)}\n`;
  // Written in full under a private name, then linked into place: link() fails if the lock exists,
  // and a reader never sees a half-written lock file.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, text, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, file);
        held.add(file);
        let released = false;
        return {
          file,
          release() {
            if (released) return;
            released = true;
            held.delete(file);
            // Only our own lock: never delete one that another process has taken over meanwhile.
            if (readOptional(file) === text.trim()) unlinkSync(file);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = readOptional(file);
      if (found === undefined) continue; // released meanwhile
      const holder = parseHolder(found);
      // An unreadable lock (a crash while the disk was full) names no holder that could still run.
      if (holder && !isStale(holder)) throw new DataFolderError(inUseMessage(dir, file, holder));
      breakStaleLock(file, found);
    }
    throw new DataFolderError(`could not lock the data folder ${dir}: other processes keep taking ${file}`);
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Removes the stale lock whose content is `stale`. Two processes may find the same stale lock: the
 * rename lets only one of them move it, and if what it moved is not the lock it judged (another
 * process took over in between) it is put back for the next attempt to find.
 */
function breakStaleLock(file: string, stale: string): void {
  const moved = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, moved);
  } catch {
    return; // another process broke it first
  }
  if (readOptional(moved) !== stale) {
    try {
      linkSync(moved, file);
    } catch {
      // A newer lock is in place already; it wins.
    }
  }
  unlinkSync(moved);
}

/** Size of `global/pg_control` (PostgreSQL's PG_CONTROL_FILE_SIZE). */
const PG_CONTROL_SIZE = 8192;

/**
 * True when `control` is an intact `pg_control`. The file is PostgreSQL's ControlFileData struct
 * ending in a CRC-32C of everything before it, zero-padded to 8 KB. The struct's layout differs between
 * PostgreSQL versions and builds (PGlite is 32-bit WASM), so instead of assuming the CRC's offset this
 * looks for one: a 4-aligned offset whose stored value is the CRC of the bytes before it and after
 * which the file holds only zeros.
 */
export function isIntactControlFile(control: Uint8Array): boolean {
  if (control.length !== PG_CONTROL_SIZE) return false;
  let end = control.length;
  while (end > 0 && control[end - 1] === 0) end--;
  const view = new DataView(control.buffer, control.byteOffset, control.byteLength);
  let crc = 0xffffffff;
  // The struct begins with a 64-bit system identifier and a few version fields; a CRC found before
  // them (e.g. in an all-zero file) is a coincidence, not a control file.
  const minimum = 64;
  for (let offset = 0; offset + 4 <= control.length; offset++) {
    if (offset >= minimum && offset % 4 === 0 && offset + 4 >= end) {
      if (~crc >>> 0 === view.getUint32(offset, true)) return true;
      if (offset > end) return false;
    }
    crc = crc32cUpdate(crc, control.subarray(offset, offset + 1));
  }
  return false;
}

const KEEP_IT = 'Restore it from a backup, or move it away to start with a new, empty database.';

/** A refusal of the database folder `dir` for `what`, in the words every such refusal uses. */
function damaged(dir: string, what: string): DataFolderError {
  return new DataFolderError(`the database folder ${dir} is damaged: ${what}. ${KEEP_IT}`);
}

/** The size of `file`, or undefined when it is missing (anything else unreadable throws). */
function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Refuses a folder whose write-ahead log cannot bring it back: `pg_wal` missing, a segment between
 * the last checkpoint's redo point and the checkpoint itself missing or cut short, or the checkpoint's
 * segment not holding this database's WAL and an intact checkpoint record (pg-files.ts). A control
 * file of a layout we do not know is checked for `pg_wal` only.
 */
function checkWal(dir: string, control: Uint8Array): void {
  const walDir = join(dir, 'pg_wal');
  if (!existsSync(walDir) || !statSync(walDir).isDirectory()) throw damaged(dir, `${walDir} is missing`);
  const facts = readControlFacts(control);
  if (!facts) return;
  const size = BigInt(facts.walSegmentSize);
  for (let segment = facts.redo / size; segment <= facts.checkPoint / size; segment++) {
    const file = join(walDir, walFileName(facts.timeline, segment, facts.walSegmentSize));
    const bytes = sizeOf(file);
    if (bytes === undefined) throw damaged(dir, `${file}, which the last checkpoint needs, is missing`);
    if (bytes !== facts.walSegmentSize) {
      throw damaged(dir, `${file} is ${bytes} bytes long instead of ${facts.walSegmentSize} (cut short)`);
    }
  }
  const file = join(walDir, walFileName(facts.timeline, facts.checkPoint / size, facts.walSegmentSize));
  const problem = checkpointSegmentProblem(file, facts);
  if (problem) throw damaged(dir, `${file} ${problem}`);
}

/**
 * PostgreSQL's configuration files in the folder, each required or not, with the check of its syntax.
 * postgresql.auto.conf (ALTER SYSTEM's) may be absent; PostgreSQL starts without it.
 */
const CONFIG_FILES: [name: string, required: boolean, problemOf: (text: string) => string | undefined][] = [
  ['postgresql.conf', true, gucFileProblem],
  ['postgresql.auto.conf', false, gucFileProblem],
  ['pg_hba.conf', true, hbaFileProblem],
];

/** Refuses a configuration file that is missing, unreadable or that PostgreSQL would not parse. */
function checkConfigFiles(dir: string): void {
  for (const [name, required, problemOf] of CONFIG_FILES) {
    const file = join(dir, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      if (code === 'ENOENT' && !required) continue;
      throw damaged(dir, code === 'ENOENT' ? `${file} is missing` : `${file} cannot be read (${code})`);
    }
    const problem = problemOf(text);
    if (problem) throw damaged(dir, `${file} ${problem}`);
  }
}

/**
 * Refuses to start on a database folder that exists but is not a usable one, before PGlite opens it:
 * PGlite would run initdb over a folder without `PG_VERSION` (replacing the data with an empty
 * database), and fails obscurely on a damaged `global/pg_control`, a missing or damaged WAL segment
 * or a configuration file it cannot parse. A missing or empty folder is fine: it is created (0700)
 * for the first start.
 */
export function checkDatabaseFolder(dir: string): void {
  if (!existsSync(dir) || readdirSync(dir).length === 0) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return;
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new DataFolderError(
      `the database folder ${dir} is not empty but holds no database (no PG_VERSION); refusing to create a new one over it. ${KEEP_IT}`,
    );
  }
  const controlFile = join(dir, 'global', 'pg_control');
  let control: Uint8Array;
  try {
    control = readFileSync(controlFile);
  } catch {
    throw damaged(dir, `${controlFile} is missing`);
  }
  if (!isIntactControlFile(control)) throw damaged(dir, `${controlFile} fails its checksum`);
  checkConfigFiles(dir);
  checkWal(dir, control);
}

/**
 * What an exception of PGlite opening the existing folder `dir` becomes: a refusal naming the folder
 * (PGlite's own words are "Aborted()" and the like), on one line.
 */
export function unopenableFolder(dir: string, error: unknown): DataFolderError {
  const reason = String((error as Error)?.message ?? error)
    .split('\n')[0]
    .slice(0, 200);
  return new DataFolderError(
    `the database folder ${dir} could not be opened (PGlite: ${reason}); a file in it is damaged or not PostgreSQL's. ${KEEP_IT}`,
  );
}

/**
 * Takes the lock of data folder `dataDir` for a moment and checks its database folder `dir`, so that
 * server.ts refuses a folder in use or damaged within a second of starting instead of after loading
 * the app's code; opening the database takes the lock and checks again.
 */
export function preflightDataFolder(dataDir: string, dir: string): void {
  const lock = lockDataFolder(dataDir);
  try {
    checkDatabaseFolder(dir);
  } finally {
    lock.release();
  }
}
