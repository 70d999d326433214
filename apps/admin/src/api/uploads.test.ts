/**
 * Chunked uploads resume: a chunk whose connection drops fails the attempt but leaves the upload
 * remembered; the next attempt at the same file asks the server which chunks it holds and sends only
 * the missing ones, then completes it and forgets it.
 */
import type { Upload, UploadResult } from '@xuanli/contracts/admin-courses';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSessionCache, SESSION_STORAGE_KEY } from '@/lib/session';
import { type ApiCall, callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { aLogin } from '@/testing/fixtures';
import { chunkTimeoutMs, resumeKey, uploadInChunks } from './uploads';

const CHUNK = 4 * 1024 * 1024;
const ID = 'ab'.repeat(16);

/**
 * A fake upload API holding the chunks it received; `drop` makes a chunk's request fail once, and the
 * upload `foreign` is another operator's (403).
 */
function fakeUploads(size: number, drop: Set<number>, foreign?: string) {
  const received = new Set<number>();
  const upload = (): Upload => ({
    id: ID,
    filename: 'lesson.mp4',
    size,
    purpose: 'video',
    chunkSize: CHUNK,
    chunks: Math.ceil(size / CHUNK),
    received: [...received].sort((a, b) => a - b),
    status: 'open',
    key: null,
  });
  const calls = installFakeApi((call: ApiCall) => {
    if (foreign && call.path === `/uploads/${foreign}`) {
      return failureAnswer('Forbidden', '这个上传由其他账号发起，只有发起人能继续');
    }
    if (call.method === 'POST' && call.path === '/uploads') return okAnswer(upload());
    if (call.method === 'GET' && call.path === `/uploads/${ID}`) return okAnswer(upload());
    const chunk = /^\/uploads\/[0-9a-f]+\/chunks\/(\d+)$/.exec(call.path);
    if (call.method === 'PUT' && chunk) {
      const index = Number(chunk[1]);
      if (drop.delete(index)) throw new TypeError('network connection was lost');
      received.add(index);
      return okAnswer({ index, bytes: CHUNK });
    }
    if (call.method === 'POST' && call.path === `/uploads/${ID}/complete`) {
      const result: UploadResult = {
        key: 'private/ketang/lessons/a.mp4',
        size,
        sha256: '0'.repeat(64),
        contentType: 'video/mp4',
        durationSeconds: 35,
      };
      return okAnswer(result);
    }
    return undefined;
  });
  return calls;
}

describe('uploadInChunks', () => {
  beforeEach(() => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(aLogin('editor')));
    resetSessionCache();
    window.localStorage.clear();
  });

  it('resumes after a dropped chunk by sending only what the server lacks', async () => {
    const file = new File([new Uint8Array(2 * CHUNK + 100)], 'lesson.mp4', {
      type: 'video/mp4',
      lastModified: 1,
    });
    const calls = fakeUploads(file.size, new Set([1]));
    const progress: number[] = [];
    await expect(uploadInChunks(file, 'video', { onProgress: (p) => progress.push(p.sent) })).rejects.toThrow(
      '网络连接失败',
    );
    expect(window.localStorage.getItem(resumeKey(file, 'video'))).toBe(ID);
    expect(progress).toEqual([0, CHUNK]);

    progress.length = 0;
    const result = await uploadInChunks(file, 'video', { onProgress: (p) => progress.push(p.sent) });
    expect(result.durationSeconds).toBe(35);
    // One upload was created; the second attempt asked for its status and sent chunks 1 and 2 only.
    expect(callsTo(calls, 'POST', '/uploads')).toHaveLength(1);
    expect(callsTo(calls, 'GET', `/uploads/${ID}`)).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path.split('/').at(-1))).toEqual([
      '0',
      '1',
      '1',
      '2',
    ]);
    expect(progress).toEqual([CHUNK, 2 * CHUNK, file.size]);
    expect(window.localStorage.getItem(resumeKey(file, 'video'))).toBeNull();
  });

  it('keeps what each operator started apart, and starts anew when the server says the upload is another’s', async () => {
    const file = new File([new Uint8Array(100)], 'lesson.mp4', { type: 'video/mp4', lastModified: 2 });
    const editorKey = resumeKey(file, 'video');
    window.localStorage.setItem(editorKey, 'ef'.repeat(16));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(aLogin('admin', { id: 99 })));
    resetSessionCache();
    expect(resumeKey(file, 'video')).not.toBe(editorKey);
    // An id remembered for this operator that the server refuses as someone else's: forgotten.
    const foreign = 'cd'.repeat(16);
    window.localStorage.setItem(resumeKey(file, 'video'), foreign);
    const calls = fakeUploads(file.size, new Set(), foreign);
    const result = await uploadInChunks(file, 'video');
    expect(result.key).toBe('private/ketang/lessons/a.mp4');
    expect(callsTo(calls, 'GET', `/uploads/${foreign}`)).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/uploads')).toHaveLength(1);
    expect(window.localStorage.getItem(resumeKey(file, 'video'))).toBeNull();
    // The editor's own remembered upload is untouched.
    expect(window.localStorage.getItem(editorKey)).toBe('ef'.repeat(16));
  });

  it('waits for a chunk longer than the server allows it', () => {
    // The server: the chunk's length at 1 Mbit/s × 1.5, plus 5 s.
    const server = (bytes: number) => (bytes / 125_000) * 1500 + 5000;
    for (const bytes of [1000, CHUNK, 64 * 1024 * 1024]) {
      expect(chunkTimeoutMs(bytes)).toBeGreaterThanOrEqual(120_000);
      expect(chunkTimeoutMs(bytes)).toBeGreaterThan(server(bytes));
    }
  });
});
