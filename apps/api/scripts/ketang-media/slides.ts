/**
 * The lesson videos' slides as SVG, 960×540 (16:9, the app's picture ratio, PRODUCT.md#constants), drawn
 * large enough to read on a phone held upright (a 375 px wide screen shows the frame at about 0.4×, so the
 * caption's 32 px read as 13 px): an opening card, one slide per key point (the points so far listed, the
 * current one in red) and a closing summary, each with the line being said as a caption along the bottom.
 */
import type { LessonScript } from './lessons.ts';
import { PALETTE, paragraph, SERIF, svgDocument, text, textWidth, wrapText } from './svg.ts';

/** Slide size in pixels (the video's frame size). */
export const SLIDE_WIDTH = 960;
export const SLIDE_HEIGHT = 540;

const W = SLIDE_WIDTH;
const H = SLIDE_HEIGHT;

/** The caption: font size, line height and the box it sits in along the bottom. */
const CAPTION = { size: 32, lineHeight: 42, top: 420, maxWidth: W - 80 } as const;

/** Where the points' list may run: below the title, above the caption box. */
const POINTS = { top: 190, bottom: 400, size: 30, lineHeight: 40, left: 92 } as const;

/** A slide's text does not fit where it is drawn (the generator refuses such a lesson). */
export class SlideOverflow extends Error {}

/** Paper, faint watermark character, header band with the classroom's name, course and lesson number. */
function frame(lesson: LessonScript, body: string): string {
  const seal =
    `<rect x="${W - 68}" y="11" width="42" height="42" rx="4" fill="${PALETTE.red}"/>` +
    text(W - 47, 43, '课', { size: 27, fill: '#fff', family: SERIF, weight: 'bold', anchor: 'middle' });
  return svgDocument(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${PALETTE.paper}"/>` +
      text(W - 50, H - 130, lesson.mark, {
        size: 300,
        family: SERIF,
        weight: 'bold',
        fill: PALETTE.brown,
        opacity: 0.04,
        anchor: 'end',
      }) +
      `<rect width="${W}" height="64" fill="${PALETTE.brown}"/>` +
      text(28, 42, '玄历课堂', { size: 26, fill: PALETTE.paper, family: SERIF, weight: 'bold', spacing: 3 }) +
      `<rect x="160" y="20" width="2" height="24" fill="${PALETTE.paper}" opacity="0.5"/>` +
      text(178, 41, `${lesson.courseTitle} · 第 ${lesson.no} 讲`, {
        size: 21,
        fill: PALETTE.paper,
        opacity: 0.9,
      }) +
      seal +
      body,
  );
}

/** The line being said, in a tinted box along the bottom (at most two lines). */
function caption(line: string): string {
  const lines = wrapText(line, CAPTION.size, CAPTION.maxWidth);
  if (lines.length > 2) throw new SlideOverflow(`caption takes ${lines.length} lines: ${line}`);
  const top = CAPTION.top;
  const first = lines.length === 1 ? top + 70 : top + 48;
  return (
    `<rect x="20" y="${top}" width="${W - 40}" height="${H - top - 14}" rx="10" fill="${PALETTE.tint}"/>` +
    lines
      .map((l, i) =>
        text(W / 2, first + i * CAPTION.lineHeight, l, {
          size: CAPTION.size,
          fill: PALETTE.ink,
          anchor: 'middle',
        }),
      )
      .join('')
  );
}

/** A short red rule with a diamond in the middle, the slides' ornament. */
function ornament(cx: number, y: number, half: number): string {
  return (
    `<rect x="${cx - half}" y="${y}" width="${half - 14}" height="2" fill="${PALETTE.brown}" opacity="0.5"/>` +
    `<rect x="${cx + 14}" y="${y}" width="${half - 14}" height="2" fill="${PALETTE.brown}" opacity="0.5"/>` +
    `<rect x="${cx - 6}" y="${y - 5}" width="12" height="12" fill="${PALETTE.red}" transform="rotate(45 ${cx} ${y + 1})"/>`
  );
}

/** Largest font size (down to `min`) at which `content` fits in `maxWidth` on one line. */
function fitSize(content: string, size: number, min: number, maxWidth: number): number {
  let s = size;
  while (s > min && textWidth(content, s) > maxWidth) s -= 1;
  if (textWidth(content, s) > maxWidth) throw new SlideOverflow(`does not fit on one line: ${content}`);
  return s;
}

/** The opening card: lesson number, title, ornament, and the line being said. */
export function titleSlide(lesson: LessonScript, line: string): string {
  return frame(
    lesson,
    text(W / 2, 170, `第 ${lesson.no} 讲`, {
      size: 28,
      fill: PALETTE.red,
      anchor: 'middle',
      spacing: 8,
    }) +
      text(W / 2, 262, lesson.title, {
        size: fitSize(lesson.title, 58, 34, W - 100),
        family: SERIF,
        weight: 'bold',
        fill: PALETTE.brown,
        anchor: 'middle',
        spacing: 2,
      }) +
      ornament(W / 2, 310, 170) +
      text(W / 2, 372, `主讲：${lesson.teacher}`, {
        size: 24,
        fill: PALETTE.muted,
        anchor: 'middle',
        spacing: 2,
      }) +
      caption(line),
  );
}

/** A numbered marker: a filled circle with the point's number. */
function marker(cx: number, cy: number, n: number, fill: string): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="17" fill="${fill}"/>` +
    text(cx, cy + 8, String(n), { size: 22, fill: '#fff', weight: 'bold', anchor: 'middle' })
  );
}

/**
 * The slide of key point `index`: the lesson's title, points 0…index (earlier ones in brown, this one
 * in red and bold) and the line being said. The points are laid out for all of them, so the list does
 * not move as it grows.
 */
export function pointSlide(lesson: LessonScript, index: number, line: string): string {
  const { size, lineHeight, left } = POINTS;
  const maxWidth = W - left - 40;
  const heights = lesson.points.map((p) => wrapText(p.text, size, maxWidth).length);
  const totalLines = heights.reduce((a, b) => a + b, 0);
  const room = POINTS.bottom - POINTS.top;
  const gap = Math.min(22, (room - totalLines * lineHeight) / Math.max(1, lesson.points.length - 1));
  if (gap < 2) throw new SlideOverflow(`${lesson.title}: the points take ${totalLines} lines`);
  let y = POINTS.top;
  let body = '';
  lesson.points.slice(0, index + 1).forEach((point, i) => {
    const current = i === index;
    const p = paragraph(left, y + 10, point.text, {
      size,
      maxWidth,
      lineHeight,
      fill: current ? PALETTE.red : PALETTE.ink,
      weight: current ? 'bold' : undefined,
    });
    body += marker(52, y, i + 1, current ? PALETTE.red : PALETTE.brown) + p.svg;
    y += p.lines * lineHeight + gap;
  });
  return frame(
    lesson,
    text(36, 120, lesson.title, {
      size: fitSize(lesson.title, 36, 26, W - 72),
      family: SERIF,
      weight: 'bold',
      fill: PALETTE.brown,
    }) +
      `<rect x="36" y="138" width="60" height="4" fill="${PALETTE.red}"/>` +
      body +
      caption(line),
  );
}

/**
 * The heading of point `i` in the summary: the whole point when it fits the cell at a readable size,
 * else its own short form, else the part before '：'.
 */
function summaryHeading(lesson: LessonScript, i: number, room: number): string {
  const point = lesson.points[i]!;
  if (textWidth(point.text, 22) <= room) return point.text;
  return point.short ?? point.text.split('：')[0]!;
}

/** The closing card: 本讲小结 with the points' headings in two columns, and the line being said. */
export function outroSlide(lesson: LessonScript, line: string): string {
  const cellWidth = (W - 96) / 2;
  const rows = Math.ceil(lesson.points.length / 2);
  const cellHeight = rows > 2 ? 60 : 72;
  let cells = '';
  lesson.points.forEach((_, i) => {
    const x = 36 + (i % 2) * (cellWidth + 24);
    const y = 150 + Math.floor(i / 2) * (cellHeight + 12);
    const heading = summaryHeading(lesson, i, cellWidth - 80);
    const fontSize = fitSize(heading, 26, 18, cellWidth - 80);
    cells +=
      `<rect x="${x}" y="${y}" width="${cellWidth}" height="${cellHeight}" rx="8" fill="${PALETTE.tint}"/>` +
      marker(x + 34, y + cellHeight / 2, i + 1, PALETTE.red) +
      text(x + 64, y + cellHeight / 2 + fontSize * 0.36, heading, {
        size: fontSize,
        fill: PALETTE.brown,
        weight: 'bold',
      });
  });
  if (150 + rows * (cellHeight + 12) > CAPTION.top)
    throw new SlideOverflow(`${lesson.title}: summary too long`);
  return frame(
    lesson,
    text(W / 2, 122, '本讲小结', {
      size: 38,
      family: SERIF,
      weight: 'bold',
      fill: PALETTE.brown,
      anchor: 'middle',
    }) +
      cells +
      caption(line),
  );
}
