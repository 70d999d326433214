/**
 * A minimal PDF 1.4 writer for image-only documents: each page is one image XObject drawn over a whole
 * A4 portrait page. The image is an indexed-colour PNG taken as it is: its zlib stream becomes a
 * FlateDecode stream with the PNG predictor (PDF 32000-1 §7.4.4.4) and its palette an /Indexed colour
 * space, so the text stays lossless at a fraction of a JPEG's size (a JPEG page of small Chinese text
 * at 150 dpi costs about twice as much). The title goes into the document information so viewers show
 * it in the tab.
 */

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

/** A PDF text string in UTF-16BE with its byte-order mark (needed for Chinese), written in hex. */
function pdfText(value: string): string {
  const units = Buffer.from(value, 'utf16le').swap16();
  return `<FEFF${units.toString('hex').toUpperCase()}>`;
}

/** The whole PDF file for `pages` (indexed-colour PNGs, in order) titled `title`. */
export function imagePdf(pngs: readonly Buffer[], title: string): Buffer {
  const pages = pngs.map(readIndexedPng);
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    chunks.push(bytes);
    length += bytes.length;
  };
  // Object numbers: 1 catalog, 2 page tree, 3 info, then per page: page, contents, image.
  const pageObject = (i: number) => 4 + i * 3;
  const object = (n: number, body: Buffer | string, stream?: Buffer) => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    push(body);
    if (stream) {
      push('\nstream\n');
      push(stream);
      push('\nendstream');
    }
    push('\nendobj\n');
  };

  // The binary comment line tells transfer tools the file is binary (PDF 32000-1 §7.5.2).
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ');
  object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  object(3, `<< /Title ${pdfText(title)} /Producer (xuanli make-ketang-media) >>`);
  const { width, height } = A4_POINTS;
  pages.forEach((page, i) => {
    const n = pageObject(i);
    object(
      n,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] ` +
        `/Resources << /XObject << /Im0 ${n + 2} 0 R >> >> /Contents ${n + 1} 0 R >>`,
    );
    const draw = Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`, 'latin1');
    object(n + 1, `<< /Length ${draw.length} >>`, draw);
    const colours = page.palette.length / 3;
    object(
      n + 2,
      `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} ` +
        `/ColorSpace [/Indexed /DeviceRGB ${colours - 1} <${page.palette.toString('hex').toUpperCase()}>] ` +
        `/BitsPerComponent ${page.bitDepth} /Filter /FlateDecode ` +
        `/DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent ${page.bitDepth} /Columns ${page.width} >> ` +
        `/Length ${page.data.length} >>`,
      page.data,
    );
  });

  const count = pageObject(pages.length);
  const xref = length;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let n = 1; n < count; n++) push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF`);
  return Buffer.concat(chunks);
}
