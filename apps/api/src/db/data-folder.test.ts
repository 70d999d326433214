import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_ENV } from '../../test/global-setup.ts';
import { openDatabase } from './client.ts';
import {
  checkDatabaseFolder,
  DataFolderError,
  isIntactControlFile,
  LOCK_FILE,
  lockDataFolder,
} from './data-folder.ts';
import { type ControlFacts, readControlFacts, walFileName } from './pg-files.ts';

const root = mkdtempSync(join(tmpdir(), 'xuanli-data-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
function folder(): string {
  return join(root, `f${folders++}`);
}

function writeLock(dir: string, holder: Record<string, unknown>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, LOCK_FILE),
    JSON.stringify({ host: hostname(), since: '2026-01-01T00:00:00.000Z', ...holder }),
  );
}

function lockHolder(dir: string): { pid: number } {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('lockDataFolder', () => {
  it('creates the folder 0700 and a 0600 lock naming this process, and deletes it on release', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(lock.file).mode & 0o777).toBe(0o600);
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a folder whose lock holder runs, naming the folder, the pid and the file', () => {
    const dir = folder();
    // The test runner's parent process: alive, and not us.
    writeLock(dir, { pid: process.ppid });
    expect(() => lockDataFolder(dir)).toThrow(DataFolderError);
    expect(() => lockDataFolder(dir)).toThrow(
      `the data folder ${dir} is in use by another 玄历 API server (pid ${process.ppid} on ${hostname()}`,
    );
    expect(() => lockDataFolder(dir)).toThrow(`delete ${join(dir, LOCK_FILE)}`);
    expect(lockHolder(dir).pid).toBe(process.ppid);
  });

  it('refuses a second lock from the same process', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    try {
      expect(() => lockDataFolder(dir)).toThrow('already open in this process');
    } finally {
      lock.release();
    }
  });

  it('takes over a lock whose holder is gone (kill -9, a crash)', () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid() });
    const lock = lockDataFolder(dir);
    expect(lockHolder(dir).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock naming our own pid (left by an earlier process with that pid: pid 1 in a container)', () => {
    const dir = folder();
    writeLock(dir, { pid: process.pid });
    lockDataFolder(dir).release();
  });

  it('takes over a lock whose pid now belongs to another process, or was written before a reboot', () => {
    const dir = folder();
    writeLock(dir, { pid: process.ppid, start: '1' });
    lockDataFolder(dir).release();
    if (existsSync('/proc/sys/kernel/random/boot_id')) {
      writeLock(dir, { pid: process.ppid, boot: 'another-boot' });
      lockDataFolder(dir).release();
    }
  });

  it('takes over an unreadable lock, and refuses one from another host it cannot check', () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, LOCK_FILE), '');
    lockDataFolder(dir).release();
    writeLock(dir, { pid: 1, host: 'elsewhere' });
    expect(() => lockDataFolder(dir)).toThrow('(pid 1 on elsewhere');
  });

  it('on release, leaves alone a lock that is no longer its own', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    writeLock(dir, { pid: process.ppid });
    lock.release();
    expect(lockHolder(dir).pid).toBe(process.ppid);
  });
});

/** A control file as PostgreSQL writes one: `length` bytes of struct, its CRC-32C, zeros to 8 KB. */
function controlFile(length = 292): Buffer {
  const file = Buffer.alloc(8192);
  randomBytes(length).copy(file);
  let crc = 0xffffffff;
  for (const byte of file.subarray(0, length)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  file.writeUInt32LE(~crc >>> 0, length);
  return file;
}

describe('isIntactControlFile', () => {
  it('accepts a control file whatever the offset of its checksum', () => {
    for (const length of [96, 292, 300]) expect(isIntactControlFile(controlFile(length))).toBe(true);
  });

  it('refuses a changed byte, a truncated file and an all-zero one', () => {
    const changed = controlFile();
    changed[40] ^= 1;
    expect(isIntactControlFile(changed)).toBe(false);
    expect(isIntactControlFile(controlFile().subarray(0, 4096))).toBe(false);
    expect(isIntactControlFile(Buffer.alloc(8192))).toBe(false);
  });
});

describe('checkDatabaseFolder', () => {
  function database(dir: string, control: Buffer | null = controlFile()): void {
    mkdirSync(join(dir, 'global'), { recursive: true });
    mkdirSync(join(dir, 'pg_wal'));
    writeFileSync(join(dir, 'PG_VERSION'), '18\n');
    writeFileSync(join(dir, 'postgresql.conf'), 'max_connections = 100\n');
    writeFileSync(join(dir, 'pg_hba.conf'), 'local all all trust\n');
    if (control) writeFileSync(join(dir, 'global', 'pg_control'), control);
  }

  it('creates a missing folder 0700 and accepts an empty one', () => {
    const dir = folder();
    checkDatabaseFolder(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    checkDatabaseFolder(dir);
  });

  it('accepts a database folder with an intact control file (of a layout it does not read)', () => {
    const dir = folder();
    database(dir);
    checkDatabaseFolder(dir);
  });

  it('refuses a non-empty folder without PG_VERSION instead of creating a database over it', () => {
    const dir = folder();
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'keep me');
    expect(() => checkDatabaseFolder(dir)).toThrow(DataFolderError);
    expect(() => checkDatabaseFolder(dir)).toThrow(
      `the database folder ${dir} is not empty but holds no database`,
    );
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('refuses a missing or damaged global/pg_control', () => {
    const missing = folder();
    database(missing, null);
    expect(() => checkDatabaseFolder(missing)).toThrow(`the database folder ${missing} is damaged`);
    const damaged = folder();
    const control = controlFile();
    control[100] ^= 0x10;
    database(damaged, control);
    expect(() => checkDatabaseFolder(damaged)).toThrow('pg_control fails its checksum');
  });
});

describe('checkDatabaseFolder on a real PGlite folder', () => {
  const pristine = join(root, 'pristine');

  beforeAll(async () => {
    // The suite's migrated template when there is one (seconds), else initdb.
    const template = process.env[TEMPLATE_ENV];
    const pg = await PGlite.create({
      dataDir: pristine,
      loadDataDir: template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined,
    });
    await pg.exec('create table scratch (n int); insert into scratch values (1), (2)');
    await pg.close();
  }, 120_000);

  /** A copy of the pristine folder, damaged by `damage`. */
  function damagedCopy(damage: (dir: string, facts: ControlFacts) => void): string {
    const dir = folder();
    cpSync(pristine, dir, { recursive: true });
    const facts = readControlFacts(readFileSync(join(dir, 'global', 'pg_control')));
    if (!facts) throw new Error('the pristine folder has a control file this check cannot read');
    damage(dir, facts);
    return dir;
  }

  /** The WAL segment holding the last checkpoint, and the checkpoint's offset in it. */
  function checkpointSegment(dir: string, facts: ControlFacts): { file: string; offset: number } {
    const size = BigInt(facts.walSegmentSize);
    const name = walFileName(facts.timeline, facts.checkPoint / size, facts.walSegmentSize);
    return { file: join(dir, 'pg_wal', name), offset: Number(facts.checkPoint % size) };
  }

  /** Overwrites `bytes.length` bytes of `file` at `offset`. */
  function overwrite(file: string, offset: number, bytes: Uint8Array): void {
    const fd = openSync(file, 'r+');
    try {
      writeSync(fd, bytes, 0, bytes.length, offset);
    } finally {
      closeSync(fd);
    }
  }

  it('accepts it as PGlite left it, and reads its control file', () => {
    checkDatabaseFolder(pristine);
    const facts = readControlFacts(readFileSync(join(pristine, 'global', 'pg_control')));
    expect(facts).toMatchObject({ timeline: 1, walBlockSize: 8192, walSegmentSize: 16 * 1024 * 1024 });
    expect(existsSync(checkpointSegment(pristine, facts as ControlFacts).file)).toBe(true);
  });

  it.each<[string, (dir: string, facts: ControlFacts) => void, string | RegExp]>([
    ['pg_wal missing', (dir) => rmSync(join(dir, 'pg_wal'), { recursive: true }), 'pg_wal is missing'],
    [
      "the checkpoint's segment missing",
      (dir, facts) => unlinkSync(checkpointSegment(dir, facts).file),
      'which the last checkpoint needs, is missing',
    ],
    [
      "the checkpoint's segment cut short",
      (dir, facts) => truncateSync(checkpointSegment(dir, facts).file, 8192),
      'is 8192 bytes long instead of 16777216 (cut short)',
    ],
    [
      "the checkpoint's segment overwritten with random bytes from its start",
      (dir, facts) => overwrite(checkpointSegment(dir, facts).file, 0, randomBytes(65536)),
      'does not begin with a WAL header of this database',
    ],
    [
      "the checkpoint's page zeroed",
      (dir, facts) => {
        const { file, offset } = checkpointSegment(dir, facts);
        overwrite(file, offset - (offset % facts.walBlockSize), Buffer.alloc(facts.walBlockSize));
      },
      'has lost the page of the last checkpoint',
    ],
    [
      'a byte of the checkpoint record changed',
      (dir, facts) => {
        const { file, offset } = checkpointSegment(dir, facts);
        const fd = openSync(file, 'r');
        const byte = Buffer.alloc(1);
        readSync(fd, byte, 0, 1, offset + 30);
        closeSync(fd);
        overwrite(file, offset + 30, Buffer.from([byte[0] ^ 0xff]));
      },
      'holds a last checkpoint record that fails its checksum',
    ],
    [
      'postgresql.conf missing',
      (dir) => unlinkSync(join(dir, 'postgresql.conf')),
      'postgresql.conf is missing',
    ],
    [
      'postgresql.conf unreadable',
      (dir) => {
        unlinkSync(join(dir, 'postgresql.conf'));
        mkdirSync(join(dir, 'postgresql.conf'));
      },
      'postgresql.conf cannot be read (EISDIR)',
    ],
    [
      'postgresql.conf with garbage',
      (dir) => appendFileSync(join(dir, 'postgresql.conf'), 'this is = = garbage ;;; "\n'),
      /postgresql\.conf line \d+ holds a character outside any setting/,
    ],
    [
      'postgresql.conf overwritten with random bytes',
      (dir) =>
        writeFileSync(join(dir, 'postgresql.conf'), Buffer.concat([Buffer.from([0]), randomBytes(4096)])),
      'postgresql.conf holds binary data',
    ],
    [
      'postgresql.conf with a setting PostgreSQL does not know',
      (dir) => appendFileSync(join(dir, 'postgresql.conf'), 'shared_bufers = 64MB\n'),
      /line \d+ sets shared_bufers, which PostgreSQL does not know/,
    ],
    [
      'postgresql.auto.conf with garbage',
      (dir) => appendFileSync(join(dir, 'postgresql.auto.conf'), 'zzz garbage = = "\n'),
      'postgresql.auto.conf line 3 holds a character outside any setting',
    ],
    ['pg_hba.conf missing', (dir) => unlinkSync(join(dir, 'pg_hba.conf')), 'pg_hba.conf is missing'],
    [
      'pg_hba.conf with garbage',
      (dir) => appendFileSync(join(dir, 'pg_hba.conf'), 'nonsense line here\n'),
      /pg_hba\.conf line \d+ does not begin with a connection type/,
    ],
  ])('refuses it with %s, naming the folder and what is wrong', (_name, damage, reason) => {
    const dir = damagedCopy(damage);
    let message = '';
    try {
      checkDatabaseFolder(dir);
    } catch (error) {
      expect(error).toBeInstanceOf(DataFolderError);
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^the database folder ${dir} is damaged: `));
    expect(message).toMatch(reason);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('names the folder on one line when PGlite refuses what the checks let through, and frees the lock', async () => {
    // A known setting with a value PostgreSQL refuses: PGlite fails to start, in its own words.
    const dir = damagedCopy((dir) =>
      appendFileSync(join(dir, 'postgresql.conf'), 'max_connections = many\n'),
    );
    const pglite = join(folder(), 'pglite');
    cpSync(dir, pglite, { recursive: true });
    const opening = openDatabase({ kind: 'pglite', dataDir: pglite });
    await expect(opening).rejects.toThrow(DataFolderError);
    await expect(opening).rejects.toThrow(
      new RegExp(
        `^the database folder ${pglite} could not be opened \\(PGlite: [^\\n]+\\); a file in it is damaged`,
      ),
    );
    expect(existsSync(join(pglite, '..', LOCK_FILE))).toBe(false);
  });

  it('accepts it without postgresql.auto.conf, which PostgreSQL does without', () => {
    checkDatabaseFolder(damagedCopy((dir) => unlinkSync(join(dir, 'postgresql.auto.conf'))));
  });
});
