/**
 * What a stored media file is, read from its bytes rather than its name — a console upload once joined,
 * a demo lesson video once the classroom's seed stored it: the kind (mp4's `ftyp` box, webm's EBML
 * header, PDF's `%PDF-`) and a video's length as the file states it. The containers are read by kept
 * libraries: an mp4 by `mp4box` (the movie header's length, as players show it), a webm by
 * `music-metadata` (Segment › Info › Duration). Both read through ranged reads of the stored file, so
 * an mp4 whose `moov` sits behind its media is skipped to, never downloaded whole.
 */
import { createFile, Log, MP4BoxBuffer } from 'mp4box';
import { parseFromTokenizer } from 'music-metadata';
import { AbstractTokenizer, EndOfStreamError, type IReadChunkOptions } from 'strtok3';
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

// mp4box writes its parser's chatter to the console; only its errors matter here.
Log.setLogLevel(Log.error);

/** Bytes asked of storage per read while looking for an mp4's `moov`. */
const MP4_READ_BYTES = 64 * 1024;

/** A length the file states, as a number of seconds, or null for none (0 or the all-ones "unknown"). */
function statedSeconds(duration: number, timescale: number): number | null {
  if (!(timescale > 0) || !(duration > 0)) return null;
  if (duration === 0xffffffff || duration >= 2 ** 53) return null;
  return duration / timescale;
}

/**
 * Seconds of the mp4 `key` of `size` bytes: the movie header's duration, or (when it states none)
 * the longest track's media header; null when the file states no length (a fragmented mp4) or has no
 * movie box. mp4box says after each read where it wants the next, which is past a whole `mdat` when
 * the movie box comes after the media.
 */
export async function mp4DurationSeconds(
  storage: FileStorage,
  key: string,
  size: number,
): Promise<number | null> {
  const file = createFile(false);
  let at = 0;
  while (!file.moov && at < size) {
    const bytes = await readRange(storage, key, at, Math.min(MP4_READ_BYTES, size - at));
    let next: number;
    try {
      next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(Uint8Array.from(bytes).buffer, at));
    } catch {
      // mp4box builds its sample tables as soon as the movie box is parsed and throws on a track it
      // cannot index; the headers it parsed before that still state the length.
      break;
    }
    // No progress asked for: a damaged file; stop rather than loop.
    if (!(next > at)) break;
    at = next;
  }
  const moov = file.moov as (typeof file)['moov'] | undefined;
  if (!moov?.mvhd) return null;
  const whole = statedSeconds(moov.mvhd.duration, moov.mvhd.timescale);
  if (whole !== null) return whole;
  const tracks = (moov.traks ?? [])
    .map((trak) => trak.mdia?.mdhd)
    .map((mdhd) => (mdhd ? statedSeconds(mdhd.duration, mdhd.timescale) : null))
    .filter((seconds): seconds is number => seconds !== null);
  return tracks.length > 0 ? Math.max(...tracks) : null;
}

/**
 * A tokenizer (the byte source `music-metadata` reads) over ranged reads of one stored file: random
 * access, so skipping a webm's clusters costs nothing.
 */
class StoredFileTokenizer extends AbstractTokenizer {
  fileInfo: { size: number; mimeType: string };

  private readonly storage: FileStorage;
  private readonly key: string;

  constructor(storage: FileStorage, key: string, size: number, mimeType: string) {
    super();
    this.storage = storage;
    this.key = key;
    this.fileInfo = { size, mimeType };
  }

  supportsRandomAccess(): boolean {
    return true;
  }

  setPosition(position: number): void {
    this.position = position;
  }

  async readBuffer(buffer: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const read = await this.peekBuffer(buffer, options);
    this.position = (options?.position ?? this.position) + read;
    return read;
  }

  async peekBuffer(buffer: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const position = options?.position ?? this.position;
    const wanted = options?.length ?? buffer.length;
    const length = Math.max(0, Math.min(this.fileInfo.size - position, wanted));
    if (length < wanted && !options?.mayBeLess) throw new EndOfStreamError();
    const bytes = await readRange(this.storage, this.key, position, length);
    buffer.set(bytes);
    return bytes.length;
  }
}

/** Seconds of the webm `key`: Segment › Info › Duration × TimecodeScale; null when it states none. */
export async function webmDurationSeconds(
  storage: FileStorage,
  key: string,
  size: number,
): Promise<number | null> {
  const tokenizer = new StoredFileTokenizer(storage, key, size, 'video/webm');
  const metadata = await parseFromTokenizer(tokenizer, { duration: false, skipCovers: true });
  const seconds = metadata.format.duration;
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
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
