import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blackPng, phonePhoto } from '../../test/images.ts';
import { AppError } from './errors.ts';
import { MAX_INPUT_PIXELS, reencodeImage, sniffImage } from './image.ts';

/** A solid-colour image of `width`×`height` in `format`. */
function solid(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif') {
  return sharp({ create: { width, height, channels: 3, background: '#8b2500' } })
    .toFormat(format)
    .toBuffer();
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('sniffImage', () => {
  it('names the four accepted types by their first bytes', async () => {
    expect(sniffImage(await solid(4, 4, 'jpeg'))).toBe('jpeg');
    expect(sniffImage(await solid(4, 4, 'png'))).toBe('png');
    expect(sniffImage(await solid(4, 4, 'webp'))).toBe('webp');
    expect(sniffImage(await solid(4, 4, 'gif'))).toBe('gif');
    expect(sniffImage(Buffer.from('GIF87a'))).toBe('gif');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffImage(Buffer.from('hello, this is a text file'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('turns a photo upright by its EXIF orientation and drops EXIF (GPS), XMP and ICC', async () => {
    const photo = await phonePhoto(300, 200);
    const before = await sharp(photo).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the original.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);

    const out = await reencodeImage(photo, 'jpeg', { inside: 1600 });
    expect(out).toMatchObject({ format: 'webp', width: 200, height: 300 });
    const after = await sharp(out.data).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(out.data.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('crops avatars to a square of at most 512 px, never enlarging a small picture', async () => {
    const wide = await reencodeImage(await solid(2000, 1000, 'png'), 'png', { square: 512 });
    expect([wide.width, wide.height]).toEqual([512, 512]);
    const small = await reencodeImage(await solid(300, 200, 'webp'), 'webp', { square: 512 });
    expect([small.width, small.height]).toEqual([200, 200]);
  });

  it('fits feedback images inside 1600 px with their proportions', async () => {
    const out = await reencodeImage(await solid(4000, 1000, 'jpeg'), 'jpeg', { inside: 1600 });
    expect([out.width, out.height]).toEqual([1600, 400]);
    const small = await reencodeImage(await solid(640, 480, 'gif'), 'gif', { inside: 1600 });
    expect([small.width, small.height]).toEqual([640, 480]);
  });

  it('refuses bytes that are not the sniffed type or not an image at all with UnsupportedMediaType', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(
      await refusal(reencodeImage(Buffer.concat([png, Buffer.from('not really')]), 'png', { square: 512 })),
    ).toBe('UnsupportedMediaType');
    expect(await refusal(reencodeImage(await solid(10, 10, 'jpeg'), 'png', { square: 512 }))).toBe(
      'UnsupportedMediaType',
    );
    expect(await refusal(reencodeImage(Buffer.from('plain text'), 'jpeg', { square: 512 }))).toBe(
      'UnsupportedMediaType',
    );
  });

  it('refuses decompression bombs before decoding them, with PayloadTooLarge', async () => {
    const bomb = blackPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(await refusal(reencodeImage(bomb, 'png', { inside: 1600 }))).toBe('PayloadTooLarge');
    // A header claiming 10 gigapixels over almost no data.
    expect(await refusal(reencodeImage(blackPng(100_000, 100_000, 1), 'png', { square: 512 }))).toBe(
      'PayloadTooLarge',
    );
    // Under the limit the same construction is an ordinary picture.
    const fine = await reencodeImage(blackPng(2000, 1000), 'png', { inside: 1600 });
    expect([fine.width, fine.height]).toEqual([1600, 800]);
  });
});
