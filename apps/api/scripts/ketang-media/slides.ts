/**
 * The lesson videos' slides as SVG, 640×360 (16:9, SPEC §9 image aspect): an opening card, one slide
 * per key point (the points appear one by one, the newest in red) and a closing card, all on the
 * app's paper tone under its deep-brown header. The bottom 4 px stay free for the video's progress bar.
 */
import { type LessonScript, TOPIC_NAMES } from './lessons.ts';
import { PALETTE, paragraph, SERIF, svgDocument, text, textWidth, wrapText } from './svg.ts';

/** Slide size in pixels (the video's frame size). */
export const SLIDE_WIDTH = 640;
export const SLIDE_HEIGHT = 360;

const W = SLIDE_WIDTH;
const H = SLIDE_HEIGHT;

/** Paper, faint watermark character, header band with the classroom's name and the topic, bottom track. */
function frame(lesson: LessonScript, body: string): string {
  const seal =
    `<rect x="${W - 46}" y="7" width="28" height="28" rx="3" fill="${PALETTE.red}"/>` +
    text(W - 32, 28, '课', { size: 18, fill: '#fff', family: SERIF, weight: 'bold', anchor: 'middle' });
  return svgDocument(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${PALETTE.paper}"/>` +
      text(W - 40, H - 40, lesson.mark, {
        size: 200,
        family: SERIF,
        weight: 'bold',
        fill: PALETTE.brown,
        opacity: 0.04,
        anchor: 'end',
      }) +
      `<rect width="${W}" height="42" fill="${PALETTE.brown}"/>` +
      text(20, 28, '玄历课堂', { size: 17, fill: PALETTE.paper, family: SERIF, weight: 'bold', spacing: 2 }) +
      `<rect x="104" y="14" width="1" height="16" fill="${PALETTE.paper}" opacity="0.5"/>` +
      text(116, 27, `${TOPIC_NAMES[lesson.topic]} · ${lesson.title}`, {
        size: 14,
        fill: PALETTE.paper,
        opacity: 0.85,
      }) +
      seal +
      body +
      `<rect y="${H - 4}" width="${W}" height="4" fill="${PALETTE.rule}"/>`,
  );
}

/** A short red rule with a diamond in the middle, the slides' ornament. */
function ornament(cx: number, y: number, half: number): string {
  return (
    `<rect x="${cx - half}" y="${y}" width="${half - 10}" height="1.5" fill="${PALETTE.brown}" opacity="0.5"/>` +
    `<rect x="${cx + 10}" y="${y}" width="${half - 10}" height="1.5" fill="${PALETTE.brown}" opacity="0.5"/>` +
    `<rect x="${cx - 4}" y="${y - 3.25}" width="8" height="8" fill="${PALETTE.red}" transform="rotate(45 ${cx} ${y + 0.75})"/>`
  );
}

/** Largest font size (down to `min`) at which `content` fits in `maxWidth` on one line. */
function fitSize(content: string, size: number, min: number, maxWidth: number): number {
  let s = size;
  while (s > min && textWidth(content, s) > maxWidth) s -= 1;
  return s;
}

/** The opening card: topic, title, ornament and the lesson's opening line. */
export function titleSlide(lesson: LessonScript): string {
  const titleSize = fitSize(lesson.title, 42, 28, W - 80);
  const intro = paragraph(W / 2, 256, lesson.intro, {
    size: 17,
    fill: PALETTE.muted,
    anchor: 'middle',
    maxWidth: W - 120,
    lineHeight: 26,
  });
  return frame(
    lesson,
    text(W / 2, 118, `${TOPIC_NAMES[lesson.topic]}入门`, {
      size: 16,
      fill: PALETTE.red,
      anchor: 'middle',
      spacing: 6,
    }) +
      text(W / 2, 182, lesson.title, {
        size: titleSize,
        family: SERIF,
        weight: 'bold',
        fill: PALETTE.brown,
        anchor: 'middle',
        spacing: 2,
      }) +
      ornament(W / 2, 210, 120) +
      intro.svg +
      text(W / 2, H - 20, '玄历课堂 出品', { size: 12, fill: PALETTE.muted, anchor: 'middle', spacing: 2 }),
  );
}

/** A numbered marker: a filled circle with the point's number. */
function marker(cx: number, cy: number, n: number, fill: string): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="11" fill="${fill}"/>` +
    text(cx, cy + 5, String(n), { size: 14, fill: '#fff', weight: 'bold', anchor: 'middle' })
  );
}

/**
 * The slide of key point `index`: the title, points 0…index (earlier ones in brown, this one in red
 * and bold) and, at the bottom, what the teacher says about this point.
 */
export function pointSlide(lesson: LessonScript, index: number): string {
  const points = lesson.points.slice(0, index + 1);
  const size = 19;
  const lineHeight = 26;
  const left = 62;
  const maxWidth = W - left - 28;
  // Spread the points evenly between the title and the caption; long points take two lines.
  const heights = lesson.points.map((p) => paragraph(0, 0, p.text, { size, maxWidth, lineHeight }).lines);
  const totalLines = heights.reduce((a, b) => a + b, 0);
  const gap = Math.min(20, (290 - 118 - totalLines * lineHeight) / Math.max(1, lesson.points.length - 1));
  let y = 124;
  let body = '';
  points.forEach((point, i) => {
    const current = i === index;
    const p = paragraph(left, y + 6, point.text, {
      size,
      maxWidth,
      lineHeight,
      fill: current ? PALETTE.brown : PALETTE.ink,
      weight: current ? 'bold' : undefined,
    });
    body += marker(36, y, i + 1, current ? PALETTE.red : PALETTE.brown) + p.svg;
    y += p.lines * lineHeight + gap;
  });
  const say = lesson.points[index].say;
  const sayLines = wrapText(say, 15, W - 56).length;
  const sayTop = sayLines > 1 ? 296 : 302;
  const caption =
    `<rect x="16" y="${sayTop}" width="${W - 32}" height="${H - 10 - sayTop}" rx="6" fill="${PALETTE.tint}"/>` +
    paragraph(W / 2, sayLines > 1 ? 316 : 327, say, {
      size: 15,
      fill: PALETTE.ink,
      anchor: 'middle',
      maxWidth: W - 56,
      lineHeight: 22,
    }).svg;
  return frame(
    lesson,
    text(24, 80, lesson.title, { size: 24, family: SERIF, weight: 'bold', fill: PALETTE.brown }) +
      `<rect x="24" y="90" width="40" height="3" fill="${PALETTE.red}"/>` +
      body +
      caption,
  );
}

/** The closing card: 本讲小结 with the points' headings in a two-by-two grid and the closing line. */
export function outroSlide(lesson: LessonScript): string {
  const cellWidth = (W - 72) / 2;
  let cells = '';
  lesson.points.forEach((point, i) => {
    const x = 28 + (i % 2) * (cellWidth + 16);
    const y = 104 + Math.floor(i / 2) * 62;
    // The whole point when it fits at a readable size, else its own short form or the part before '：'.
    const room = cellWidth - 52;
    const heading =
      point.short ?? (textWidth(point.text, 14) <= room ? point.text : point.text.split('：')[0]);
    const size = fitSize(heading, 17, 12, room);
    cells +=
      `<rect x="${x}" y="${y}" width="${cellWidth}" height="50" rx="6" fill="${PALETTE.tint}"/>` +
      marker(x + 22, y + 25, i + 1, PALETTE.red) +
      text(x + 42, y + 31, heading, { size, fill: PALETTE.brown, weight: 'bold' });
  });
  const outro = paragraph(W / 2, 262, lesson.outro, {
    size: 17,
    fill: PALETTE.ink,
    anchor: 'middle',
    maxWidth: W - 100,
    lineHeight: 26,
  });
  return frame(
    lesson,
    text(W / 2, 86, '本讲小结', {
      size: 26,
      family: SERIF,
      weight: 'bold',
      fill: PALETTE.brown,
      anchor: 'middle',
    }) +
      cells +
      ornament(W / 2, 238, 90) +
      outro.svg +
      text(W / 2, H - 20, '玄历课堂 · 下一讲见', {
        size: 12,
        fill: PALETTE.muted,
        anchor: 'middle',
        spacing: 2,
      }),
  );
}
