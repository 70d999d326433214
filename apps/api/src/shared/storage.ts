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
  };
}
