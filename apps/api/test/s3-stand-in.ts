/**
 * The tests' S3-compatible object store: s3rver on a free port with a folder of its own, and the
 * storage settings that reach it (what STORAGE=s3 with S3_* gives, config.ts).
 *
 * One change to s3rver 3.7: a stored object is whole before PutObject is answered. s3rver answers once
 * the bytes have passed its checksum stream, while they may still be on their way into the file
 * (lib/stores/filesystem.js `putObject`), so a HEAD or a ranged GET right after the answer can find
 * an empty or short object. S3 itself reads its own writes; under load the window opened and a seed
 * read a 0-byte lesson video.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { Secret, type StorageSettings } from '../src/shared/storage.ts';

/** The S3 settings of a stand-in (a `StorageSettings` of kind `s3`). */
export type S3StandInSettings = Extract<StorageSettings, { kind: 's3' }>;

/** A running stand-in. */
export interface S3StandIn {
  port: number;
  /** Settings of its bucket, as STORAGE=s3 would give them. */
  settings: S3StandInSettings;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** An object as s3rver's filesystem store is handed it. */
interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}

/** The parts of s3rver's filesystem store that the whole write goes through. */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
}

async function bytesOf(content: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Starts s3rver with bucket `bucket` on a free loopback port. */
export async function startS3StandIn(bucket: string): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'xuanli-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const store = (server as unknown as { store: FilesystemStore }).store;
  // Multipart completion stores through this method too, so every object is written whole.
  store.putObject = async (object) => {
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    const bytes = await bytesOf(object.content);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    const md5 = createHash('md5').update(bytes).digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: bytes.length, md5 };
  };
  const { port } = await server.run();
  return {
    port,
    settings: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: new Secret('S3RVER'),
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
