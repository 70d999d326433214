import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../../test/s3-stand-in.ts';
import {
  assertStorageKey,
  contentTypeOf,
  createFileStorage,
  type FileStorage,
  localFileStorage,
  Secret,
  StorageKeyError,
  s3FileStorage,
} from './storage.ts';

const REFUSED_KEYS = [
  '../etc/passwd',
  '/etc/passwd',
  'a/../../b',
  '.env',
  'a/.git/config',
  'a\\b',
  '',
  'a//b',
  '%2e%2e/x',
  'a/%2F/b',
];

/** What every FileStorage must do, whatever it keeps the bytes in. */
function storageContract(name: string, make: () => FileStorage) {
  describe(`${name}: the FileStorage contract`, () => {
    let storage: FileStorage;
    beforeAll(() => {
      storage = make();
    });

    it('stores bytes and streams and reads them back whole or by range', async () => {
      await expect(
        storage.put('courseware/ganzhi.txt', new TextEncoder().encode('甲乙丙丁')),
      ).resolves.toEqual({
        key: 'courseware/ganzhi.txt',
        size: 12,
      });
      await storage.put('lessons/1.txt', Readable.from(['0123', '4567', '89']));
      expect(await storage.stat('lessons/1.txt')).toEqual({ key: 'lessons/1.txt', size: 10 });
      expect(await text((await storage.read('courseware/ganzhi.txt'))!)).toBe('甲乙丙丁');
      expect(await text((await storage.read('lessons/1.txt', { start: 2, end: 5 }))!)).toBe('2345');
      expect(await text((await storage.read('lessons/1.txt', { start: 9, end: 9 }))!)).toBe('9');
    });

    it('replaces a file with a new one under the same key', async () => {
      await storage.put('docs/v.txt', new TextEncoder().encode('first'));
      await storage.put('docs/v.txt', Readable.from(['second']));
      expect(await text((await storage.read('docs/v.txt'))!)).toBe('second');
    });

    it('answers null for a missing file and removes idempotently', async () => {
      expect(await storage.stat('nothing/here.bin')).toBeNull();
      expect(await storage.read('nothing/here.bin')).toBeNull();
      expect(await storage.read('nothing/here.bin', { start: 0, end: 1 })).toBeNull();
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

    it.each(REFUSED_KEYS)('refuses the key %j everywhere', async (key) => {
      expect(() => assertStorageKey(key)).toThrow(StorageKeyError);
      await expect(storage.read(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.stat(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(StorageKeyError);
      await expect(storage.remove(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.presignedGetUrl(key, 60)).rejects.toThrow(StorageKeyError);
    });
  });
}

const root = mkdtempSync(join(tmpdir(), 'xuanli-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

storageContract('localFileStorage', () => localFileStorage(root));

describe('localFileStorage', () => {
  const storage = localFileStorage(root);

  it('creates files only its own user can read', async () => {
    await storage.put('avatars/a.bin', new Uint8Array([1, 2, 3]));
    expect(statSync(join(root, 'avatars/a.bin')).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'avatars')).mode & 0o777).toBe(0o700);
  });

  it('has no signed URLs: the API streams its files itself', async () => {
    await storage.put('lessons/v.mp4', new Uint8Array([0]));
    expect(await storage.presignedGetUrl('lessons/v.mp4', 600)).toBeNull();
  });
});

// A local S3-compatible server (s3rver) on a free port with its own folder (test/s3-stand-in.ts).
const standIn = await startS3StandIn('xuanli-test');
const { settings } = standIn;
const s3 = s3FileStorage(settings);
afterAll(async () => {
  await s3.close();
  await standIn.close();
});

storageContract('s3FileStorage (s3rver)', () => s3);

describe('s3FileStorage', () => {
  const MiB = 1024 * 1024;
  /** `count` bytes where byte i is i mod 251, in chunks of 64 KiB, so any range can be checked. */
  function pattern(count: number, failAt?: number): Readable {
    let sent = 0;
    return new Readable({
      read() {
        if (failAt !== undefined && sent >= failAt) return this.destroy(new Error('client went away'));
        if (sent >= count) return this.push(null);
        const chunk = Buffer.alloc(Math.min(64 * 1024, count - sent));
        for (let i = 0; i < chunk.length; i++) chunk[i] = (sent + i) % 251;
        sent += chunk.length;
        this.push(chunk);
      },
    });
  }

  it('streams a body longer than one part as a multipart upload, readable across part boundaries', async () => {
    const size = 11 * MiB + 123;
    await expect(s3.put('lessons/long.mp4', pattern(size))).resolves.toEqual({
      key: 'lessons/long.mp4',
      size,
    });
    expect(await s3.stat('lessons/long.mp4')).toEqual({ key: 'lessons/long.mp4', size });
    const start = 5 * MiB - 3;
    const across = await buffer((await s3.read('lessons/long.mp4', { start, end: start + 7 }))!);
    expect([...across]).toEqual(Array.from({ length: 8 }, (_, i) => (start + i) % 251));
  });

  it('aborts a multipart upload whose stream fails and keeps the previous object', async () => {
    await s3.put('lessons/keep.mp4', new TextEncoder().encode('old video'));
    await expect(s3.put('lessons/keep.mp4', pattern(12 * MiB, 6 * MiB))).rejects.toThrow('client went away');
    expect(await text((await s3.read('lessons/keep.mp4'))!)).toBe('old video');
  });

  it('stores the Content-Type of the key and signs GET URLs a browser can fetch', async () => {
    await s3.put('courseware/intro.txt', new TextEncoder().encode('干支入门'));
    const url = await s3.presignedGetUrl('courseware/intro.txt', 600);
    expect(url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/xuanli-test\/courseware\/intro\.txt\?.*X-Amz-Signature=/,
    );
    expect(url).toContain('X-Amz-Expires=600');
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('干支入门');
    expect(url).toContain('X-Amz-Credential=S3RVER%2F');
    // SigV4 URLs live at most 7 days; a longer wish is cut to that.
    expect(await s3.presignedGetUrl('courseware/intro.txt', 30 * 86_400)).toContain('X-Amz-Expires=604800');
  });

  it('is what createFileStorage builds for STORAGE=s3 settings', async () => {
    const built = createFileStorage(settings);
    await built.put('x/y.txt', new TextEncoder().encode('ok'));
    expect(await text((await s3.read('x/y.txt'))!)).toBe('ok');
    await built.close();
  });
});

describe('Secret and content types', () => {
  it('never prints a credential in JSON, strings or inspection', () => {
    const secret = new Secret('super-secret-key-123');
    const holder = { storage: { secretAccessKey: secret } };
    expect(JSON.stringify(holder)).not.toContain('super-secret');
    expect(`${secret}`).not.toContain('super-secret');
    expect(inspect(holder, { depth: 5 })).not.toContain('super-secret');
    expect(secret.reveal()).toBe('super-secret-key-123');
  });

  it('serves known extensions with their type and anything that could run script as bytes', () => {
    expect(contentTypeOf('avatars/2026/a.webp')).toBe('image/webp');
    expect(contentTypeOf('lessons/1.MP4')).toBe('video/mp4');
    expect(contentTypeOf('x/page.html')).toBe('application/octet-stream');
    expect(contentTypeOf('x/logo.svg')).toBe('application/octet-stream');
    expect(contentTypeOf('x/noextension')).toBe('application/octet-stream');
  });
});
