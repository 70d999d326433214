import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkDatabaseFolder,
  DataFolderError,
  isIntactControlFile,
  LOCK_FILE,
  lockDataFolder,
} from './data-folder.ts';

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
    writeFileSync(join(dir, 'PG_VERSION'), '18\n');
    if (control) writeFileSync(join(dir, 'global', 'pg_control'), control);
  }

  it('creates a missing folder 0700 and accepts an empty one', () => {
    const dir = folder();
    checkDatabaseFolder(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    checkDatabaseFolder(dir);
  });

  it('accepts a database folder with an intact control file', () => {
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
