import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { assertStorageKey, localFileStorage, StorageKeyError } from './storage.ts';

const root = mkdtempSync(join(tmpdir(), 'xuanli-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('localFileStorage', () => {
  const storage = localFileStorage(root);

  it('stores bytes and streams and reads them back whole or by range', async () => {
    await expect(storage.put('courseware/ganzhi.txt', new TextEncoder().encode('甲乙丙丁'))).resolves.toEqual(
      {
        key: 'courseware/ganzhi.txt',
        size: 12,
      },
    );
    await storage.put('lessons/1.txt', Readable.from(['0123', '4567', '89']));
    expect(await storage.stat('lessons/1.txt')).toEqual({ key: 'lessons/1.txt', size: 10 });
    expect(await text((await storage.read('courseware/ganzhi.txt'))!)).toBe('甲乙丙丁');
    expect(await text((await storage.read('lessons/1.txt', { start: 2, end: 5 }))!)).toBe('2345');
  });

  it('creates files only its own user can read', async () => {
    await storage.put('avatars/a.bin', new Uint8Array([1, 2, 3]));
    expect(statSync(join(root, 'avatars/a.bin')).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'avatars')).mode & 0o777).toBe(0o700);
  });

  it('answers null for a missing file and removes idempotently', async () => {
    expect(await storage.stat('nothing/here.bin')).toBeNull();
    expect(await storage.read('nothing/here.bin')).toBeNull();
    await storage.put('tmp/x.bin', new Uint8Array([1]));
    await storage.remove('tmp/x.bin');
    await storage.remove('tmp/x.bin');
    expect(await storage.stat('tmp/x.bin')).toBeNull();
  });

  it('keeps the previous file when a replacing stream fails half-way', async () => {
    await storage.put('docs/keep.txt', new TextEncoder().encode('old'));
    const failing = new Readable({
      read() {
        this.push('new-');
        this.destroy(new Error('connection dropped'));
      },
    });
    await expect(storage.put('docs/keep.txt', failing)).rejects.toThrow('connection dropped');
    expect(await text((await storage.read('docs/keep.txt'))!)).toBe('old');
  });

  it.each(['../etc/passwd', '/etc/passwd', 'a/../../b', '.env', 'a/.git/config', 'a\\b', '', 'a//b'])(
    'refuses the key %j',
    async (key) => {
      expect(() => assertStorageKey(key)).toThrow(StorageKeyError);
      await expect(storage.read(key)).rejects.toThrow(StorageKeyError);
    },
  );
});
