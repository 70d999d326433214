/**
 * The 命书's page flow on pdf-lib: A4 pages with margins, a cursor that moves down and starts a new
 * page when the next block would not fit, and Chinese line breaking. pdf-lib draws a line of text and
 * no more, so wrapping is ours: Chinese breaks between any two characters, except that closing
 * punctuation never starts a line and opening punctuation never ends one (the 避头尾 rule every
 * Chinese typesetter follows); runs of Latin letters and digits (1990, UTC+8) stay whole.
 */
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/** A4 in points. */
export const PAGE = { width: 595.28, height: 841.89 } as const;
/** Margins; the footer sits in the bottom one. */
export const MARGIN = { side: 50, top: 56, bottom: 64 } as const;
/** Width of the text column. */
export const COLUMN = PAGE.width - 2 * MARGIN.side;

/** The 命书's colours: ink, a softer grey, hairlines, and the app's brown. */
export const INK = rgb(0.12, 0.1, 0.09);
export const GREY = rgb(0.42, 0.38, 0.35);
export const LINE = rgb(0.85, 0.81, 0.76);
export const THEME = rgb(0x67 / 255, 0x2f / 255, 0x0d / 255);

/** A colour from '#rrggbb'. */
export function hex(colour: string) {
  const n = Number.parseInt(colour.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const NO_LINE_START = new Set('，。、；：！？）》」』】〕”’…—·%,.;:!?)]');
const NO_LINE_END = new Set('（《「『【〔“‘([');
/** Runs kept whole: Latin letters, digits and the marks inside numbers and times. */
const WORD = /[A-Za-z0-9][A-Za-z0-9.:+\-–/%]*/y;

/** The unbreakable pieces of `text`: a Latin word or number, or one other character. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    WORD.lastIndex = i;
    const word = WORD.exec(text);
    if (word) {
      out.push(word[0]);
      i += word[0].length;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i) as number);
    out.push(ch);
    i += ch.length;
  }
  return out;
}

/** `text` broken into lines no wider than `width` at `size` (closing punctuation may hang past it). */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const token of tokens(text)) {
    if (token === '\n') {
      lines.push(line);
      line = '';
      lineWidth = 0;
      continue;
    }
    const w = font.widthOfTextAtSize(token, size);
    if (line !== '' && lineWidth + w > width && !NO_LINE_START.has(token)) {
      // An opening mark at the end of the line goes down with what it opens.
      const last = line.at(-1) ?? '';
      if (NO_LINE_END.has(last) && line.length > 1) {
        lines.push(line.slice(0, -1));
        line = last;
        lineWidth = font.widthOfTextAtSize(last, size);
      } else {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
    }
    line += token;
    lineWidth += w;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The document being written: its font, its pages and where the next block goes. */
export interface Flow {
  pdf: PDFDocument;
  font: PDFFont;
  page: PDFPage;
  /** Baseline room left: the top of the next block, in points from the page's bottom. */
  y: number;
}

/** A new A4 page; the cursor at its top. */
export function newPage(flow: Flow): void {
  flow.page = flow.pdf.addPage([PAGE.width, PAGE.height]);
  flow.y = PAGE.height - MARGIN.top;
}

/** Starts a new page unless `height` points still fit above the bottom margin. */
export function ensureRoom(flow: Flow, height: number): void {
  if (flow.y - height < MARGIN.bottom) newPage(flow);
}

/** Draws one line of text with its top at `top`. */
export function drawLine(flow: Flow, text: string, x: number, top: number, size: number, color = INK): void {
  // pdf-lib places the baseline; the font's ascent is close to 0.88 em in this 楷体.
  flow.page.drawText(text, { x, y: top - size * 0.88, size, font: flow.font, color });
}

/** Text centred on `centre`. */
export function drawCentred(
  flow: Flow,
  text: string,
  centre: number,
  top: number,
  size: number,
  color = INK,
): void {
  drawLine(flow, text, centre - flow.font.widthOfTextAtSize(text, size) / 2, top, size, color);
}

/** Options of {@link paragraph}. */
export interface ParagraphStyle {
  size?: number;
  color?: ReturnType<typeof rgb>;
  /** Left indent from the margin. */
  indent?: number;
  /** Space after the paragraph. */
  after?: number;
  /** Line height as a multiple of the size. */
  leading?: number;
}

/** A wrapped paragraph at the cursor, continued on the next page when it runs out of room. */
export function paragraph(flow: Flow, text: string, style: ParagraphStyle = {}): void {
  const { size = 11.5, color = INK, indent = 0, after = 6, leading = 1.6 } = style;
  const lineHeight = size * leading;
  for (const line of wrapText(flow.font, text, size, COLUMN - indent)) {
    ensureRoom(flow, lineHeight);
    drawLine(flow, line, MARGIN.side + indent, flow.y, size, color);
    flow.y -= lineHeight;
  }
  flow.y -= after;
}

/** A section heading in the theme colour with a hairline under it; never alone at a page's foot. */
export function heading(flow: Flow, text: string, keepWith = 60): void {
  ensureRoom(flow, 36 + keepWith);
  flow.y -= 8;
  drawLine(flow, text, MARGIN.side, flow.y, 16, THEME);
  flow.y -= 24;
  flow.page.drawLine({
    start: { x: MARGIN.side, y: flow.y + 2 },
    end: { x: PAGE.width - MARGIN.side, y: flow.y + 2 },
    thickness: 0.6,
    color: LINE,
  });
  flow.y -= 12;
}
