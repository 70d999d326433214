/**
 * Uploaded images (PRODUCT.md#paths, #privacy): the type is read from the first bytes, never from the
 * declared content type or the file name, and every image is decoded and encoded afresh with sharp,
 * so what we store and serve is pixels we wrote ourselves: rotated upright by its EXIF orientation,
 * with no metadata left (EXIF with GPS position and camera serials, XMP, ICC), in one format (WebP).
 */
import sharp from 'sharp';
import { AppError } from './errors.ts';

/** The image types accepted (GIF: its first frame). */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

/** Bytes {@link sniffImage} needs to tell every accepted type apart. */
export const SNIFF_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type the bytes start with: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, WebP
 * `RIFF····WEBP`, GIF `GIF87a`/`GIF89a`; null for anything else.
 */
export function sniffImage(head: Uint8Array): ImageKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  return null;
}

/**
 * The most pixels an upload may declare (50 MP, above any phone's default photo). A few kilobytes of
 * PNG can declare billions of pixels (a decompression bomb); such a header is refused before any
 * pixel is decoded, and sharp's `limitInputPixels` holds the line while decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** How an image is reshaped: a square avatar, or fitted inside a box with its proportions kept. */
export type ImageShape = { square: number } | { inside: number };

/** A re-encoded image. */
export interface EncodedImage {
  data: Buffer;
  /** File extension and format of `data`. */
  format: 'webp';
  width: number;
  height: number;
}

// Decoding a large photo takes tens of MB; at most this many run at once, the rest wait their turn.
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function refused(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (/pixel limit/i.test((error as Error).message ?? '')) {
    return new AppError('PayloadTooLarge', `image has more than ${MAX_INPUT_PIXELS} pixels`);
  }
  return new AppError('UnsupportedMediaType', 'not a readable image');
}

/**
 * Decodes `input` (a file path or bytes) that {@link sniffImage} called `kind` and encodes it afresh
 * as WebP: upright by its EXIF orientation, all metadata dropped, reshaped by `shape`. A square is
 * cover-cropped around the most interesting part and never larger than the picture's shorter side.
 * Refusals are AppErrors: `UnsupportedMediaType` when the bytes do not decode as `kind`,
 * `PayloadTooLarge` when it declares more than {@link MAX_INPUT_PIXELS} pixels.
 */
export async function reencodeImage(
  input: string | Buffer,
  kind: ImageKind,
  shape: ImageShape,
): Promise<EncodedImage> {
  return limited(async () => {
    // First page only (an animated GIF or WebP becomes its first frame); decoding warnings of slightly
    // damaged phone JPEGs are tolerated, errors are not.
    const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
    try {
      const meta = await open().metadata();
      // The sniffed type and what libvips finds must agree (a PNG signature in front of something else).
      if (meta.format !== kind) throw new AppError('UnsupportedMediaType', `bytes are not a ${kind} image`);
      const width = meta.width ?? 0;
      const height = meta.pageHeight ?? meta.height ?? 0;
      if (width < 1 || height < 1) throw new AppError('UnsupportedMediaType', 'image has no pixels');
      if (width * height > MAX_INPUT_PIXELS) {
        throw new AppError('PayloadTooLarge', `image has more than ${MAX_INPUT_PIXELS} pixels`);
      }
      const pipeline = open().rotate();
      if ('square' in shape) {
        const side = Math.min(shape.square, width, height);
        pipeline.resize(side, side, { fit: 'cover', position: sharp.strategy.attention });
      } else {
        pipeline.resize(shape.inside, shape.inside, { fit: 'inside', withoutEnlargement: true });
      }
      // sharp writes no metadata unless asked (no keepMetadata/withMetadata here) and converts to sRGB.
      const { data, info } = await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
      return { data, format: 'webp', width: info.width, height: info.height };
    } catch (error) {
      throw refused(error);
    }
  });
}
