/**
 * Uploads (PRODUCT.md#paths), the files they are served from, and 意见反馈. Plain functions over
 * their dependencies; routes.ts only reads the request and calls them.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { beijingDateAt } from '@xuanli/almanac/beijingTime';
import {
  FEEDBACK_MAX_IMAGES,
  type FeedbackBody,
  type FeedbackResult,
  FILE_URL_PREFIX,
  type UploadPurpose,
  type UploadResult,
} from '@xuanli/contracts/upload';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import { type ImageShape, reencodeImage, SNIFF_BYTES, sniffImage } from '../../shared/image.ts';
import type { Tx } from '../../shared/orders.ts';
import type { ByteRange, FileStorage } from '../../shared/storage.ts';
import { feedback } from './schema.ts';

/** What the media functions need. */
export interface MediaDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
}

/** Longest side of a stored avatar (a square) and of a feedback image. */
export const AVATAR_SIDE = 512;
export const FEEDBACK_SIDE = 1600;

/** Storage folder and shape of each upload purpose. */
const PURPOSES: Record<UploadPurpose, { folder: string; shape: ImageShape }> = {
  avatar: { folder: 'avatars', shape: { square: AVATAR_SIDE } },
  feedback: { folder: 'feedback', shape: { inside: FEEDBACK_SIDE } },
};

/** An upload written to a private temporary file while it arrived. */
export interface SpooledUpload {
  path: string;
  size: number;
  /** The first bytes, for {@link sniffImage}. */
  head: Buffer;
  /** Deletes the temporary file. */
  dispose(): Promise<void>;
}

/**
 * Streams an uploaded file into a temporary file (0600, in the system's temp folder), counting bytes
 * and keeping the first few for sniffing; more than `maxBytes` is refused with PayloadTooLarge and
 * nothing is kept. Memory holds one chunk at a time, never the file.
 */
export async function spoolUpload(body: Readable, maxBytes: number): Promise<SpooledUpload> {
  const path = join(tmpdir(), `xuanli-upload-${randomUUID()}`);
  const dispose = () => rm(path, { force: true });
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new AppError('PayloadTooLarge', `file larger than ${maxBytes} bytes`));
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await dispose();
    throw error;
  }
  return { path, size, head, dispose };
}

/** Calendar year in Beijing (UTC+8, no DST) of an instant: the folder uploads of that year go to. */
function beijingYear(ms: number): number {
  return beijingDateAt(ms).year;
}

/**
 * Stores an uploaded image for `purpose`: the type sniffed from its first bytes (415 for anything but
 * JPEG, PNG, WebP or GIF), decoded and re-encoded without metadata (shared/image.ts), written under a
 * fresh random key such as `avatars/2026/<uuid>.webp`. Answers the URL it is served at.
 */
export async function storeImage(
  deps: MediaDeps,
  upload: Pick<SpooledUpload, 'path' | 'head'>,
  purpose: UploadPurpose,
): Promise<UploadResult> {
  const kind = sniffImage(upload.head);
  if (!kind) throw new AppError('UnsupportedMediaType', 'not a JPEG, PNG, WebP or GIF image');
  const { folder, shape } = PURPOSES[purpose];
  const image = await reencodeImage(upload.path, kind, shape);
  const key = `${folder}/${beijingYear(deps.clock.now())}/${randomUUID()}.${image.format}`;
  await deps.storage.put(key, image.data);
  return { url: `${FILE_URL_PREFIX}${key}` };
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14): null to serve the
 * whole file (no header, another unit, a malformed or multi-range header — which a server may
 * ignore), 'unsatisfiable' when the range lies past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1], match[2]].map((digits) => (digits === '' ? undefined : Number(digits)));
  if (
    (first !== undefined && !Number.isSafeInteger(first)) ||
    (last !== undefined && !Number.isSafeInteger(last))
  )
    return null;
  if (first === undefined) {
    // `bytes=-N`: the last N bytes.
    if (last === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - (last as number)), end: size - 1 };
  }
  if (last !== undefined && last < first) return null;
  if (first >= size) return 'unsatisfiable';
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
}

/** The URL of an image base/upload stored in `folder`, capturing its storage key; nothing else matches. */
function uploadedImage(folder: string): RegExp {
  const prefix = FILE_URL_PREFIX.replace(/\//g, '\\/');
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  return new RegExp(`^${prefix}(${folder}\\/\\d{4}\\/${uuid}\\.webp)$`);
}

// What base/upload answers for feedback images: nothing else may be attached to a feedback.
const FEEDBACK_IMAGE = uploadedImage('feedback');
// What base/upload answers for avatars: the only profile picture an account deletion removes (a
// profile may also name another stored file, e.g. a demo picture, which is not the user's to remove).
const AVATAR_IMAGE = uploadedImage('avatars');

/**
 * Stores a 意见反馈 of `userId` for the operators. The content must not be blank; every image must
 * be a feedback image answered by base/upload that is still stored (ValidationError otherwise).
 */
export async function submitFeedback(
  deps: MediaDeps,
  userId: number,
  body: FeedbackBody,
): Promise<FeedbackResult> {
  const content = body.content.trim();
  if (content === '') throw new AppError('ValidationError', 'content is blank');
  const images = [...new Set(body.images ?? [])];
  if (images.length > FEEDBACK_MAX_IMAGES) {
    throw new AppError('ValidationError', `at most ${FEEDBACK_MAX_IMAGES} images`);
  }
  for (const url of images) {
    const key = FEEDBACK_IMAGE.exec(url)?.[1];
    if (!key) throw new AppError('ValidationError', 'images must be feedback images answered by base/upload');
    if (!(await deps.storage.stat(key))) throw new AppError('ValidationError', 'an image was not found');
  }
  const [row] = await deps.db
    .insert(feedback)
    .values({
      userId,
      content,
      rating: body.rating,
      images,
      contact: body.contact?.trim() ?? '',
      createdAt: new Date(deps.clock.now()),
    })
    .returning({ id: feedback.id });
  return { id: row.id };
}

/**
 * Account deletion, the media module's share, run inside the deletion's transaction: deletes the
 * user's feedback rows (their text, contact and pictures are personal data) and answers the storage
 * keys of the files they named and of the uploaded avatar `user.avatar`, to be removed with
 * {@link removeStoredFiles} once the deletion committed (a rolled-back deletion keeps its files).
 */
export async function eraseMediaOf(tx: Tx, user: { id: number; avatar: string }): Promise<string[]> {
  const rows = await tx
    .delete(feedback)
    .where(eq(feedback.userId, user.id))
    .returning({ images: feedback.images });
  const urls = [...rows.flatMap((row) => row.images), user.avatar];
  return urls.flatMap((url) => {
    const key = (FEEDBACK_IMAGE.exec(url) ?? AVATAR_IMAGE.exec(url))?.[1];
    return key ? [key] : [];
  });
}

/** Gives account `into` account `from`'s feedback (two accounts of one person merged, in the merge's transaction). */
export async function mergeMediaOf(tx: Tx, from: number, into: number): Promise<void> {
  await tx.update(feedback).set({ userId: into }).where(eq(feedback.userId, from));
}

/** Removes stored files by key; a file already gone is fine, so a retry repeats nothing harmful. */
export async function removeStoredFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of new Set(keys)) await storage.remove(key);
}
