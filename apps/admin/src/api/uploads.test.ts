/**
 * Chunked uploads resume: a chunk whose connection drops fails the attempt but leaves the upload
 * remembered; the next attempt at the same file asks the server which chunks it holds and sends only
 * the missing ones, then completes it and forgets it.
 */
import type { Upload, UploadResult } from '@xuanli/contracts/admin-courses';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSessionCache, SESSION_STORAGE_KEY } from '@/lib/session';
import { type ApiCall, callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { aLogin } from '@/testing/fixtures';
import { resumeKey, uploadInChunks } from './uploads';

const CHUNK = 4 * 1024 * 1024;
const ID = 'ab'.repeat(16);

/** A fake upload API holding the chunks it received; `drop` makes a chunk's request fail once. */
function fakeUploads(size: number, drop: Set<number>) {
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
});
