/**
 * SVG text helpers for the classroom's slides and courseware pages. librsvg (inside sharp) draws the
 * text with the system's Noto CJK fonts but does not wrap lines, so lines are measured and broken
 * here: a CJK character or full-width mark is one em wide, Latin letters and digits about half.
 */

/**
 * The app's palette (the default theme colour #672f0d and the tab bar's red #aa0000, PRODUCT.md#screens) and
 * the paper tone.
 */
export const PALETTE = {
  brown: '#672f0d',
  red: '#aa0000',
  paper: '#f7f1e6',
  ink: '#3b2a1d',
  muted: '#7a6552',
  rule: '#e2d6c2',
  tint: '#efe4d2',
} as const;

/** Font stacks: serif for titles (a book-like feel), sans for body text; both from fonts-noto-cjk. */
export const SERIF = "'Noto Serif CJK SC', 'Noto Sans CJK SC', serif";
export const SANS = "'Noto Sans CJK SC', sans-serif";

/** Escapes text for an SVG text node or attribute. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Width in px of one character at `size`: one em for CJK and full-width forms, about half otherwise. */
function charWidth(ch: string, size: number): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x2e80) return ch === ' ' ? size * 0.3 : size * 0.56;
  return size;
}

/** Estimated drawn width of a line of text at font size `size`. */
export function textWidth(text: string, size: number): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch, size);
  return width;
}

/** Characters that must not start a line (Chinese line-breaking rule 避头). */
const NO_LINE_START = '，。、；：？！）」』”’》〉%·…—';

/**
 * Breaks `text` into lines no wider than `maxWidth` at `size`, keeping closing punctuation with the
 * character before it and never splitting a run of Latin letters or digits. A list of words joined
 * by 、 (`phrases`) breaks only after a 、, so no word is cut in two.
 */
export function wrapText(text: string, size: number, maxWidth: number, phrases = false): string[] {
  const pattern = phrases ? /[^、]+、?/gu : /[A-Za-z0-9.:%\-+]+|./gu;
  const tokens = text.match(pattern) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (line && textWidth(next, size) > maxWidth && !NO_LINE_START.includes(token)) {
      lines.push(line);
      line = token;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Options of one text element. */
export interface TextStyle {
  size: number;
  fill?: string;
  family?: string;
  weight?: number | 'bold';
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
  spacing?: number;
  /** Wrap only after 、 (a list of words), see {@link wrapText}. */
  phrases?: boolean;
}

/** One `<text>` element at (x, y) — y is the baseline. */
export function text(x: number, y: number, content: string, style: TextStyle): string {
  const attrs = [
    `x="${x}"`,
    `y="${y}"`,
    `font-family="${style.family ?? SANS}"`,
    `font-size="${style.size}"`,
    `fill="${style.fill ?? PALETTE.ink}"`,
  ];
  if (style.weight) attrs.push(`font-weight="${style.weight}"`);
  if (style.anchor) attrs.push(`text-anchor="${style.anchor}"`);
  if (style.opacity !== undefined) attrs.push(`opacity="${style.opacity}"`);
  if (style.spacing) attrs.push(`letter-spacing="${style.spacing}"`);
  return `<text ${attrs.join(' ')}>${esc(content)}</text>`;
}

/** Wrapped text: lines from {@link wrapText} drawn `lineHeight` apart from the first baseline `y`. */
export function paragraph(
  x: number,
  y: number,
  content: string,
  style: TextStyle & { maxWidth: number; lineHeight: number },
): { svg: string; lines: number } {
  const lines = wrapText(content, style.size, style.maxWidth);
  return {
    svg: lines.map((line, i) => text(x, y + i * style.lineHeight, line, style)).join(''),
    lines: lines.length,
  };
}

/** Wraps SVG body elements in a root element of the given pixel size. */
export function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" xml:lang="zh-CN">${body}</svg>`
  );
}
