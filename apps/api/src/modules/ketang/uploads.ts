/**
 * Chunked, resumable uploads of large files from the console (lesson videos up to 2 GiB, courseware
 * PDFs): the file is declared, sent in chunks (UPLOAD_CHUNK_BYTES, 4 MiB by default) in any order and
 * any number of times (a chunk sent again replaces itself), then joined. An upload is its operator's:
 * nobody else — an admin neither — may see, feed or join it (it is a transfer from one browser, of a
 * file only that operator holds; what others need is the stored file it becomes). Each operator may
 * hold a bounded number and size of unfinished uploads, so that one account cannot fill the disk with
 * parts. Bytes only ever stream: a chunk
 * from the request into the storage, the parts in order from the storage into the stored file while
 * their SHA-256 is computed — never a whole file in memory. Safe with several API processes: a chunk
 * is recorded by an insert that the unique (upload, index) makes idempotent, joining starts with one
 * conditional update, and every process's clean-up job removes the same stale uploads harmlessly.
 *
 * Why our own protocol rather than tus (`@tus/server` + `tus-js-client`), the kept library for
 * resumable uploads: tus sends a file as one stream of appended bytes at an offset, so every API
 * process must agree on that offset — a lock across processes (tus offers a Redis or memory locker; we
 * run no Redis, and memory locks hold in one process only) — and its S3 store keeps its own `.info`
 * objects and multipart parts beside ours, outside the database that holds the quotas, the owner and
 * the audit. Chunks that are independent rows here need no lock at all: any process takes any chunk,
 * in any order, and the unique (upload, index) makes a repeat harmless. Moving would also mean a new
 * console client (tus-js-client with its fingerprint store in place of the remembered uploads), the
 * per-chunk deadline for slow lines and the 403-for-others rule rebuilt as tus hooks, and both API
 * tests of the protocol rewritten — for the same resumability we already have.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { Upload, UploadCreateBody, UploadResult } from '@xuanli/contracts/admin-courses';
import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_STALE_HOURS,
  type UploadPurpose,
} from '@xuanli/contracts/admin-courses-labels';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { UploadSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import { LOCK_CLASSES } from '../../shared/lock-classes.ts';
import { readRange, type SniffedType, sniffUpload, videoDurationSeconds } from '../../shared/media-file.ts';
import type { Tx } from '../../shared/orders.ts';
import type { FileStorage } from '../../shared/storage.ts';
import { COURSEWARE_FOLDER } from './courseware.ts';
import { LESSON_VIDEO_FOLDER } from './media-url.ts';
import { uploadChunks, uploads } from './schema.ts';

/** What the upload service works with. */
export interface UploadDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

/** Where chunk `index` of upload `id` waits to be joined (never served: under `private/`). */
export function chunkKey(id: string, index: number): string {
  return `private/uploads/${id}-${index}`;
}

/** The kinds each purpose takes, by the bytes. */
const PURPOSE_TYPES: Record<UploadPurpose, readonly SniffedType[]> = {
  video: ['video/mp4', 'video/webm'],
  courseware: ['application/pdf'],
};

/** The extension a stored file gets for its sniffed kind. */
const EXTENSION: Record<SniffedType, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
};

/** Uploads refused when another is created, at most this many per call (the job does the rest). */
const PURGE_ON_CREATE = 5;

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Slack on top of a chunk's transfer time: the request's start, the checks before its body is read. */
const CHUNK_MARGIN_MS = 5000;

/**
 * How long a chunk of `bytes` may take to arrive: its transfer at the slowest line allowed
 * (`minRateBytesPerSecond`), half as long again for a line that falters, plus a margin.
 */
export function chunkTimeLimitMs(
  bytes: number,
  settings: Pick<UploadSettings, 'minRateBytesPerSecond'>,
): number {
  return Math.ceil((bytes / settings.minRateBytesPerSecond) * 1.5 * 1000) + CHUNK_MARGIN_MS;
}

/** Bytes chunk `index` must have. */
function chunkBytes(upload: { size: number; chunkSize: number; chunks: number }, index: number): number {
  return index === upload.chunks - 1
    ? upload.size - upload.chunkSize * (upload.chunks - 1)
    : upload.chunkSize;
}

const GIB = 1024 * 1024 * 1024;

/**
 * The first key of the advisory lock over one operator's unfinished uploads (the operator's id is the
 * second): the classroom keeps its own lock rather than locking the console's operators table.
 */
const UPLOAD_QUOTA_LOCK = LOCK_CLASSES.uploadQuota;

/** `bytes` for an operator to read: GB with one decimal from 1 GB on, else MB. */
function sizeText(bytes: number): string {
  return bytes >= GIB ? `${(bytes / GIB).toFixed(1)} GB` : `${Math.ceil(bytes / 1024 / 1024)} MB`;
}

/**
 * Refuses (409) an upload of `size` more bytes for operator `operatorId` beyond their quota of
 * unfinished uploads. Inside `tx`, under the operator's quota lock, so that two uploads declared at
 * once (in any processes) are counted one after the other.
 */
async function assertQuota(
  tx: Tx,
  settings: UploadSettings,
  operatorId: number,
  size: number,
): Promise<void> {
  await tx.execute(
    sql`select 1 from (select pg_advisory_xact_lock(${UPLOAD_QUOTA_LOCK}::int, ${operatorId}::int)) as taken`,
  );
  const [open] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::float8`,
    })
    .from(uploads)
    .where(and(eq(uploads.operatorId, operatorId), ne(uploads.status, 'done')));
  const wayOut = `请先传完它们（再选同一个文件即可接着传），或等它们 ${UPLOAD_STALE_HOURS} 小时后自动清除`;
  if (open!.count >= settings.maxOpenPerOperator) {
    throw new AppError(
      'Conflict',
      `你已有 ${open!.count} 个未完成的上传（最多 ${settings.maxOpenPerOperator} 个）：${wayOut}`,
    );
  }
  if (open!.bytes + size > settings.maxOpenBytesPerOperator) {
    throw new AppError(
      'Conflict',
      `未完成的上传共 ${sizeText(open!.bytes)}，加上这个文件会超过 ${sizeText(settings.maxOpenBytesPerOperator)}：${wayOut}`,
    );
  }
}

/**
 * Declares an upload of operator `operatorId` in chunks of `settings.chunkBytes`; 415 for a type the
 * purpose does not take, 413 over the purpose's limit, 409 past the operator's quota of unfinished
 * uploads.
 */
export async function createUpload(
  deps: UploadDeps,
  settings: UploadSettings,
  operatorId: number,
  body: UploadCreateBody,
): Promise<Upload> {
  const contentType = body.contentType.toLowerCase().split(';')[0]!.trim();
  if (!UPLOAD_CONTENT_TYPES[body.purpose].includes(contentType)) {
    throw new AppError(
      'UnsupportedMediaType',
      body.purpose === 'video' ? '视频只支持 MP4 或 WebM 格式' : '课件只支持 PDF 文件',
    );
  }
  const max = UPLOAD_MAX_BYTES[body.purpose];
  if (body.size > max) {
    throw new AppError('PayloadTooLarge', `文件不能超过 ${Math.round(max / 1024 / 1024)} MB`);
  }
  await purgeStaleUploads(deps, PURGE_ON_CREATE);
  const now = new Date(deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    await assertQuota(tx, settings, operatorId, body.size);
    const [inserted] = await tx
      .insert(uploads)
      .values({
        id: randomBytes(16).toString('hex'),
        operatorId,
        purpose: body.purpose,
        filename: body.filename.trim() || 'file',
        contentType,
        size: body.size,
        chunkSize: settings.chunkBytes,
        chunks: Math.ceil(body.size / settings.chunkBytes),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return uploadOf(row, []);
}

type UploadRow = typeof uploads.$inferSelect;

function uploadOf(row: UploadRow, received: number[]): Upload {
  return {
    id: row.id,
    filename: row.filename,
    size: row.size,
    purpose: row.purpose,
    chunkSize: row.chunkSize,
    chunks: row.chunks,
    received,
    status: row.status,
    key: row.key,
  };
}

/** The upload row `id` of operator `operatorId`; 404 when there is none, 403 when it is another's. */
async function uploadRow(db: Db, id: string, operatorId: number): Promise<UploadRow> {
  const [row] = UPLOAD_ID.test(id) ? await db.select().from(uploads).where(eq(uploads.id, id)) : [];
  if (!row) throw new AppError('NotFound', '上传不存在或已过期，请重新上传');
  if (row.operatorId !== operatorId)
    throw new AppError('Forbidden', '这个上传由其他账号发起，只有发起人能继续');
  return row;
}

async function receivedOf(db: Db, id: string): Promise<number[]> {
  const rows = await db
    .select({ index: uploadChunks.index })
    .from(uploadChunks)
    .where(eq(uploadChunks.uploadId, id))
    .orderBy(asc(uploadChunks.index));
  return rows.map((row) => row.index);
}

/** Operator `operatorId`'s upload `id` with the chunks stored so far: what a client resumes from. */
export async function readUpload(deps: UploadDeps, operatorId: number, id: string): Promise<Upload> {
  const row = await uploadRow(deps.db, id, operatorId);
  return uploadOf(row, await receivedOf(deps.db, id));
}

/**
 * Passes exactly `length` bytes through: the stream fails as soon as more arrive, or at its end when
 * fewer did, so the storage never commits a chunk of the wrong length (a failed put replaces nothing).
 */
function exactLength(length: number): Transform {
  let bytes = 0;
  const refusal = () => new AppError('ValidationError', `分片长度应为 ${length} 字节，收到 ${bytes} 字节`);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > length) callback(refusal());
      else callback(null, chunk);
    },
    flush(callback) {
      callback(bytes === length ? null : refusal());
    },
  });
}

/**
 * Stores chunk `index` of operator `operatorId`'s upload `id` from `body`, which must be exactly the
 * chunk's bytes (400 otherwise, and nothing is recorded). A chunk sent again replaces the stored one.
 * 409 once the upload is being joined or done.
 */
export async function putChunk(
  deps: UploadDeps,
  operatorId: number,
  id: string,
  index: number,
  body: Readable,
  declaredLength: number | undefined,
): Promise<{ index: number; bytes: number }> {
  const upload = await uploadRow(deps.db, id, operatorId);
  if (upload.status !== 'open') throw new AppError('Conflict', '该上传已完成，不再接收分片');
  if (!Number.isInteger(index) || index < 0 || index >= upload.chunks) {
    throw new AppError('ValidationError', `分片序号应在 0 到 ${upload.chunks - 1} 之间`);
  }
  const expected = chunkBytes(upload, index);
  if (declaredLength !== undefined && declaredLength !== expected) {
    body.resume();
    throw new AppError('ValidationError', `分片长度应为 ${expected} 字节，收到 ${declaredLength} 字节`);
  }
  // The storage sees only what passed the length check: a body cut off (a dropped connection), too
  // short or too long fails the put, which then leaves the chunk stored before, if any, in place.
  // The request stream itself is never destroyed here, so a refusal can still be answered.
  const check = exactLength(expected);
  // Kept here as well: the storage may not listen yet when the check refuses (it prepares first).
  let refusal: AppError | undefined;
  check.on('error', (error) => {
    if (error instanceof AppError) refusal ??= error;
  });
  const storing = deps.storage.put(chunkKey(id, index), check).catch((error: unknown) => {
    body.unpipe(check);
    body.resume();
    throw error;
  });
  const reading = finished(body).catch((error: unknown) => {
    check.destroy(error as Error);
    throw error;
  });
  body.pipe(check);
  const settled = await Promise.allSettled([storing, reading]);
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length > 0) {
    // The length check's refusal says more than the "premature close" it causes in the storage.
    throw refusal ?? new AppError('BadRequest', '分片传输中断，请重传该分片');
  }
  const now = new Date(deps.clock.now());
  // Recorded only while the upload still takes chunks: one statement, so a join started meanwhile
  // by another process is never followed by a chunk it did not see.
  const recorded = await deps.db.execute(sql`
    insert into ${uploadChunks} (upload_id, "index", bytes, received_at)
    select ${id}, ${index}, ${expected}, ${now.toISOString()}::timestamptz
    where exists (select 1 from ${uploads} where id = ${id} and status = 'open')
    on conflict (upload_id, "index") do update set received_at = excluded.received_at
    returning "index"`);
  if (rowsOf(recorded).length === 0) throw new AppError('Conflict', '该上传已完成，不再接收分片');
  await deps.db
    .update(uploads)
    .set({ updatedAt: now })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'open')));
  return { index, bytes: expected };
}

/** The rows of a raw `execute` on either driver. */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}

/** The parts of `upload` in order, as one stream read part by part. */
function partsInOrder(storage: FileStorage, upload: UploadRow): Readable {
  const out = new PassThrough();
  (async () => {
    for (let index = 0; index < upload.chunks; index++) {
      const part = await storage.read(chunkKey(upload.id, index));
      if (!part) throw new Error(`chunk ${index} of upload ${upload.id} is missing`);
      await pipeline(part, out, { end: false });
    }
    out.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The answer of a done upload. */
function resultOf(row: UploadRow): UploadResult {
  return {
    key: row.key!,
    size: row.size,
    sha256: row.sha256!,
    contentType: row.storedType!,
    ...(row.durationSeconds === null ? {} : { durationSeconds: row.durationSeconds }),
  };
}

/**
 * Joins the chunks of operator `operatorId`'s upload `id` into its stored file: the kind is checked by the first bytes (415
 * for anything the purpose does not take, and the upload is dropped), the parts are streamed in order
 * into `private/ketang/lessons/<random>.<ext>` (videos, played through signed URLs) or
 * `ketang/kejian/<random>.pdf` (courseware, public) while hashed, a video's length is read from the
 * stored file, and the parts are removed. 409 while chunks are missing (the answer names them) or
 * another request is joining; a done upload answers its result again.
 */
export async function completeUpload(
  deps: UploadDeps,
  operatorId: number,
  id: string,
): Promise<UploadResult> {
  const current = await uploadRow(deps.db, id, operatorId);
  if (current.status === 'done') return resultOf(current);
  const now = new Date(deps.clock.now());
  const [upload] = await deps.db
    .update(uploads)
    .set({ status: 'assembling', updatedAt: now })
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.status, 'open'),
        sql`(select count(*) from ${uploadChunks} where ${uploadChunks.uploadId} = ${id}) = ${uploads.chunks}`,
      ),
    )
    .returning();
  if (!upload) {
    const again = await uploadRow(deps.db, id, operatorId);
    if (again.status === 'done') return resultOf(again);
    if (again.status === 'assembling') throw new AppError('Conflict', '文件正在合并，请稍候');
    const received = new Set(await receivedOf(deps.db, id));
    const missing = Array.from({ length: again.chunks }, (_, i) => i).filter((i) => !received.has(i));
    throw new AppError('Conflict', `还缺 ${missing.length} 个分片：${missing.slice(0, 20).join(', ')}`);
  }
  const reopen = () =>
    deps.db
      .update(uploads)
      .set({ status: 'open', updatedAt: new Date(deps.clock.now()) })
      .where(and(eq(uploads.id, id), eq(uploads.status, 'assembling')));
  let type: SniffedType | null;
  try {
    type = sniffUpload(await readRange(deps.storage, chunkKey(id, 0), 0, 16));
  } catch (error) {
    await reopen();
    throw error;
  }
  if (type === null || !PURPOSE_TYPES[upload.purpose].includes(type)) {
    await dropUpload(deps, upload);
    throw new AppError(
      'UnsupportedMediaType',
      upload.purpose === 'video' ? '文件内容不是 MP4 或 WebM 视频' : '文件内容不是 PDF',
    );
  }
  const folder = upload.purpose === 'video' ? LESSON_VIDEO_FOLDER : COURSEWARE_FOLDER;
  const key = `${folder}${randomBytes(12).toString('hex')}.${EXTENSION[type]}`;
  const hash = createHash('sha256');
  try {
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const joined = new PassThrough();
    await Promise.all([
      deps.storage.put(key, joined),
      pipeline(partsInOrder(deps.storage, upload), hashing, joined),
    ]);
    const stored = await deps.storage.stat(key);
    if (stored?.size !== upload.size)
      throw new Error(`joined ${stored?.size} bytes, expected ${upload.size}`);
  } catch (error) {
    await deps.storage.remove(key).catch(() => {});
    await reopen();
    throw error;
  }
  const duration = await videoDurationSeconds(deps.storage, key, upload.size, type).catch(() => null);
  const [done] = await deps.db
    .update(uploads)
    .set({
      status: 'done',
      key,
      sha256: hash.digest('hex'),
      storedType: type,
      durationSeconds: duration,
      updatedAt: new Date(deps.clock.now()),
    })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'assembling')))
    .returning();
  if (!done) {
    // Purged meanwhile (it sat in `assembling` past the stale limit): the file has no owner.
    await deps.storage.remove(key);
    throw new AppError('NotFound', '上传不存在或已过期，请重新上传');
  }
  await removeParts(deps.storage, upload);
  return resultOf(done);
}

async function removeParts(storage: FileStorage, upload: { id: string; chunks: number }): Promise<void> {
  for (let index = 0; index < upload.chunks; index++) await storage.remove(chunkKey(upload.id, index));
}

/** Deletes an upload's row (its chunks' rows with it) and its stored parts. */
async function dropUpload(deps: UploadDeps, upload: UploadRow): Promise<void> {
  await deps.db.delete(uploads).where(eq(uploads.id, upload.id));
  await removeParts(deps.storage, upload);
}

/**
 * Removes unfinished uploads untouched for {@link UPLOAD_STALE_HOURS} hours, with their parts; at most
 * `limit` per call. Each row is claimed by its delete, so concurrent runs never remove twice. Done
 * uploads stay: their row says which stored file came from which upload. Answers how many went.
 */
export async function purgeStaleUploads(deps: UploadDeps, limit = 100): Promise<number> {
  const cutoff = new Date(deps.clock.now() - UPLOAD_STALE_HOURS * 3600 * 1000);
  const stale = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(sql`${uploads.status} <> 'done'`, lt(uploads.updatedAt, cutoff)))
    .limit(limit);
  let removed = 0;
  for (const { id } of stale) {
    const [gone] = await deps.db
      .delete(uploads)
      .where(and(eq(uploads.id, id), sql`${uploads.status} <> 'done'`, lt(uploads.updatedAt, cutoff)))
      .returning({ id: uploads.id, chunks: uploads.chunks });
    if (!gone) continue;
    await removeParts(deps.storage, gone);
    removed += 1;
  }
  return removed;
}

/** The done upload whose stored file is `key`, or null (a seeded file, or none). */
export async function doneUploadOf(
  db: Db | Tx,
  key: string,
): Promise<{
  purpose: UploadPurpose;
  durationSeconds: number | null;
  size: number;
  filename: string;
} | null> {
  const [row] = await db
    .select({
      purpose: uploads.purpose,
      durationSeconds: uploads.durationSeconds,
      size: uploads.size,
      filename: uploads.filename,
    })
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.status, 'done')));
  return row ?? null;
}
