/**
 * The console's chunked uploads (courses area): a file sent in chunks is stored whole with the
 * source's SHA-256; a chunk whose connection drops mid-body is missing from the upload's status and
 * sending it again completes the file; wrong lengths, wrong kinds and files over the limit are refused
 * with 4xx; a video's length is read from the file itself, wherever its `moov` box sits.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { UPLOAD_CHUNK_BYTES, UPLOAD_MAX_BYTES } from '@xuanli/contracts/admin-courses-labels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from '../../../test/build.ts';
import {
  loginRequest,
  OPERATOR_PASSWORD,
  signInOperator,
  type TestOperator,
} from '../../../test/operators.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { createHttpServer, handOver } from '../../http-server.ts';
import { createFileStorage } from '../../shared/storage.ts';

/** The committed sample media (apps/api/test/media). */
const SAMPLE_MEDIA_DIR = join(import.meta.dirname, '../../../test/media');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An ISO-BMFF box of `type` around `payload`. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** A version-0 movie header stating `duration` units of `timescale` per second. */
function mvhd(timescale: number, duration: number): Buffer {
  const payload = Buffer.alloc(100);
  payload.writeUInt32BE(timescale, 12);
  payload.writeUInt32BE(duration, 16);
  return box('mvhd', payload);
}

/**
 * An mp4 as a camera or an editor without "fast start" writes it: `ftyp`, a large `mdat` of
 * `mediaBytes` random bytes, then `moov` at the very end — the duration is behind all the media.
 */
function mp4WithMoovAtEnd(mediaBytes: number, timescale: number, duration: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
  return Buffer.concat([
    ftyp,
    box('mdat', randomBytes(mediaBytes)),
    box('moov', mvhd(timescale, duration), box('trak', box('tkhd', Buffer.alloc(84)))),
  ]);
}

/** A version-1 movie header (64-bit times and duration). */
function mvhdV1(timescale: number, duration: bigint): Buffer {
  const payload = Buffer.alloc(112);
  payload[0] = 1;
  payload.writeUInt32BE(timescale, 20);
  payload.writeBigUInt64BE(duration, 24);
  return box('mvhd', payload);
}

/** A box written with a 64-bit size (header size field 1), as large `mdat`s are. */
function largeBox(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + payload.length), 8);
  return Buffer.concat([header, payload]);
}

/** An EBML element: id bytes, an 8-byte size (or unknown), payload. */
function ebml(id: number[], payload: Buffer | null): Buffer {
  const size = Buffer.alloc(8);
  if (payload === null) size.fill(0xff, 1).writeUInt8(0x01, 0);
  else {
    size.writeUInt8(0x01, 0);
    size.writeUIntBE(payload.length, 2, 6);
  }
  return Buffer.concat([Buffer.from(id), size, payload ?? Buffer.alloc(0)]);
}

/** A webm whose Segment › Info states `milliseconds` (TimecodeScale 1 ms), followed by media bytes. */
function webm(milliseconds: number): Buffer {
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(milliseconds);
  const scale = Buffer.from([0x0f, 0x42, 0x40]);
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([ebml([0x2a, 0xd7, 0xb1], scale), ebml([0x44, 0x89], duration)]),
  );
  return Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm'))),
    ebml([0x18, 0x53, 0x80, 0x67], null),
    info,
    ebml([0x1f, 0x43, 0xb6, 0x75], randomBytes(5000)),
  ]);
}

describe('console chunked uploads', () => {
  const t = useTestApp();
  const editor = useOperator(t, 'editor');

  const create = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: editor.headers, payload: body });
  const putChunk = (id: string, index: number, payload: Buffer | Readable) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/uploads/${id}/chunks/${index}`,
      headers: { ...editor.headers, 'content-type': 'application/octet-stream' },
      payload,
    });
  const status = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/uploads/${id}`, headers: editor.headers })).json()
      .resData;
  const complete = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/uploads/${id}/complete`, headers: editor.headers });

  /** Starts an upload of `file` and answers its id and chunk plan. */
  async function start(file: Buffer, purpose: 'video' | 'courseware', contentType: string, filename = 'f') {
    const res = await create({ filename, size: file.length, contentType, purpose });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData as { id: string; chunkSize: number; chunks: number };
  }

  /** Gives the operator a new login (the old one lasted its 12 hours). */
  async function loginAgain(op: TestOperator): Promise<void> {
    const res = await loginRequest(t, { username: op.username, password: OPERATOR_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    op.jwt = res.json().resData.jwt as string;
    op.headers = { authorization: `Bearer ${op.jwt}` };
  }

  const chunkOf = (file: Buffer, index: number) =>
    file.subarray(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES);

  /** The stored file's bytes. */
  async function stored(key: string): Promise<Buffer> {
    const storage = createFileStorage(t.config.storage);
    const stream = await storage.read(key);
    expect(stream, key).not.toBeNull();
    const parts: Buffer[] = [];
    for await (const part of stream!) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }

  it('stores a video sent in chunks (in any order) with the source’s SHA-256 and reads its length at the end of the file', async () => {
    // 9 MiB and a bit: three chunks, the last one short; moov after the media.
    const file = mp4WithMoovAtEnd(2 * UPLOAD_CHUNK_BYTES + 777_777, 90_000, 90_000 * 754 + 45_000);
    const upload = await start(file, 'video', 'video/mp4', '第一课.mp4');
    expect(upload).toMatchObject({ chunkSize: UPLOAD_CHUNK_BYTES, chunks: 3 });
    for (const index of [2, 0, 1]) {
      const res = await putChunk(upload.id, index, chunkOf(file, index));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().resData).toEqual({ index, bytes: chunkOf(file, index).length });
    }
    expect((await status(upload.id)).received).toEqual([0, 1, 2]);
    const res = await complete(upload.id);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().resData;
    expect(result).toEqual({
      key: expect.stringMatching(/^private\/ketang\/lessons\/[0-9a-f]{24}\.mp4$/),
      size: file.length,
      sha256: sha256(file),
      contentType: 'video/mp4',
      durationSeconds: 754.5,
    });
    expect(sha256(await stored(result.key))).toBe(sha256(file));
    // The parts are gone; completing again answers the same file.
    const storage = createFileStorage(t.config.storage);
    expect(await storage.stat(`private/uploads/${upload.id}-0`)).toBeNull();
    expect((await complete(upload.id)).json().resData).toEqual(result);
    expect((await status(upload.id)).status).toBe('done');
    // A done upload takes no more chunks.
    expect((await putChunk(upload.id, 0, chunkOf(file, 0))).statusCode).toBe(409);
  });

  it('resumes after a connection dropped mid-chunk: the status lists the missing chunk, sending it again completes the file', async () => {
    const file = mp4WithMoovAtEnd(2 * UPLOAD_CHUNK_BYTES - 1000, 600, 600 * 61);
    const upload = await start(file, 'video', 'video/mp4');
    expect(upload.chunks).toBe(2);
    expect(chunkOf(file, 1).length).toBeGreaterThan(1_000_000);
    expect((await putChunk(upload.id, 0, chunkOf(file, 0))).statusCode).toBe(200);

    // Chunk 1 over a real socket: half the body, then the connection is cut.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const chunk = chunkOf(file, 1);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: `/api/admin/uploads/${upload.id}/chunks/1`,
        headers: {
          ...editor.headers,
          'content-type': 'application/octet-stream',
          'content-length': String(chunk.length),
        },
      });
      req.on('error', () => resolve());
      req.write(chunk.subarray(0, 100_000), () => setTimeout(() => req.destroy(), 50));
      req.on('close', () => resolve());
    });
    // Give the server a moment to notice the drop; nothing of chunk 1 is recorded either way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await status(upload.id)).toMatchObject({ status: 'open', received: [0], chunks: 2 });
    const early = await complete(upload.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'Conflict', msg: expect.stringContaining('1') });

    // A body that ends short (no length declared) is refused and records nothing.
    const short = await putChunk(upload.id, 1, Readable.from([chunk.subarray(0, 10)]));
    expect(short.statusCode, short.body).toBe(400);
    expect((await status(upload.id)).received).toEqual([0]);

    // Resumed: the missing chunk is sent again and the file completes with the source's hash.
    expect((await putChunk(upload.id, 1, chunk)).statusCode).toBe(200);
    const res = await complete(upload.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toMatchObject({
      sha256: sha256(file),
      size: file.length,
      durationSeconds: 61,
    });
    expect(sha256(await stored(res.json().resData.key))).toBe(sha256(file));
  });

  it('reads the length of the seeded demo videos from their files', async () => {
    // ffprobe -show_entries format=duration reports 35.000000 and 37.000000 for these two files.
    for (const [name, seconds] of [
      ['bazi-ganzhi.mp4', 35],
      ['bazi-wuxing.mp4', 37],
    ] as const) {
      const file = readFileSync(join(SAMPLE_MEDIA_DIR, name));
      const upload = await start(file, 'video', 'video/mp4', name);
      expect((await putChunk(upload.id, 0, file)).statusCode).toBe(200);
      const res = await complete(upload.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().resData).toMatchObject({ durationSeconds: seconds, sha256: sha256(file) });
    }
  });

  it('reads a real video written without fast start, and a track’s length when the movie states none', async () => {
    // The same encoder output with `moov` moved behind the media (stco offsets no longer matter for
    // the length); ffprobe -show_entries format=duration gives 35.000000. Without the movie's length
    // the longest track's media header counts: the audio's states 35.046 s (the encoder's priming,
    // which players trim by the edit list).
    const source = readFileSync(join(SAMPLE_MEDIA_DIR, 'bazi-ganzhi.mp4'));
    const boxes = new Map<string, Buffer>();
    for (let at = 0; at < source.length; at += source.readUInt32BE(at))
      boxes.set(source.toString('latin1', at + 4, at + 8), source.subarray(at, at + source.readUInt32BE(at)));
    const moov = Buffer.from(boxes.get('moov')!);
    const withoutMovieLength = Buffer.from(moov);
    const mvhdAt = withoutMovieLength.indexOf('mvhd', 0, 'latin1') - 4;
    expect(withoutMovieLength[mvhdAt + 8]).toBe(0);
    withoutMovieLength.writeUInt32BE(0, mvhdAt + 8 + 16);
    for (const [name, movie, seconds] of [
      ['slow-start.mp4', moov, 35],
      ['no-movie-length.mp4', withoutMovieLength, 35.046],
    ] as const) {
      const file = Buffer.concat([boxes.get('ftyp')!, boxes.get('mdat')!, movie]);
      const upload = await start(file, 'video', 'video/mp4', name);
      expect((await putChunk(upload.id, 0, file)).statusCode).toBe(200);
      const res = await complete(upload.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().resData.durationSeconds, name).toBeCloseTo(seconds, 3);
    }
  });

  it('reads the length of a version-1 movie header behind a 64-bit mdat, and of a webm', async () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'latin1'));
    const mp4 = Buffer.concat([
      ftyp,
      largeBox('mdat', randomBytes(20_000)),
      box('moov', mvhdV1(44_100, 44_100n * 5400n)),
    ]);
    const first = await start(mp4, 'video', 'video/mp4');
    expect((await putChunk(first.id, 0, mp4)).statusCode).toBe(200);
    expect((await complete(first.id)).json().resData).toMatchObject({
      durationSeconds: 5400,
      sha256: sha256(mp4),
    });

    const file = webm(61_234);
    const second = await start(file, 'video', 'video/webm', '第二课.webm');
    expect((await putChunk(second.id, 0, file)).statusCode).toBe(200);
    const res = await complete(second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toMatchObject({
      key: expect.stringMatching(/^private\/ketang\/lessons\/[0-9a-f]{24}\.webm$/),
      contentType: 'video/webm',
      durationSeconds: 61.234,
    });
  });

  it('joins an upload once when two completions race', async () => {
    const file = mp4WithMoovAtEnd(UPLOAD_CHUNK_BYTES + 10, 1000, 9000);
    const upload = await start(file, 'video', 'video/mp4');
    for (const index of [0, 1])
      expect((await putChunk(upload.id, index, chunkOf(file, index))).statusCode).toBe(200);
    const answers = await Promise.all([complete(upload.id), complete(upload.id)]);
    const joined = answers.filter((res) => res.statusCode === 200).map((res) => res.json().resData.key);
    // One request joins; the other is told it is being joined (409) or, if it came later, gets the same file.
    expect(joined.length).toBeGreaterThanOrEqual(1);
    expect(new Set(joined).size).toBe(1);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect((await complete(upload.id)).json().resData.key).toBe(joined[0]);
    expect((await status(upload.id)).status).toBe('done');
  });

  it('stores a PDF as public courseware', async () => {
    const file = readFileSync(join(SAMPLE_MEDIA_DIR, 'ganzhi-wuxing.pdf'));
    const upload = await start(file, 'courseware', 'application/pdf', '干支.pdf');
    expect((await putChunk(upload.id, 0, file)).statusCode).toBe(200);
    const res = await complete(upload.id);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().resData;
    expect(result.key).toMatch(/^ketang\/kejian\/[0-9a-f]{24}\.pdf$/);
    expect(result.durationSeconds).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: `/api/files/${result.key}` });
    expect(served.statusCode).toBe(200);
    expect(sha256(served.rawPayload)).toBe(sha256(file));
  });

  it('refuses wrong lengths, wrong kinds and files over the limit with 4xx', async () => {
    // Over the purpose's limit, or a type the purpose does not take, or empty.
    for (const [filename, size, contentType, purpose, status, code] of [
      ['big.mp4', UPLOAD_MAX_BYTES.video + 1, 'video/mp4', 'video', 413, 'PayloadTooLarge'],
      ['big.pdf', UPLOAD_MAX_BYTES.courseware + 1, 'application/pdf', 'courseware', 413],
      ['a.exe', 10, 'application/x-msdownload', 'video', 415],
      ['a.mp4', 0, 'video/mp4', 'video', 400],
    ] as const) {
      const res = await create({ filename, size, contentType, purpose });
      expect(res.statusCode, filename).toBe(status);
      if (code) expect(res.json().code, filename).toBe(code);
    }

    // A chunk of the wrong length (declared or streamed), a chunk past the end, an unknown upload.
    const file = mp4WithMoovAtEnd(UPLOAD_CHUNK_BYTES, 1000, 5000);
    const upload = await start(file, 'video', 'video/mp4');
    const declared = await putChunk(upload.id, 0, chunkOf(file, 0).subarray(1));
    expect(declared.statusCode).toBe(400);
    expect(declared.json().code).toBe('ValidationError');
    const tooLong = await putChunk(upload.id, 1, Readable.from([chunkOf(file, 1), Buffer.alloc(10)]));
    expect(tooLong.statusCode).toBe(400);
    expect((await putChunk(upload.id, 2, Buffer.alloc(10))).statusCode).toBe(400);
    expect((await status(upload.id)).received).toEqual([]);
    const unknown = await putChunk('0'.repeat(32), 0, Buffer.alloc(10));
    expect(unknown.statusCode).toBe(404);
    const notBytes = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/uploads/${upload.id}/chunks/0`,
      headers: editor.headers,
      payload: { a: 1 },
    });
    expect(notBytes.statusCode).toBe(415);

    // Declared a video, but the bytes are a PDF: refused when joined, and the upload is dropped.
    const pdf = readFileSync(join(SAMPLE_MEDIA_DIR, 'jieqi-2027.pdf'));
    const disguised = await start(pdf, 'video', 'video/mp4', 'video.mp4');
    expect((await putChunk(disguised.id, 0, pdf)).statusCode).toBe(200);
    const refused = await complete(disguised.id);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('UnsupportedMediaType');
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/admin/uploads/${disguised.id}`,
      headers: editor.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('removes unfinished uploads a day after their last chunk', async () => {
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(UPLOAD_CHUNK_BYTES)]);
    const upload = await start(file, 'courseware', 'application/pdf');
    expect((await putChunk(upload.id, 0, chunkOf(file, 0))).statusCode).toBe(200);
    const storage = createFileStorage(t.config.storage);
    expect(await storage.stat(`private/uploads/${upload.id}-0`)).not.toBeNull();
    t.clock.advanceSeconds(23 * 3600);
    // The console login lasts 12 hours: the same operator logs in again.
    await loginAgain(editor);
    await start(Buffer.alloc(5), 'courseware', 'application/pdf');
    expect((await status(upload.id)).received).toEqual([0]);
    t.clock.advanceSeconds(2 * 3600);
    // Starting another upload clears the stale ones (the clean-up job does it too).
    await loginAgain(editor);
    await start(Buffer.alloc(5), 'courseware', 'application/pdf');
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/admin/uploads/${upload.id}`,
      headers: editor.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(await storage.stat(`private/uploads/${upload.id}-0`)).toBeNull();
  });

  it('is for the courses area’s roles only', async () => {
    const support = await signInOperator(t, 'support');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: support.headers,
      payload: { filename: 'a.mp4', size: 10, contentType: 'video/mp4', purpose: 'video' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('belongs to the operator who started it: another editor, and an admin, get 403 on its status, chunks and completion', async () => {
    const file = mp4WithMoovAtEnd(UPLOAD_CHUNK_BYTES + 100, 1000, 8000);
    const upload = await start(file, 'video', 'video/mp4', '别人的.mp4');
    expect((await putChunk(upload.id, 0, chunkOf(file, 0))).statusCode).toBe(200);
    for (const role of ['editor', 'admin'] as const) {
      const other = await signInOperator(t, role);
      const headers = other.headers;
      const answers = [
        await t.app.inject({ method: 'GET', url: `/api/admin/uploads/${upload.id}`, headers }),
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/uploads/${upload.id}/chunks/1`,
          headers: { ...headers, 'content-type': 'application/octet-stream' },
          payload: chunkOf(file, 1),
        }),
        await t.app.inject({ method: 'POST', url: `/api/admin/uploads/${upload.id}/complete`, headers }),
      ];
      for (const res of answers) {
        expect([role, res.statusCode, res.json().code]).toEqual([role, 403, 'Forbidden']);
        expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
        expect(res.body).not.toContain('别人的');
      }
    }
    // Nothing of theirs was recorded; the owner goes on and joins the file.
    expect((await status(upload.id)).received).toEqual([0]);
    expect((await putChunk(upload.id, 1, chunkOf(file, 1))).statusCode).toBe(200);
    const done = await complete(upload.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().resData.sha256).toBe(sha256(file));
  });
});

describe('console upload quotas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        uploads: { ...testConfig().uploads, maxOpenPerOperator: 2, maxOpenBytesPerOperator: 10_000 },
      },
    });
  });
  afterAll(() => t?.close());

  const create = (op: TestOperator, size: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: op.headers,
      payload: { filename: 'a.pdf', size, contentType: 'application/pdf', purpose: 'courseware' },
    });

  it('refuses a third unfinished upload of one operator with 409 in Chinese; a finished one frees its place', async () => {
    const editor = await signInOperator(t, 'editor');
    const first = await create(editor, 1000);
    expect(first.statusCode).toBe(200);
    expect((await create(editor, 1000)).statusCode).toBe(200);
    const third = await create(editor, 1000);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ code: 'Conflict', msg: expect.stringMatching(/未完成的上传.*2 个/) });
    // Another operator has quota of their own.
    expect((await create(await signInOperator(t, 'editor'), 1000)).statusCode).toBe(200);
    // Finishing one leaves room for the next.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(991)]);
    const id = first.json().resData.id as string;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/uploads/${id}/chunks/0`,
      headers: { ...editor.headers, 'content-type': 'application/octet-stream' },
      payload: pdf,
    });
    expect(put.statusCode, put.body).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/admin/uploads/${id}/complete`,
      headers: editor.headers,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await create(editor, 1000)).statusCode).toBe(200);
  });

  it('refuses declared bytes past the operator’s total of unfinished uploads', async () => {
    const editor = await signInOperator(t, 'editor');
    expect((await create(editor, 6000)).statusCode).toBe(200);
    const over = await create(editor, 5000);
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toMatch(/未完成的上传共/);
    expect((await create(editor, 4000)).statusCode).toBe(200);
  });

  it('never lets uploads declared at once overshoot the quota', async () => {
    const editor = await signInOperator(t, 'editor');
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(editor, 100)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
  });
});

describe('a chunk over a slow line, on a real socket with the server’s time-outs', () => {
  // Small chunks so that the test is quick: 256 KiB take 2.1 s at 1 Mbit/s, longer than the server's
  // request time-out of 1 s here (30 s in production, where a 4 MiB chunk takes 34 s at 1 Mbit/s).
  const CHUNK = 256 * 1024;
  const RATE = 125_000;
  let t: TestApp;
  let editor: TestOperator;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { uploads: { ...testConfig().uploads, chunkBytes: CHUNK, minRateBytesPerSecond: RATE } },
    });
    editor = await signInOperator(t, 'editor');
    server = createHttpServer({ requestMs: 1000, headersMs: 500, dbConnectMs: 5000, dbQueryMs: 5000 });
    handOver(server, t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  /**
   * Sends `body` to `path` at `bytesPerSecond`, stopping after `sendBytes` of it (the rest never
   * comes); answers the status, the body and how long the answer took.
   */
  function sendSlowly(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer,
    bytesPerSecond: number,
    sendBytes = body.length,
  ): Promise<{ status: number; body: string; ms: number }> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { ...headers, 'content-length': String(body.length) },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part) => {
          text += part;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.flushHeaders();
      (async () => {
        // A slow sender sends small pieces often: a connection silent for twice the request
        // time-out is closed as dead, with or without a body on its way.
        const slice = Math.max(1, Math.min(8192, Math.floor(bytesPerSecond / 10)));
        for (let sent = 0; sent < sendBytes; ) {
          const part = body.subarray(sent, Math.min(sent + slice, sendBytes));
          if (!req.write(part)) await new Promise((r) => req.once('drain', r));
          sent += part.length;
          // Paced from the start: never ahead of `bytesPerSecond` on average.
          const due = started + (sent / bytesPerSecond) * 1000;
          await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        }
        if (sendBytes === body.length) req.end();
      })().catch(reject);
    });
  }

  /** Starts the upload of `file` as courseware (a PDF) named `filename`: its id and chunk plan. */
  async function createPdf(filename: string, file: Buffer) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: editor.headers,
      payload: { filename, size: file.length, contentType: 'application/pdf', purpose: 'courseware' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData as { id: string; chunkSize: number; chunks: number };
  }

  it('takes a full chunk at 1 Mbit/s, longer than the server’s request time-out', async () => {
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(CHUNK + 1000)]);
    const upload = await createPdf('slow.pdf', file);
    expect(upload).toMatchObject({ chunkSize: CHUNK, chunks: 2 });
    const headers = { ...editor.headers, 'content-type': 'application/octet-stream' };
    const res = await sendSlowly(
      'PUT',
      `/api/admin/uploads/${upload.id}/chunks/0`,
      headers,
      file.subarray(0, CHUNK),
      RATE,
    );
    expect(res.status, res.body).toBe(200);
    expect(res.ms).toBeGreaterThan(1900);
    expect(JSON.parse(res.body).resData).toEqual({ index: 0, bytes: CHUNK });
    // A small chunk is fine too.
    const last = await sendSlowly(
      'PUT',
      `/api/admin/uploads/${upload.id}/chunks/1`,
      headers,
      file.subarray(CHUNK),
      RATE,
    );
    expect(last.status, last.body).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/admin/uploads/${upload.id}/complete`,
      headers: editor.headers,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().resData.sha256).toBe(sha256(file));
  });

  it('answers 408 in our envelope to a chunk slower than the slowest line allowed, at its own deadline, and records nothing', async () => {
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(CHUNK + 3000)]);
    const { id } = await createPdf('stall.pdf', file);
    const headers = { ...editor.headers, 'content-type': 'application/octet-stream' };
    // The last chunk (3,009 bytes): its deadline is its transfer at 1 Mbit/s × 1.5 + 5 s ≈ 5 s; it
    // trickles in at 200 B/s (15 s), never silent for long.
    const chunk = file.subarray(CHUNK);
    const res = await sendSlowly('PUT', `/api/admin/uploads/${id}/chunks/1`, headers, chunk, 200);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ code: 'RequestTimeout', msg: expect.stringMatching(/超时/) });
    expect(res.ms).toBeGreaterThan(4500);
    expect(res.ms).toBeLessThan(15_000);
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/admin/uploads/${id}`,
      headers: editor.headers,
    });
    expect(state.json().resData.received).toEqual([]);
  });

  it('keeps the server’s request time-out for other requests', async () => {
    const body = Buffer.from(
      JSON.stringify({ filename: 'a.pdf', size: 10, contentType: 'application/pdf', purpose: 'courseware' }),
    );
    const headers = { ...editor.headers, 'content-type': 'application/json' };
    const res = await sendSlowly('POST', '/api/admin/uploads', headers, body, 1000, 10);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body).code).toBe('RequestTimeout');
    expect(res.ms).toBeLessThan(4000);
  });
});
