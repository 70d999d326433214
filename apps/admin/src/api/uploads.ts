/**
 * Chunked, resumable uploads of lesson videos and courseware (`/api/admin/uploads…`;
 * packages/contracts/src/admin-courses.ts). A file is declared, sent chunk by chunk as raw bytes, then
 * joined on the server. What was already sent survives a dropped connection or a closed tab: the
 * upload's id is remembered in localStorage under the operator and the file's name, size and
 * modification time, and the next attempt asks the server which chunks it holds and sends only the
 * others. An upload is its operator's only (the server answers anyone else 403), so another operator
 * on the same computer starts their own.
 */
import type { Upload, UploadPurpose, UploadResult } from '@xuanli/contracts/admin-courses';
import type { ErrorEnvelope } from '@xuanli/contracts/envelope';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { ApiError, adminUrl, api } from '@/lib/api';
import { fileRefusal, sendFile } from '@/lib/file-request';
import { getSession } from '@/lib/session';

/** The shortest wait for a chunk's answer; the server's own limit is at least its request time-out. */
const CHUNK_TIMEOUT_MIN_MS = 120_000;

/**
 * How long the console waits for a chunk of `bytes`: longer than the server allows it (its length at
 * 1 Mbit/s × 1.5 + 5 s by default), so that the server's own answer — 200, or 408 for a line too slow —
 * comes first.
 */
export function chunkTimeoutMs(bytes: number): number {
  return Math.max(CHUNK_TIMEOUT_MIN_MS, Math.ceil((bytes / 125_000) * 3000) + 30_000);
}

/** The localStorage key of an unfinished upload of `file` by the logged-in operator. */
export function resumeKey(file: File, purpose: UploadPurpose): string {
  const operator = getSession()?.operator.id ?? 0;
  return `xuanli.upload.${operator}.${purpose}.${file.name}.${file.size}.${file.lastModified}`;
}

/** `PUT /api/admin/uploads/:id/chunks/:index` with the raw bytes of `blob`. */
async function putChunk(id: string, index: number, blob: Blob, signal?: AbortSignal): Promise<void> {
  const response = await sendFile(
    adminUrl(`uploads/${id}/chunks/${index}`),
    { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: blob },
    chunkTimeoutMs(blob.size),
    signal,
  );
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as Partial<ErrorEnvelope> | null;
  throw fileRefusal(response, body);
}

/** How far an upload is: bytes the server holds of the whole. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/** Options of {@link uploadInChunks}. */
export interface ChunkedUploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Where the unfinished upload's id is remembered; the browser's localStorage by default. */
  store?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/**
 * The upload of `file` remembered from an earlier attempt, if the server still has it open for this
 * operator (gone is 404; another operator's, 403).
 */
async function resumable(key: string, store: ChunkedUploadOptions['store']): Promise<Upload | null> {
  const id = store?.getItem(key);
  if (!id) return null;
  try {
    const upload = await api.call(CONSOLE_ROUTES.ketang.getUploadsById, { params: { id } });
    if (upload.status === 'open') return upload;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 403)) throw error;
  }
  store?.removeItem(key);
  return null;
}

/**
 * Uploads `file` for `purpose` in chunks and resolves with the stored file's key (and a video's
 * length). Resumes an earlier attempt at the same file: only the chunks the server lacks are sent.
 * A failed chunk fails the call; calling again resumes from there.
 */
export async function uploadInChunks(
  file: File,
  purpose: UploadPurpose,
  options: ChunkedUploadOptions = {},
): Promise<UploadResult> {
  const store = options.store ?? globalThis.localStorage;
  const key = resumeKey(file, purpose);
  let upload = await resumable(key, store);
  if (!upload) {
    upload = await api.call(CONSOLE_ROUTES.ketang.postUploads, {
      body: {
        filename: file.name,
        size: file.size,
        contentType: file.type || (purpose === 'video' ? 'video/mp4' : 'application/pdf'),
        purpose,
      },
    });
    store?.setItem(key, upload.id);
  }
  const { id, chunkSize, chunks } = upload;
  const held = new Set(upload.received);
  const bytesOf = (index: number) => Math.min(chunkSize, file.size - index * chunkSize);
  let sent = [...held].reduce((sum, index) => sum + bytesOf(index), 0);
  options.onProgress?.({ sent, total: file.size });
  for (let index = 0; index < chunks; index++) {
    if (held.has(index)) continue;
    options.signal?.throwIfAborted();
    await putChunk(
      id,
      index,
      file.slice(index * chunkSize, index * chunkSize + bytesOf(index)),
      options.signal,
    );
    sent += bytesOf(index);
    options.onProgress?.({ sent, total: file.size });
  }
  const result = await api.call(CONSOLE_ROUTES.ketang.postUploadsByIdComplete, { params: { id } });
  store?.removeItem(key);
  return result;
}
