/**
 * The 命书 worker thread (run by piscina from mingshu-renderer.ts): loads and parses the font once, then
 * lays out each document it is handed as a PDF. Laying out, subsetting the font and compressing take a
 * few hundred ms of CPU per 命书, which would otherwise stall every other request of the process.
 */
import fontkit from '@pdf-lib/fontkit';
import { move } from 'piscina';
import type { MingshuDocument } from './mingshu-document.ts';
import { loadMingshuFont } from './mingshu-font.ts';
import { renderMingshuPdf } from './mingshu-pdf.ts';

let font: { bytes: Uint8Array; parsed: unknown } | null = null;

/** The PDF bytes of `doc` (moved to the caller's thread, not copied). */
export default async function renderInWorker(doc: MingshuDocument): Promise<unknown> {
  if (!font) {
    const bytes = loadMingshuFont();
    font = { bytes, parsed: fontkit.create(bytes) };
  }
  const parsed = font.parsed;
  // Parsing the 3.5 MB font takes tens of ms: every document reuses the one parsed font.
  const pdf = await renderMingshuPdf(doc, font.bytes, { create: () => parsed });
  return move(pdf);
}
