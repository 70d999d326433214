/**
 * Where uploaded and seeded files live (avatars, lesson videos, courseware). Modules see only the
 * {@link FileStorage} interface; the default implementation keeps files in a folder inside the data
 * folder, and an S3-compatible implementation plugs in by config for several API processes.
 * Files are streamed both ways, never held whole in memory (a lesson video is hundreds of MB).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { ConfigError } from './settings.ts';

/** A byte range, both ends inclusive (as in HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Size of a stored file. */
export interface StoredFile {
  key: string;
  size: number;
}

/** The storage every module uses. Keys are relative paths such as `avatars/2026/ab12.webp`. */
export interface FileStorage {
  /** Streams `body` into `key`, replacing any file there only once the new one is complete. */
  put(key: string, body: Readable | Uint8Array): Promise<StoredFile>;
  /** The file at `key`, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** A stream of the file (or of `range` of it); null when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * A URL a browser may GET the file from directly for `expiresSeconds` (object storage hands out
   * signed URLs, so lesson videos do not flow through the API); null when the storage has no such URL
   * and the file must be streamed by the API instead (the local folder).
   */
  presignedGetUrl(key: string, expiresSeconds: number): Promise<string | null>;
  /** Releases connections; the app calls it when it closes. */
  close(): Promise<void>;
}

/** Thrown for a key that could name a file outside the storage (a bug or an attack, never user input). */
export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

// Segments of letters, digits, '-', '_' and '.', not starting with '.': no '..', no dotfiles, no
// absolute paths, no backslashes — the key alone can never leave the root.
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127})(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,7}$/;

/** Checks a storage key; throws {@link StorageKeyError} for anything but a plain relative path. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new StorageKeyError(`invalid storage key '${key.slice(0, 80)}'`);
}

/**
 * A {@link FileStorage} in a local folder (the default: `DATA_DIR/files`). Writes go to a temporary
 * file beside the target and are renamed into place, so a reader never sees half a file and a crash
 * leaves no truncated one. Folders are created 0700 and files 0600: only the API's user reads them.
 */
export function localFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = join(root, key);
    if (!path.startsWith(root + sep)) throw new StorageKeyError(`invalid storage key '${key}'`);
    return path;
  };
  const sizeOf = async (path: string) => {
    try {
      const info = await stat(path);
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temp = `${path}.${randomUUID()}.part`;
      try {
        const out = createWriteStream(temp, { mode: 0o600 });
        if (body instanceof Uint8Array) {
          await new Promise<void>((resolve, reject) => {
            out.on('error', reject);
            out.end(body, () => resolve());
          });
        } else {
          await pipeline(body, out);
        }
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { key, size: (await sizeOf(path)) ?? 0 };
    },
    async stat(key) {
      const size = await sizeOf(pathOf(key));
      return size === null ? null : { key, size };
    },
    async read(key, range) {
      const path = pathOf(key);
      if ((await sizeOf(path)) === null) return null;
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async presignedGetUrl(key) {
      pathOf(key);
      return null;
    },
    async close() {},
  };
}

/**
 * Content-Type of a stored file by its key's extension. Only types that cannot run script in our
 * origin are named: anything else (html, svg, xml …) is served as opaque bytes.
 */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

/** The Content-Type a file is served with, from its key's extension (`application/octet-stream` when unknown). */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  const extension = dot < 0 ? '' : key.slice(dot + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Where an S3-compatible bucket is and how to sign in to it ({@link parseStorage} reads these from S3_*). */
export interface S3StorageSettings {
  /** e.g. `https://oss-cn-hangzhou.aliyuncs.com` or a MinIO URL; undefined = AWS by region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: Secret;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/**
 * A credential: prints as `[redacted]` in logs, JSON and `util.inspect`, so that logging a
 * configuration never writes it out; {@link Secret.reveal} hands out the value to the one client that
 * signs with it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The value itself, for the client that needs it. */
  reveal(): string {
    return this.#value;
  }

  toJSON(): string {
    return '[redacted]';
  }

  toString(): string {
    return '[redacted]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'Secret([redacted])';
  }
}

/** S3's smallest part of a multipart upload except the last; also the default part size below. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

/** Signed URLs live at most 7 days (SigV4's limit). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

function s3Status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || s3Status(error) === 404;
}

/** A body as Buffers of at most what each chunk was (strings from `Readable.from(['…'])` become UTF-8). */
async function* chunksOf(body: Readable): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    yield typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
  }
}

/**
 * A {@link FileStorage} in an S3-compatible bucket (AWS S3, Aliyun OSS, Tencent COS, MinIO …), for
 * several API processes sharing one store. A streamed body is sent in parts of `partBytes`, so memory
 * holds one part, never the whole file: a body that ends within the first part is one PutObject,
 * a longer one a multipart upload that is aborted when the stream fails. Either way the object
 * appears only once complete and a failed replacement leaves the previous one in place.
 * The client asks for checksums only where S3 requires them: many S3-compatible stores reject the
 * newer default checksum headers.
 */
export function s3FileStorage(
  settings: S3StorageSettings,
  options: { partBytes?: number } = {},
): FileStorage {
  const partBytes = Math.max(options.partBytes ?? MIN_PART_BYTES, MIN_PART_BYTES);
  const { bucket } = settings;
  // The SDK is loaded on first use: a server on the local folder never pays for it.
  let connected: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () => {
    connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials: {
          accessKeyId: settings.accessKeyId,
          secretAccessKey: settings.secretAccessKey.reveal(),
        },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        // A store that does not answer must not hold a request (and its client) for ever.
        requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
      }),
    }));
    return connected;
  };

  const putWhole = async (key: string, body: Uint8Array) => {
    const { sdk, client } = await connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentTypeOf(key) }),
    );
    return { key, size: body.byteLength };
  };

  const putStream = async (key: string, body: Readable) => {
    const { sdk, client } = await connect();
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    let size = 0;
    const sendPart = async () => {
      const part = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (uploadId === undefined) {
        const created = await client.send(
          new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentTypeOf(key) }),
        );
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const sent = await client.send(
        new sdk.UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: part }),
      );
      parts.push({ ETag: sent.ETag, PartNumber });
    };
    try {
      for await (const chunk of chunksOf(body)) {
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
        size += chunk.byteLength;
        if (pendingBytes >= partBytes) await sendPart();
      }
      if (uploadId === undefined) return await putWhole(key, Buffer.concat(pending, pendingBytes));
      if (pendingBytes > 0) await sendPart();
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { key, size };
    } catch (error) {
      if (uploadId !== undefined) {
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
          .catch(() => {});
      }
      throw error;
    }
  };

  return {
    async put(key, body) {
      assertStorageKey(key);
      return body instanceof Uint8Array ? putWhole(key, body) : putStream(key, body);
    },
    async stat(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { key, size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async presignedGetUrl(key, expiresSeconds) {
      assertStorageKey(key);
      const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
        connect(),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const expiresIn = Math.min(Math.max(Math.floor(expiresSeconds), 1), MAX_PRESIGN_SECONDS);
      return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
    },
    async close() {
      await connected?.then(
        ({ client }) => client.destroy(),
        () => {},
      );
    },
  };
}

/** How files are stored, as {@link parseStorage} reads it from STORAGE and S3_* for config.ts. */
export type StorageSettings = { kind: 'local'; root: string } | ({ kind: 's3' } & S3StorageSettings);

/**
 * Parses STORAGE and S3_* for config.ts: `local` (the default) keeps files in `dataDir/files`. S3 is
 * refused without a bucket and both credentials, so a typo fails the start instead of every upload.
 * Messages name settings, never their values (the secret key).
 */
export function parseStorage(env: NodeJS.ProcessEnv, dataDir: string): StorageSettings {
  const kind = env.STORAGE?.trim() || 'local';
  if (kind === 'local') return { kind: 'local', root: join(dataDir, 'files') };
  if (kind !== 's3') throw new ConfigError(`STORAGE must be 'local' or 's3', got '${kind.slice(0, 20)}'`);
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (name) => !env[name]?.trim(),
  );
  if (missing.length > 0) throw new ConfigError(`STORAGE=s3 needs ${missing.join(', ')}`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+(?:\/\S*)?$/.test(endpoint)) {
    throw new ConfigError('S3_ENDPOINT must be an http(s) URL such as https://oss-cn-hangzhou.aliyuncs.com');
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() ?? '';
  if (!['', 'true', '1', 'false', '0'].includes(pathStyle)) {
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got '${pathStyle.slice(0, 20)}'`);
  }
  return {
    kind: 's3',
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket: (env.S3_BUCKET as string).trim(),
    accessKeyId: (env.S3_ACCESS_KEY_ID as string).trim(),
    secretAccessKey: new Secret((env.S3_SECRET_ACCESS_KEY as string).trim()),
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}

/** The {@link FileStorage} `settings` name. */
export function createFileStorage(settings: StorageSettings): FileStorage {
  return settings.kind === 's3' ? s3FileStorage(settings) : localFileStorage(settings.root);
}
