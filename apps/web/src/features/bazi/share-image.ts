/**
 * The chart as an image, drawn on a <canvas> by hand (no html-to-image dependency): name and dates,
 * the four pillars, the five elements, the 大运 row and the 口径 line. Chat apps share images, not
 * links (readers ask to send a chart to family in a chat), and WeChat's browser cannot share files, so the
 * caller falls back to showing the PNG for a long-press save.
 */
import type { BzChart } from './api/get-bzdata';
import { WUXING, WUXING_FILL, WUXING_TEXT, type Wuxing, wuxingOf } from './elements';
import { qiyunText } from './LuckPanel';
import { PILLARS } from './PillarTable';
import { wuxingPercents } from './percents';

/** Width of the image in CSS px; drawn at 2× for sharp text on phones. */
const WIDTH = 375;
const SCALE = 2;
const SANS = "'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";
const SERIF = "'Noto Serif CJK SC', 'Source Han Serif SC', 'Songti SC', serif";

/** The theme colour in force (the `--xl-theme` variable), for the image's header band. */
function currentThemeColor(): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--xl-theme').trim();
  return value || '#672f0d';
}

/** What the wrapping needs of a 2D context. */
type Measurer = Pick<CanvasRenderingContext2D, 'measureText'>;

/**
 * Splits `text` into lines no wider than `width`, character by character (Chinese has no spaces) —
 * for one unbreakable item that is wider than a line on its own.
 */
function wrapChars(ctx: Measurer, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && ctx.measureText(line + ch).width > width) {
      lines.push(line);
      line = ch;
    } else line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Lays `items` (e.g. '交运 1999-05-09 04:00', '北京时间(夏令时已减1小时)') on lines no wider than
 * `width`, joined by `separator`, breaking only between items: a date, a time or a term is never cut
 * in two. Only an item wider than a whole line is broken, character by character.
 */
export function wrapItems(
  ctx: Measurer,
  items: readonly string[],
  width: number,
  separator = ' · ',
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const joined = line ? line + separator + item : item;
    if (ctx.measureText(joined).width <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    if (ctx.measureText(item).width <= width) line = item;
    else {
      const parts = wrapChars(ctx, item, width);
      line = parts.pop() ?? '';
      lines.push(...parts);
    }
  }
  if (line) lines.push(line);
  return lines;
}

function charColor(ch: string): string {
  const w = wuxingOf(ch);
  return w ? WUXING_TEXT[w] : '#1f1a17';
}

/** What the image states in numbers and words, besides the pillars — kept for tests and the overlay. */
export interface DrawnFacts {
  /** The 五行 percentages printed, whole numbers adding up to 100 (the page's own rounding). */
  percents: Record<Wuxing, number>;
  /** The 大运 caption lines as drawn (起运 age, 交运 date and time). */
  luckLines: string[];
}

/** The items of the 大运 caption: 起运 age, 交运 date and time with its direction. */
function luckItems(chart: BzChart): string[] {
  const q = chart.qiyun;
  return [qiyunText(q), `交运 ${q.date}`, `${q.forward ? '顺排' : '逆排'}至${q.jie.name}`];
}

const LUCK_LINE = 19;
const KOUJING_LINE = 20;

/**
 * Draws the chart image; returns null when the browser gives no 2D context (very old WebViews, or
 * jsdom in tests without a canvas stub).
 */
function drawChartImage(
  chart: BzChart,
  theme: string = currentThemeColor(),
): { canvas: HTMLCanvasElement; facts: DrawnFacts } | null {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  // Measure the wrapped texts first: resizing the canvas below resets the context.
  const smallFont = `13px ${SANS}`;
  ctx.font = smallFont;
  const luckLines = wrapItems(ctx, luckItems(chart), WIDTH - 48);
  const [firstConvention, ...conventions] = chart.koujing.split(' · ');
  const koujingLines = wrapItems(ctx, [`口径：${firstConvention}`, ...conventions], WIDTH - 40);
  const percents = wuxingPercents(chart);

  const luckTop = 432;
  const cellsTop = luckTop + 18 + luckLines.length * LUCK_LINE + 24;
  const luckBottom = cellsTop + 58;
  const koujingTop = luckBottom + 22;
  const height = koujingTop + koujingLines.length * KOUJING_LINE + 24;
  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  ctx.scale(SCALE, SCALE);
  ctx.textBaseline = 'middle';

  // Paper and header band.
  ctx.fillStyle = '#f7f3ee';
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.fillStyle = theme;
  ctx.fillRect(0, 0, WIDTH, 84);
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'left';
  ctx.font = `bold 22px ${SANS}`;
  ctx.fillText(`${chart.name} · ${chart.sex === '男' ? '乾造' : '坤造'}`, 20, 28);
  ctx.font = `14px ${SANS}`;
  ctx.fillText(`公历 ${chart.gongli.text.slice(0, 16)}  生肖${chart.animal}`, 20, 54);
  ctx.fillText(`农历 ${chart.nongli_zh.text}`, 20, 72);

  // Pillars card.
  ctx.fillStyle = '#fffdf9';
  ctx.fillRect(12, 96, WIDTH - 24, 200);
  const colW = (WIDTH - 24 - 52) / 4;
  const colX = (i: number) => 12 + 52 + colW * i + colW / 2;
  ctx.textAlign = 'center';
  ctx.font = `bold 15px ${SANS}`;
  ctx.fillStyle = theme;
  PILLARS.forEach(([, label], i) => {
    ctx.fillText(label, colX(i), 114);
  });
  ctx.font = smallFont;
  ctx.fillStyle = '#6b6259';
  for (const [label, y] of [
    ['十神', 140],
    ['天干', 178],
    ['地支', 222],
    ['纳音', 258],
    ['地势', 282],
  ] as const) {
    ctx.fillText(label, 12 + 26, y);
  }
  PILLARS.forEach(([key], i) => {
    const x = colX(i);
    ctx.font = `bold 14px ${SANS}`;
    ctx.fillStyle = '#5a4a3d';
    ctx.fillText(
      key === 'day' ? (chart.sex === '男' ? '元男' : '元女') : (chart.shishen[key]?.gan ?? '—'),
      x,
      140,
    );
    const pillar = chart.sizhu[key];
    ctx.font = `bold 34px ${SERIF}`;
    if (pillar === null) {
      // 时辰不详: the hour column says so where its stem and branch would stand.
      ctx.font = `bold 20px ${SERIF}`;
      ctx.fillStyle = '#8a7d70';
      ctx.fillText('不详', x, 200);
    } else {
      const [gan, zhi] = [...pillar];
      ctx.fillStyle = charColor(gan);
      ctx.fillText(gan, x, 178);
      ctx.fillStyle = charColor(zhi);
      ctx.fillText(zhi, x, 222);
    }
    ctx.font = smallFont;
    ctx.fillStyle = '#1f1a17';
    ctx.fillText(chart.nayin[key] ?? '—', x, 258);
    ctx.fillText(chart.dishi[key] ?? '—', x, 282);
  });

  // Five elements: a bar per phase, labelled with its character, count and whole percent.
  ctx.fillStyle = '#fffdf9';
  ctx.fillRect(12, 306, WIDTH - 24, 116);
  ctx.textAlign = 'left';
  ctx.font = `bold 15px ${SANS}`;
  ctx.fillStyle = theme;
  ctx.fillText('五行', 24, 324);
  WUXING.forEach((w, i) => {
    const y = 346 + i * 15;
    ctx.font = `bold 13px ${SANS}`;
    ctx.fillStyle = WUXING_TEXT[w];
    ctx.fillText(w, 24, y);
    ctx.fillStyle = '#efe8de';
    ctx.fillRect(44, y - 5, 220, 10);
    ctx.fillStyle = WUXING_FILL[w];
    ctx.fillRect(44, y - 5, 220 * chart.wxbili.bzwx[w], 10);
    ctx.fillStyle = '#1f1a17';
    ctx.font = smallFont;
    ctx.fillText(`${chart.wxtongji.bzwx[w]}个 ${percents[w]}%`, 274, y);
  });

  // 大运: the title, the 起运 / 交运 caption wrapped between its items, then the ten cycles.
  ctx.fillStyle = '#fffdf9';
  ctx.fillRect(12, luckTop, WIDTH - 24, luckBottom - luckTop);
  ctx.font = `bold 15px ${SANS}`;
  ctx.fillStyle = theme;
  ctx.fillText('大运', 24, luckTop + 18);
  ctx.font = smallFont;
  ctx.fillStyle = '#6b6259';
  luckLines.forEach((line, i) => {
    ctx.fillText(line, 24, luckTop + 18 + (i + 1) * LUCK_LINE);
  });
  const cellW = (WIDTH - 24 - 8) / Math.max(chart.dayun.length, 1);
  ctx.textAlign = 'center';
  chart.dayun.forEach((d, i) => {
    const x = 16 + cellW * i + cellW / 2;
    // 12 px: ten four-digit years in 343 px keep a gap between them.
    ctx.font = `12px ${SANS}`;
    ctx.fillStyle = '#6b6259';
    ctx.fillText(String(d.start), x, cellsTop);
    const [g, z] = [...d.ganzhi];
    ctx.font = `bold 17px ${SERIF}`;
    ctx.fillStyle = charColor(g);
    ctx.fillText(g, x, cellsTop + 22);
    ctx.fillStyle = charColor(z);
    ctx.fillText(z, x, cellsTop + 43);
  });

  // 口径 and footer.
  ctx.textAlign = 'left';
  ctx.font = smallFont;
  ctx.fillStyle = '#6b6259';
  koujingLines.forEach((line, i) => {
    ctx.fillText(line, 20, koujingTop + i * KOUJING_LINE);
  });
  ctx.textAlign = 'right';
  ctx.font = smallFont;
  ctx.fillStyle = '#9a9087';
  ctx.fillText('中华玄历 · 八字排盘', WIDTH - 16, height - 12);
  return { canvas, facts: { percents, luckLines } };
}

/** The canvas as a PNG blob (null when the browser cannot encode it). */
function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob((blob) => resolve(blob), 'image/png');
    } catch {
      resolve(null);
    }
  });
}

/** What happened to a share: the system sheet took it, the reader cancelled, or we show the image. */
export type ShareOutcome =
  | { kind: 'shared' }
  | { kind: 'cancelled' }
  | { kind: 'overlay'; url: string; facts: DrawnFacts };

/**
 * Shares the chart image with the system share sheet (`navigator.share({files})`) when the browser
 * can share files; otherwise — WeChat, desktop browsers — returns an object URL of the PNG for the
 * full-screen "长按图片保存" overlay. Throws when the image cannot be drawn at all.
 */
export async function shareChartImage(chart: BzChart, nav: Navigator = navigator): Promise<ShareOutcome> {
  const drawn = drawChartImage(chart);
  if (!drawn) throw new Error('此浏览器无法生成图片');
  const { canvas, facts } = drawn;
  const blob = await canvasToBlob(canvas);
  const fileName = `八字-${chart.name}.png`;
  if (blob && typeof File !== 'undefined' && typeof nav.share === 'function') {
    const file = new File([blob], fileName, { type: 'image/png' });
    const data: ShareData = { files: [file], title: `${chart.name}的八字` };
    if (typeof nav.canShare !== 'function' || nav.canShare(data)) {
      try {
        await nav.share(data);
        return { kind: 'shared' };
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled' };
        // NotAllowedError and friends: fall through to the overlay.
      }
    }
  }
  const url = blob ? URL.createObjectURL(blob) : canvas.toDataURL('image/png');
  return { kind: 'overlay', url, facts };
}
