/**
 * What a stored media file is, read from its bytes rather than its name — a console upload once joined,
 * a demo lesson video once the classroom's seed stored it: the kind (mp4's `ftyp` box, webm's EBML
 * header, PDF's `%PDF-`) and a video's length as the file states it. An mp4's length is
 * in its `moov` box's `mvhd` (timescale and duration); `moov` may sit at the start or at the end of
 * the file, so boxes are walked by their headers through ranged reads of the stored file and only the
 * few bytes needed are ever read. A webm's length is the Segment's Info › Duration element.
 */
import type { FileStorage } from './storage.ts';

/** The kinds an upload may turn out to be. */
export type SniffedType = 'video/mp4' | 'video/webm' | 'application/pdf';

/** The kind of a file starting with `head` (at least 12 bytes read), or null when none we take. */
export function sniffUpload(head: Uint8Array): SniffedType | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** `length` bytes of `key` from `start` (fewer at the end of the file). */
export async function readRange(
  storage: FileStorage,
  key: string,
  start: number,
  length: number,
): Promise<Buffer> {
  if (length <= 0) return Buffer.alloc(0);
  const stream = await storage.read(key, { start, end: start + length - 1 });
  if (!stream) throw new Error(`stored file ${key} is missing`);
  const parts: Buffer[] = [];
  let got = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    parts.push(buffer);
    got += buffer.length;
  }
  return Buffer.concat(parts, got).subarray(0, length);
}

/** An ISO-BMFF box: its type and where its payload lies in the file. */
interface Box {
  type: string;
  /** Offset of the payload (after the header). */
  start: number;
  /** Offset just past the box. */
  end: number;
}

/** The boxes between `start` and `end`, read one header at a time. */
async function* boxesIn(
  read: (start: number, length: number) => Promise<Buffer>,
  start: number,
  end: number,
) {
  let at = start;
  while (at + 8 <= end) {
    const header = await read(at, 16);
    if (header.length < 8) return;
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerBytes = 8;
    if (size === 1) {
      if (header.length < 16) return;
      size = Number(header.readBigUInt64BE(8));
      headerBytes = 16;
    } else if (size === 0) {
      size = end - at;
    }
    // A box smaller than its header or past its parent: the file is damaged; stop rather than loop.
    if (size < headerBytes || at + size > end) return;
    yield { type, start: at + headerBytes, end: at + size } satisfies Box;
    at += size;
  }
}

/** The first box of `type` directly inside [start, end). */
async function childBox(
  read: (start: number, length: number) => Promise<Buffer>,
  start: number,
  end: number,
  type: string,
): Promise<Box | null> {
  for await (const box of boxesIn(read, start, end)) if (box.type === type) return box;
  return null;
}

/** Seconds of a `mvhd` or `mdhd` payload (version 0 or 1); null when unknown (0 or all ones). */
function secondsOfHeader(payload: Buffer): number | null {
  const version = payload[0];
  let timescale: number;
  let duration: bigint;
  if (version === 1) {
    if (payload.length < 32) return null;
    timescale = payload.readUInt32BE(20);
    duration = payload.readBigUInt64BE(24);
    if (duration === 0xffffffffffffffffn) return null;
  } else {
    if (payload.length < 20) return null;
    timescale = payload.readUInt32BE(12);
    duration = BigInt(payload.readUInt32BE(16));
    if (duration === 0xffffffffn) return null;
  }
  if (timescale === 0 || duration === 0n) return null;
  return Number(duration) / timescale;
}

/**
 * Seconds of the mp4 `key` of `size` bytes: the movie header's duration, or (when it states none)
 * the longest track's media header; null when the file states no length (a fragmented mp4).
 */
export async function mp4DurationSeconds(
  storage: FileStorage,
  key: string,
  size: number,
): Promise<number | null> {
  const read = (start: number, length: number) =>
    readRange(storage, key, start, Math.min(length, size - start));
  const moov = await childBox(read, 0, size, 'moov');
  if (!moov) return null;
  const mvhd = await childBox(read, moov.start, moov.end, 'mvhd');
  const movie = mvhd ? secondsOfHeader(await read(mvhd.start, 32)) : null;
  if (movie !== null) return movie;
  let longest: number | null = null;
  for await (const trak of boxesIn(read, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const mdia = await childBox(read, trak.start, trak.end, 'mdia');
    const mdhd = mdia ? await childBox(read, mdia.start, mdia.end, 'mdhd') : null;
    const seconds = mdhd ? secondsOfHeader(await read(mdhd.start, 32)) : null;
    if (seconds !== null && (longest === null || seconds > longest)) longest = seconds;
  }
  return longest;
}

/** An EBML element's id, payload size and where its payload starts, from the bytes at `at`. */
function ebmlElement(bytes: Buffer, at: number): { id: number; size: number | null; start: number } | null {
  const width = (first: number) => (first === 0 ? 0 : Math.clz32(first) - 23);
  if (at >= bytes.length) return null;
  const idWidth = width(bytes[at]!);
  if (idWidth < 1 || idWidth > 4 || at + idWidth >= bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idWidth; i++) id = id * 256 + bytes[at + i]!;
  const sizeAt = at + idWidth;
  const sizeWidth = width(bytes[sizeAt]!);
  if (sizeWidth < 1 || sizeWidth > 8 || sizeAt + sizeWidth > bytes.length) return null;
  let size = bytes[sizeAt]! & (0xff >> sizeWidth);
  let unknown = size === 0xff >> sizeWidth;
  for (let i = 1; i < sizeWidth; i++) {
    const byte = bytes[sizeAt + i]!;
    unknown &&= byte === 0xff;
    size = size * 256 + byte;
  }
  return { id, size: unknown ? null : size, start: sizeAt + sizeWidth };
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/**
 * Seconds of the webm `key`: Segment › Info › Duration × TimecodeScale (ns, default 1 ms). Info
 * comes near the start of a webm, so the first 64 KiB are enough; null when it states no duration.
 */
export async function webmDurationSeconds(
  storage: FileStorage,
  key: string,
  size: number,
): Promise<number | null> {
  const bytes = await readRange(storage, key, 0, Math.min(size, 64 * 1024));
  const header = ebmlElement(bytes, 0);
  if (!header || header.id !== EBML_HEADER || header.size === null) return null;
  const segment = ebmlElement(bytes, header.start + header.size);
  if (!segment || segment.id !== SEGMENT) return null;
  let at = segment.start;
  while (at < bytes.length) {
    const element = ebmlElement(bytes, at);
    if (!element || element.size === null) return null;
    if (element.id === INFO) {
      let scale = 1_000_000;
      let duration: number | null = null;
      const end = Math.min(element.start + element.size, bytes.length);
      let inner = element.start;
      while (inner < end) {
        const child = ebmlElement(bytes, inner);
        if (!child || child.size === null || child.start + child.size > end) break;
        const payload = bytes.subarray(child.start, child.start + child.size);
        if (child.id === TIMECODE_SCALE && child.size >= 1 && child.size <= 6)
          scale = payload.readUIntBE(0, child.size);
        if (child.id === DURATION && child.size === 4) duration = payload.readFloatBE(0);
        if (child.id === DURATION && child.size === 8) duration = payload.readDoubleBE(0);
        inner = child.start + child.size;
      }
      return duration !== null && Number.isFinite(duration) && duration > 0 ? (duration * scale) / 1e9 : null;
    }
    at = element.start + element.size;
  }
  return null;
}

/** A stored video's length in seconds as its file states it, or null. */
export function videoDurationSeconds(
  storage: FileStorage,
  key: string,
  size: number,
  type: SniffedType,
): Promise<number | null> {
  if (type === 'video/mp4') return mp4DurationSeconds(storage, key, size);
  if (type === 'video/webm') return webmDurationSeconds(storage, key, size);
  return Promise.resolve(null);
}
