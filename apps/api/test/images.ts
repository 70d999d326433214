/**
 * Test helper: pictures made for the tests of uploads and re-encoding — a phone's photo with the
 * metadata a phone writes, and a PNG written chunk by chunk, which can claim more pixels than any
 * encoder would be asked to make.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG photo with the EXIF a phone writes: camera, serial, GPS position, and "rotate 90° to view". */
export function phonePhoto(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#672f0d' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Serial-0042' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 54/1 27/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 23/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit grey PNG of `width`×`height` black pixels (with the data of its first `rows` rows only,
 * when fewer). Zeros compress about 1000:1, so a 10000×10000 image (100 megapixels) is a few
 * kilobytes: a decompression bomb.
 */
export function blackPng(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grey, deflate, adaptive filtering, no interlace
  const raw = Buffer.alloc(rows * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
