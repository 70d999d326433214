/**
 * Image-only PDF documents, written with pdf-lib: each page is one image XObject drawn over a whole
 * A4 portrait page. The image is an indexed-colour PNG taken as it is: its zlib stream becomes a
 * FlateDecode stream with the PNG predictor (PDF 32000-1 §7.4.4.4) and its palette an /Indexed colour
 * space, so the text stays lossless at a fraction of a JPEG's size (a JPEG page of small Chinese text
 * at 150 dpi costs about twice as much). The title goes into the document information so viewers show
 * it in the tab.
 */
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFHexString,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

/** A4 portrait in PDF points (1/72 in): 210 × 297 mm. */
export const A4_POINTS = { width: 595.28, height: 841.89 } as const;

/** What a page image carries into the PDF: pixel size, bit depth, palette and the zlib image data. */
interface IndexedImage {
  width: number;
  height: number;
  bitDepth: number;
  palette: Buffer;
  data: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Reads an indexed-colour (palette), non-interlaced, opaque PNG: its header, palette and the joined
 * IDAT chunks. Anything else is refused, since the PDF stream below would misread it.
 */
export function readIndexedPng(png: Buffer): IndexedImage {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let at = 8;
  let header: Omit<IndexedImage, 'palette' | 'data'> | undefined;
  let palette: Buffer | undefined;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      if (body[9] !== 3 || body[12] !== 0) throw new Error('PNG page must be indexed colour, not interlaced');
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8] };
    } else if (type === 'PLTE') palette = Buffer.from(body);
    else if (type === 'tRNS') throw new Error('PNG page must be opaque');
    else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  if (!header || !palette || data.length === 0) throw new Error('PNG lacks IHDR, PLTE or IDAT');
  return { ...header, palette, data: Buffer.concat(data) };
}

/**
 * The whole PDF file for `pages` (indexed-colour PNGs, in order) titled `title`, written by pdf-lib.
 * Each image goes in as its own XObject around the PNG's zlib stream: pdf-lib's `embedPng` would
 * decode it and store RGB pixels, about three times the bytes for these pages of small text.
 */
export async function imagePdf(pngs: readonly Buffer[], title: string): Promise<Buffer> {
  // No creation dates: the same pages make the same file.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setProducer('xuanli make-ketang-media');
  const { width, height } = A4_POINTS;
  for (const png of pngs) {
    const image = readIndexedPng(png);
    const xObject = doc.context.stream(image.data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: image.width,
      Height: image.height,
      ColorSpace: [
        'Indexed',
        'DeviceRGB',
        image.palette.length / 3 - 1,
        PDFHexString.of(image.palette.toString('hex').toUpperCase()),
      ],
      BitsPerComponent: image.bitDepth,
      Filter: 'FlateDecode',
      DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: image.bitDepth, Columns: image.width },
    });
    const page = doc.addPage([width, height]);
    const name = page.node.newXObject('Im', doc.context.register(xObject));
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(width, 0, 0, height, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
