/**
 * Courseware pages as SVG: an A4 portrait sheet at 150 dpi (1240 × 1754 px) with the classroom's
 * header band, a footer with the page number, and a table drawer shared by the documents.
 */
import { PALETTE, SERIF, svgDocument, type TextStyle, text, wrapText } from './svg.ts';

/** Page size in pixels: A4 (210 × 297 mm) at 150 dpi. */
export const PAGE_WIDTH = 1240;
export const PAGE_HEIGHT = 1754;
/** Left and right margin; tables span the width between them. */
export const MARGIN = 60;
/** Where a page's content starts, below the header band. */
export const CONTENT_TOP = 250;

/** One page of a document: its title and subtitle in the header, page n of m in the footer. */
export interface PageMeta {
  title: string;
  subtitle: string;
  page: number;
  pages: number;
}

/** A sheet with the header band, the footer and `body` in between. */
export function pageSvg(meta: PageMeta, body: string): string {
  const W = PAGE_WIDTH;
  const H = PAGE_HEIGHT;
  const seal =
    `<rect x="${W - MARGIN - 96}" y="52" width="96" height="96" rx="8" fill="${PALETTE.red}"/>` +
    text(W - MARGIN - 48, 94, '玄历', {
      size: 34,
      family: SERIF,
      weight: 'bold',
      fill: '#fff',
      anchor: 'middle',
    }) +
    text(W - MARGIN - 48, 134, '课件', {
      size: 34,
      family: SERIF,
      weight: 'bold',
      fill: '#fff',
      anchor: 'middle',
    });
  return svgDocument(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${PALETTE.paper}"/>` +
      `<rect width="${W}" height="200" fill="${PALETTE.brown}"/>` +
      text(MARGIN, 108, meta.title, {
        size: 58,
        family: SERIF,
        weight: 'bold',
        fill: PALETTE.paper,
        spacing: 3,
      }) +
      text(MARGIN, 158, meta.subtitle, { size: 26, fill: PALETTE.paper, opacity: 0.85 }) +
      seal +
      `<rect x="0" y="200" width="${W}" height="6" fill="${PALETTE.red}"/>` +
      body +
      `<rect x="${MARGIN}" y="${H - 96}" width="${W - 2 * MARGIN}" height="2" fill="${PALETTE.brown}" opacity="0.4"/>` +
      text(MARGIN, H - 56, '玄历课堂 · 免费课件', { size: 22, fill: PALETTE.muted, spacing: 2 }) +
      text(W - MARGIN, H - 56, `第 ${meta.page} 页 / 共 ${meta.pages} 页`, {
        size: 22,
        fill: PALETTE.muted,
        anchor: 'end',
      }),
  );
}

/** A table cell: plain text, or text with its own style and an optional background. */
export type Cell = string | { text: string; style?: Partial<TextStyle>; fill?: string };

/** A table: column widths, a header row, body rows, heights and the base text style of the body. */
export interface TableSpec {
  x: number;
  y: number;
  widths: readonly number[];
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
  headerHeight: number;
  rowHeight: number;
  size: number;
}

/**
 * Draws a table: a brown header row with paper-coloured labels, then body rows on alternating paper
 * and tint, cell text centred (wrapped to two lines when needed), thin rules between the rows.
 * Returns the SVG and the y just below the table.
 */
export function table(spec: TableSpec): { svg: string; bottom: number } {
  const width = spec.widths.reduce((a, b) => a + b, 0);
  const xs = spec.widths.map((_, i) => spec.x + spec.widths.slice(0, i).reduce((a, b) => a + b, 0));
  let svg = `<rect x="${spec.x}" y="${spec.y}" width="${width}" height="${spec.headerHeight}" fill="${PALETTE.brown}"/>`;
  spec.header.forEach((label, i) => {
    svg += text(xs[i] + spec.widths[i] / 2, spec.y + spec.headerHeight / 2 + spec.size * 0.36, label, {
      size: spec.size,
      fill: PALETTE.paper,
      weight: 'bold',
      anchor: 'middle',
    });
  });
  let y = spec.y + spec.headerHeight;
  spec.rows.forEach((row, r) => {
    svg += `<rect x="${spec.x}" y="${y}" width="${width}" height="${spec.rowHeight}" fill="${r % 2 ? PALETTE.tint : '#fbf7ef'}"/>`;
    row.forEach((cell, i) => {
      const content = typeof cell === 'string' ? cell : cell.text;
      const style: TextStyle = {
        size: spec.size,
        anchor: 'middle',
        ...(typeof cell === 'string' ? {} : cell.style),
      };
      if (typeof cell !== 'string' && cell.fill) {
        svg += `<rect x="${xs[i] + 3}" y="${y + 3}" width="${spec.widths[i] - 6}" height="${spec.rowHeight - 6}" rx="4" fill="${cell.fill}"/>`;
      }
      const lines = wrapText(content, style.size, spec.widths[i] - 28, style.phrases);
      const lineHeight = style.size * 1.3;
      const first = y + spec.rowHeight / 2 - ((lines.length - 1) * lineHeight) / 2 + style.size * 0.36;
      const cx = style.anchor === 'start' ? xs[i] + 14 : xs[i] + spec.widths[i] / 2;
      lines.forEach((line, k) => {
        svg += text(cx, first + k * lineHeight, line, style);
      });
    });
    y += spec.rowHeight;
    svg += `<rect x="${spec.x}" y="${y - 1}" width="${width}" height="1" fill="${PALETTE.rule}"/>`;
  });
  svg += `<rect x="${spec.x}" y="${spec.y}" width="${width}" height="${y - spec.y}" fill="none" stroke="${PALETTE.brown}" stroke-width="2"/>`;
  return { svg, bottom: y };
}

/** Notes under a table: a small heading and bullet lines, wrapped to the page width. */
export function notes(
  y: number,
  heading: string,
  lines: readonly string[],
  size = 24,
): { svg: string; bottom: number } {
  let svg = text(MARGIN, y, heading, { size: size + 4, family: SERIF, weight: 'bold', fill: PALETTE.brown });
  let at = y + size * 1.9;
  for (const line of lines) {
    const wrapped = wrapText(line, size, PAGE_WIDTH - 2 * MARGIN - 30);
    svg += `<circle cx="${MARGIN + 8}" cy="${at - size * 0.35}" r="4" fill="${PALETTE.red}"/>`;
    wrapped.forEach((part, k) => {
      svg += text(MARGIN + 26, at + k * size * 1.5, part, { size, fill: PALETTE.ink });
    });
    at += wrapped.length * size * 1.5 + size * 0.5;
  }
  return { svg, bottom: at };
}
